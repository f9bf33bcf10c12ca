/// The ids as the standard library's own small strings, made from their bytes: `String(unsafeUninitializedCapacity:)`
/// goes through an unspecialized entry point with a closure and then checks the bytes it was given, which was half
/// of the cost of an id.
///
/// A `String` of at most 15 UTF-8 bytes holds them in its two words, the 16th byte saying "small, ASCII, this many
/// bytes". That layout is checked once, against strings the standard library made itself: where it differs (another
/// platform, another version), ids are made the checked way.
enum SmallIdString {
    /// The 16th byte of a 15-byte ASCII string, or nil when strings are not laid out as expected.
    static let tag: UInt64? = {
        guard MemoryLayout<String>.size == 16, RandomIdGenerator.length == 15 else { return nil }
        let samples = ["0123456789abcde", "ZYXWVUTSRQPONML", "zzzzzzzzzzzzzzz"]
        let made = samples.map { sample in
            String(unsafeUninitializedCapacity: 15) { buffer in
                _ = buffer.initialize(from: sample.utf8)
                return 15
            }
        }
        let tag = unsafeBitCast(made[0], to: (UInt64, UInt64).self).1 >> 56
        for (sample, string) in zip(samples, made) {
            var bytes: (UInt64, UInt64) = (0, tag << 56)
            withUnsafeMutableBytes(of: &bytes) { raw in
                for (index, byte) in sample.utf8.enumerated() { raw[index] = byte }
            }
            let expected = unsafeBitCast(string, to: (UInt64, UInt64).self)
            guard bytes == expected, unsafeBitCast(bytes, to: String.self) == sample else { return nil }
        }
        return tag
    }()

    /// The string whose 15 ASCII bytes `write` puts at the pointer it is given; `tag` is `SmallIdString.tag`.
    @inline(__always)
    static func make(tag: UInt64, _ write: (UnsafeMutablePointer<UInt8>) -> Void) -> String {
        var words: (UInt64, UInt64) = (0, tag << 56)
        withUnsafeMutableBytes(of: &words) { raw in
            write(raw.baseAddress!.assumingMemoryBound(to: UInt8.self))
        }
        return unsafeBitCast(words, to: String.self)
    }
}
