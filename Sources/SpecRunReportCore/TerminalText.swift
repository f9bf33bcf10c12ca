import Messages

/// What the console and the run's index both say of a text: its width on a terminal, a hook's label.
package enum TerminalText {
    /// The columns a terminal gives a text: its bytes when it is ASCII (most step texts), without the cost of
    /// grapheme breaking; otherwise per character, two for a wide one (an emoji, CJK, a fullwidth form), none for
    /// one of zero width (a lone combining mark, a zero-width space or joiner), one for the others (a letter
    /// with its combining accents is one character).
    package static func width(_ text: String) -> Int {
        asciiCount(text) ?? text.reduce(0) { $0 + columns(of: $1) }
    }

    /// The characters of a text, whatever their width on a terminal (what the JUnit report pads with dots).
    package static func characters(_ text: String) -> Int {
        asciiCount(text) ?? text.count
    }

    /// The bytes of an ASCII text, nil for another one. (Inlined: the console asks the width of every step line,
    /// and a call of its own cost 8 M instructions at c10k, callgrind.)
    @inline(__always)
    private static func asciiCount(_ text: String) -> Int? {
        // Over the string's own storage when it has one (not a byte at a time through the view).
        let contiguous = text.utf8.withContiguousStorageIfAvailable { bytes -> Int? in
            isASCII(bytes) ? bytes.count : nil
        }
        if let contiguous { return contiguous }
        var bytes = 0
        for byte in text.utf8 {
            if byte >= 0x80 { return nil }
            bytes += 1
        }
        return bytes
    }

    /// Whether every byte is below 0x80: eight at a time, then the rest one by one (a step line's width is asked for
    /// every step printed; byte by byte it was 3 % of the reports' thread of a c10k dry run, callgrind).
    @inline(__always)
    static func isASCII(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        guard let base = bytes.baseAddress else { return true }
        let raw = UnsafeRawPointer(base)
        let count = bytes.count
        var index = 0
        while index + 8 <= count {
            if raw.loadUnaligned(fromByteOffset: index, as: UInt64.self) & 0x8080_8080_8080_8080 != 0 { return false }
            index += 8
        }
        while index < count {
            if bytes[index] >= 0x80 { return false }
            index += 1
        }
        return true
    }

    /// The columns of one character: by its first scalar, two when an emoji shows as one (its default
    /// presentation, or text made emoji by U+FE0F).
    static func columns(of character: Character) -> Int {
        let scalars = character.unicodeScalars
        guard let first = scalars.first else { return 0 }
        let properties = first.properties
        switch properties.generalCategory {
        case .nonspacingMark, .enclosingMark, .format: return 0
        default: break
        }
        if properties.isEmojiPresentation || isWide(first.value) { return 2 }
        if properties.isEmoji, scalars.contains("\u{FE0F}") { return 2 }
        return 1
    }

    /// East Asian Wide and Fullwidth scalars (Unicode's EastAsianWidth W and F, as wcwidth reads them).
    private static func isWide(_ value: UInt32) -> Bool {
        switch value {
        case 0x1100...0x115F, 0x231A...0x231B, 0x2329...0x232A, 0x2E80...0x303E, 0x3041...0x33FF, 0x3400...0x4DBF,
            0x4E00...0x9FFF, 0xA000...0xA4CF, 0xA960...0xA97F, 0xAC00...0xD7A3, 0xF900...0xFAFF, 0xFE10...0xFE19,
            0xFE30...0xFE6F, 0xFF00...0xFF60, 0xFFE0...0xFFE6, 0x16FE0...0x16FE4, 0x17000...0x18CFF, 0x1B000...0x1B2FF,
            0x1F200...0x1F2FF, 0x20000...0x2FFFD, 0x30000...0x3FFFD:
            return true
        default:
            return false
        }
    }
    /// `After hook "close the chat"`.
    package static func hookLabel(_ hook: Hook?) -> String {
        let kind: String
        switch hook?.type {
        case .beforeTestCase?: kind = "Before"
        case .afterTestCase?: kind = "After"
        case .beforeTestStep?: kind = "BeforeStep"
        case .afterTestStep?: kind = "AfterStep"
        case .beforeTestRun?: kind = "BeforeAll"
        case .afterTestRun?: kind = "AfterAll"
        case nil:
            // A feature's hook (no type in Cucumber Messages): its name says it all, `BeforeFeature hook "x"`.
            if let name = hook?.name, name.hasPrefix("BeforeFeature hook") || name.hasPrefix("AfterFeature hook") { return name }
            kind = "Hook"
        }
        if let name = hook?.name, !name.isEmpty { return "\(kind) hook \"\(name)\"" }
        return "\(kind) hook"
    }
}
