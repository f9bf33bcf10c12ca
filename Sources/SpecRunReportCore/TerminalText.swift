import Messages

/// What the console and the run's index both say of a text: its width on a terminal, a hook's label.
package enum TerminalText {
    /// The characters of a text as a terminal shows them: its bytes when it is ASCII (most step texts), without
    /// the cost of `count`'s grapheme breaking; `count` otherwise.
    package static func width(_ text: String) -> Int {
        // Over the string's own storage when it has one (not a byte at a time through the view).
        let contiguous = text.utf8.withContiguousStorageIfAvailable { bytes -> Int? in
            for byte in bytes where byte >= 0x80 { return nil }
            return bytes.count
        }
        if let contiguous { return contiguous ?? text.count }
        var bytes = 0
        for byte in text.utf8 {
            if byte >= 0x80 { return text.count }
            bytes += 1
        }
        return bytes
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
