import SpecRunReportCore

/// Text bound for a terminal with the control characters it came with made visible: a feature file's name,
/// step or doc string cannot set the terminal's title, clear the screen, move the cursor or hide a line. ESC,
/// BEL, backspace, a lone carriage return, DEL and every other C0 or C1 control (tab and newline aside, and CR
/// before LF) are written as Swift escapes (`\u{1B}`). With `keepColors`, the colour sequences specrun writes
/// itself (`ESC [ digits ; … m`, SGR) pass through; nothing else starting with ESC does.
package enum ConsoleEscaping {
    package static func escape(_ text: String, keepColors: Bool) -> String {
        var text = text
        let escaped: [UInt8]? = text.withUTF8 { needsEscaping($0) ? escape($0, keepColors: keepColors) : nil }
        return escaped.map { String(decoding: $0, as: UTF8.self) } ?? text  // (most texts: as they are, no copy)
    }

    package static func escape(_ bytes: UnsafeBufferPointer<UInt8>, keepColors: Bool) -> [UInt8] {
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
    /// here). Sixteen bytes at a time, as two words tested exactly (`mayNeedEscaping`): a tab or a newline — in
    /// nearly every block of text — needs no second look; only a block with a byte that may change (a control, DEL,
    /// 0xC2, the lead byte of a C1 control) is read again byte by byte. Measured with callgrind on the c10k
    /// console output: 26 M instructions against 41 M for one word at a time with tab and newline flagged.
    package static func needsEscaping(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        guard let base = bytes.baseAddress else { return false }
        let raw = UnsafeRawPointer(base)
        let count = bytes.count
        var position = 0
        while position &+ 16 <= count {
            let first = raw.loadUnaligned(fromByteOffset: position, as: UInt64.self)
            let second = raw.loadUnaligned(fromByteOffset: position &+ 8, as: UInt64.self)
            if flags(first) | flags(second) != 0, needsEscaping(bytes, from: position, to: position &+ 16) { return true }
            position &+= 16
        }
        return needsEscaping(bytes, from: position, to: count)
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

    /// Whether one of the eight bytes is a control other than tab and newline (below 0x20), DEL (0x7F) or 0xC2.
    static func mayNeedEscaping(_ word: UInt64) -> Bool { flags(word) != 0 }

    /// The high bit of each byte of `word` that `mayNeedEscaping` names, exactly (no carry crosses a byte:
    /// `nonzero` adds 0x7F to seven bits at most).
    @inline(__always)
    private static func flags(_ word: UInt64) -> UInt64 {
        let ones: UInt64 = 0x0101_0101_0101_0101, low: UInt64 = 0x7F7F_7F7F_7F7F_7F7F
        /// The high bit of each byte that is not zero.
        @inline(__always) func nonzero(_ value: UInt64) -> UInt64 { ((value & low) &+ low) | value }
        let control = ~nonzero(word & (ones &* 0xE0)) & nonzero(word ^ (ones &* 0x09)) & nonzero(word ^ (ones &* 0x0A))
        return (control | ~(nonzero(word ^ (ones &* 0x7F)) & nonzero(word ^ (ones &* 0xC2)))) & ~low
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
