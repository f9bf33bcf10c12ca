/// Text bound for a terminal with the control characters it came with made visible: a feature file's name,
/// step or doc string cannot set the terminal's title, clear the screen, move the cursor or hide a line. ESC,
/// BEL, backspace, a lone carriage return, DEL and every other C0 or C1 control (tab and newline aside, and CR
/// before LF) are written as Swift escapes (`\u{1B}`). With `keepColors`, the colour sequences specrun writes
/// itself (`ESC [ digits ; … m`, SGR) pass through; nothing else starting with ESC does.
public enum ConsoleEscaping {
    public static func escape(_ text: String, keepColors: Bool) -> String {
        var text = text
        let escaped: [UInt8]? = text.withUTF8 { needsEscaping($0) ? escape($0, keepColors: keepColors) : nil }
        return escaped.map { String(decoding: $0, as: UTF8.self) } ?? text  // (most texts: as they are, no copy)
    }

    public static func escape(_ bytes: UnsafeBufferPointer<UInt8>, keepColors: Bool) -> [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity(bytes.count + 16)
        var i = 0
        while i < bytes.count {
            let byte = bytes[i]
            if byte == 0x1B, keepColors, let end = colorSequenceEnd(bytes, from: i) {
                out.append(contentsOf: bytes[i..<end])
                i = end
                continue
            }
            if byte == 0x0D, i + 1 < bytes.count, bytes[i + 1] == 0x0A {
                out.append(0x0D)
                i += 1
                continue
            }
            if isControl(byte) {
                appendEscape(UInt32(byte), to: &out)
                i += 1
                continue
            }
            // C1 controls: U+0080…U+009F, encoded C2 80…C2 9F.
            if byte == 0xC2, i + 1 < bytes.count, (0x80...0x9F).contains(bytes[i + 1]) {
                appendEscape(UInt32(bytes[i + 1]), to: &out)
                i += 2
                continue
            }
            out.append(byte)
            i += 1
        }
        return out
    }

    /// Whether any byte would change: the fast path of every console write (every byte of a text report passes
    /// here). Eight bytes at a time: a word with no byte below 0x20, no DEL and no 0xC2 (the lead byte of a C1
    /// control) needs nothing; a word with one of them (most often a newline or a tab) is looked at byte by byte.
    /// It was 6.5% of the supervisor's instructions on c10k byte by byte (callgrind; docs/PERFORMANCE.md).
    public static func needsEscaping(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        guard let base = bytes.baseAddress else { return false }
        let raw = UnsafeRawPointer(base)
        var position = 0
        while position + 8 <= bytes.count {
            let word = raw.loadUnaligned(fromByteOffset: position, as: UInt64.self)
            if mayNeedEscaping(word), needsEscaping(bytes, from: position, to: position + 8) { return true }
            position += 8
        }
        return needsEscaping(bytes, from: position, to: bytes.count)
    }

    /// Whether a byte in `start..<end` would change (a C1 control's second byte may lie past `end`).
    private static func needsEscaping(_ bytes: UnsafeBufferPointer<UInt8>, from start: Int, to end: Int) -> Bool {
        var position = start
        while position < end {
            let byte = bytes[position]
            if isControl(byte) || byte == 0x0D || byte == 0x1B { return true }
            if byte == 0xC2, position + 1 < bytes.count, (0x80...0x9F).contains(bytes[position + 1]) { return true }
            position += 1
        }
        return false
    }

    /// Whether one of the eight bytes is below 0x20, 0x7F or 0xC2 (exact: no byte is missed; the classic
    /// "has a byte less than n" and "has a zero byte" word tests, which hold for any byte order).
    static func mayNeedEscaping(_ word: UInt64) -> Bool {
        let ones: UInt64 = 0x0101_0101_0101_0101, highs: UInt64 = 0x8080_8080_8080_8080
        func hasZeroByte(_ value: UInt64) -> Bool { (value &- ones) & ~value & highs != 0 }
        let below0x20 = (word &- ones &* 0x20) & ~word & highs != 0
        return below0x20 || hasZeroByte(word ^ (ones &* 0x7F)) || hasZeroByte(word ^ (ones &* 0xC2))
    }

    private static func isControl(_ byte: UInt8) -> Bool {
        (byte < 0x20 && byte != 0x09 && byte != 0x0A) || byte == 0x7F
    }

    /// The end of `ESC [ [0-9;]* m` starting at `start`, if that is what is there.
    private static func colorSequenceEnd(_ bytes: UnsafeBufferPointer<UInt8>, from start: Int) -> Int? {
        var i = start + 1
        guard i < bytes.count, bytes[i] == UInt8(ascii: "[") else { return nil }
        i += 1
        while i < bytes.count, i - start < 32 {
            let byte = bytes[i]
            if byte == UInt8(ascii: "m") { return i + 1 }
            guard (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) || byte == UInt8(ascii: ";") else { return nil }
            i += 1
        }
        return nil
    }

    private static func appendEscape(_ scalar: UInt32, to out: inout [UInt8]) {
        let hex = String(scalar, radix: 16, uppercase: true)
        out.append(contentsOf: "\\u{\(hex.count < 2 ? "0" + hex : hex)}".utf8)
    }
}
