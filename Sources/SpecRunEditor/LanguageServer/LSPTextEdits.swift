/// `textDocument/didChange`'s content changes applied to a document's text: a change with a `range` replaces that
/// range (lines, and characters in UTF-16 code units), one without is the whole new text. Positions past a line's
/// end or the document's end are taken as those ends, as the protocol says.
enum LSPTextEdits {
    static func apply(_ changes: [[String: Any]], to text: String) -> String {
        var text = text
        for change in changes {
            guard let replacement = change["text"] as? String else { continue }
            guard let range = change["range"] as? [String: Any],
                let start = index(of: range["start"], in: text), let end = index(of: range["end"], in: text)
            else {
                text = replacement
                continue
            }
            text.replaceSubrange(min(start, end)..<max(start, end), with: replacement)
        }
        return text
    }

    /// The index of a position `{line, character}` in the text (always on a Unicode scalar's boundary).
    static func index(of position: Any?, in text: String) -> String.Index? {
        guard let position = position as? [String: Any], let line = position["line"] as? Int,
            let character = position["character"] as? Int
        else { return nil }
        let bytes = text.utf8
        var start = bytes.startIndex
        var remaining = line
        while remaining > 0 {
            guard let newline = bytes[start...].firstIndex(of: UInt8(ascii: "\n")) else { return text.endIndex }
            start = bytes.index(after: newline)
            remaining -= 1
        }
        var end = bytes[start...].firstIndex(of: UInt8(ascii: "\n")) ?? bytes.endIndex
        if end > start, bytes[bytes.index(before: end)] == UInt8(ascii: "\r") { end = bytes.index(before: end) }
        let scalars = text.unicodeScalars
        var index = start
        var units = 0
        while index < end, units < character {
            units += scalars[index].utf16.count
            index = scalars.index(after: index)
        }
        return index
    }
}
