/// A `@ID` line in a Given/When/Then block, read strictly: it holds one id, which names the criterion that starts
/// next in the block. Its first word that is an id is read; every other word on it, and the whole line when none
/// is an id (`@BRK-é✓`, `@smoke`), is not read, with a warning at its column.
struct IdLine {
    /// The id the line gives and its column (of the `@`), nil when it gives none.
    let id: (text: String, column: Int)?
    let warnings: [ReaderWarning]

    /// `derived`: the id the criterion after the line gets when the line names none.
    init(_ line: MarkdownLines.Line, uri: String, derived: String) {
        let words = Self.words(of: line.text)
        let named = words.first { $0.text.hasPrefix("@") && IdRules.looksLikeId($0.text.dropFirst()) }
        id = named.map { (String($0.text.dropFirst()), $0.column) }
        var warnings: [ReaderWarning] = []
        if let named {
            for word in words where word.column != named.column {
                warnings.append(
                    ReaderWarning(
                        uri: uri, line: line.number, column: word.column,
                        message: "'\(word.text)' after @\(named.text.dropFirst()) is not read: an id line holds one id "
                            + "(put each criterion's id alone on the line right above its first step)"))
            }
        } else {
            let word = words.first ?? (text: "@", column: 1)
            warnings.append(
                ReaderWarning(
                    uri: uri, line: line.number, column: word.column,
                    message: "'\(line.trimmed)' is no id (\(IdRules.whyNotId(word.text.dropFirst()))), so the criterion after "
                        + "it gets the derived id \(derived) (write an id of upper-case letters, digits and '-', such as "
                        + "@\(derived), or remove the line)"))
        }
        self.warnings = warnings
    }

    /// The line's words (split at spaces and tabs) with their columns (1-based, in characters).
    static func words(of text: Substring) -> [(text: Substring, column: Int)] {
        var words: [(text: Substring, column: Int)] = []
        var start: Substring.Index?
        var startColumn = 0
        var column = 0
        var index = text.startIndex
        while index < text.endIndex {
            column += 1
            let blank = text[index] == " " || text[index] == "\t"
            if blank, let from = start {
                words.append((text[from..<index], startColumn))
                start = nil
            } else if !blank, start == nil {
                start = index
                startColumn = column
            }
            index = text.index(after: index)
        }
        if let from = start { words.append((text[from...], startColumn)) }
        return words
    }
}

/// An id waiting for the next criterion of a story: from an `@ID` line in a block, or a `Criteria Id: X` line
/// outside one, with where it was written.
struct PendingId {
    let id: String
    let line: Int
    let column: Int
    /// Written in a block: it names a criterion of that block only.
    let inBlock: Bool

    /// The warning when no criterion takes it: `why` says what came first.
    func unused(uri: String, _ why: String) -> ReaderWarning {
        ReaderWarning(uri: uri, line: line, column: column, message: "id \(id) names no criterion: \(why)")
    }
}
