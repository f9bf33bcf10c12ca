/// A Markdown document as lines: each with its number, whether it is inside a fenced code block, and its
/// heading (level and text, section numbers such as `3.1.2` dropped) when it is one.
struct MarkdownLines {
    struct Line {
        let number: Int
        let text: Substring
        /// Inside a ``` or ~~~ block (the fence lines themselves are not).
        let inFence: Bool
        let isFence: Bool
        let heading: Heading?

        var trimmed: Substring { text.drop { $0 == " " || $0 == "\t" }.trimmingTrailingSpaces()[...] }
        var isBlank: Bool { trimmed.isEmpty }
    }

    struct Heading {
        let level: Int
        /// Without the `#`s, the section number and a trailing colon: `3.1.2 Scenario` → `Scenario`.
        let text: String
    }

    let uri: String
    let lines: [Line]
    private let documentMetadata: [String: (value: String, line: Int)]

    init(text: String, uri: String) {
        self.uri = uri
        var result: [Line] = []
        var fence: Substring?
        let raw = text.split(separator: "\n", omittingEmptySubsequences: false)
        for (offset, rawLine) in raw.enumerated() {
            let line = rawLine.last == "\r" ? rawLine.dropLast() : rawLine
            let trimmed = line.drop { $0 == " " }
            let marker = trimmed.hasPrefix("```") ? "```" : trimmed.hasPrefix("~~~") ? "~~~" : nil
            if let marker {
                if fence == nil { fence = Substring(marker) } else if fence == Substring(marker) { fence = nil }
                result.append(Line(number: offset + 1, text: line, inFence: false, isFence: true, heading: nil))
                continue
            }
            let heading = fence == nil ? Self.heading(trimmed) : nil
            result.append(Line(number: offset + 1, text: line, inFence: fence != nil, isFence: false, heading: heading))
        }
        lines = result
        documentMetadata = Self.firstMetadata(result)
    }

    static func heading(_ line: Substring) -> Heading? {
        let hashes = line.prefix { $0 == "#" }
        guard (1...6).contains(hashes.count), line.dropFirst(hashes.count).first == " " else { return nil }
        var text = line.dropFirst(hashes.count).drop { $0 == " " }
        // Section numbers: `3.1.2 `, `3.2.0 `, `10.0.0.0 `.
        let number = text.prefix { $0.isNumber || $0 == "." }
        if !number.isEmpty, number.first!.isNumber, text.dropFirst(number.count).first == " " {
            text = text.dropFirst(number.count).drop { $0 == " " }
        }
        var title = text.trimmingTrailingSpaces()
        while title.hasSuffix("#") { title = String(title.dropLast()).trimmingCharacters() }
        if title.hasSuffix(":") { title = String(title.dropLast()) }
        return Heading(level: hashes.count, text: title)
    }

    /// The document's title: its first level-1 heading, else its first heading, else "".
    var title: (text: String, line: Int) {
        if let first = lines.first(where: { $0.heading?.level == 1 }) { return (first.heading!.text, first.number) }
        if let first = lines.first(where: { $0.heading != nil }) { return (first.heading!.text, first.number) }
        return ("", 1)
    }

    /// The index of the next heading at or above `level` after `index` (the end of a section), or the end.
    func sectionEnd(after index: Int, level: Int) -> Int {
        var next = index + 1
        while next < lines.count {
            if let heading = lines[next].heading, heading.level <= level { return next }
            next += 1
        }
        return lines.count
    }

    /// The non-blank lines after a heading up to the next heading, joined by spaces (a section's paragraph).
    func paragraph(after index: Int) -> (text: String, line: Int)? {
        var parts: [String] = []
        var first: Int?
        var next = index + 1
        while next < lines.count, lines[next].heading == nil {
            if !lines[next].isBlank && !lines[next].isFence {
                parts.append(String(lines[next].trimmed))
                if first == nil { first = lines[next].number }
            }
            next += 1
        }
        return first.map { (parts.joined(separator: " "), $0) }
    }

    /// The value of a metadata row `| Name | value |` or line `Name: value` (name compared case-insensitively): the
    /// first in `range`, or in the whole document (found once, when the document was read: a reader asks for the
    /// document's own for each of its stories, and a scan each time made reading quadratic in the stories).
    func metadata(_ name: String, in range: Range<Int>? = nil) -> (value: String, line: Int)? {
        let wanted = name.lowercased()
        guard let range else { return documentMetadata[wanted] }
        for line in lines[range] {
            if let entry = Self.metadataEntry(line), entry.name == wanted { return (entry.value, line.number) }
        }
        return nil
    }

    /// The metadata a line gives, its name lower-cased; nil for any other line (and a `Name:` without a value).
    private static func metadataEntry(_ line: Line) -> (name: String, value: String)? {
        guard !line.inFence else { return nil }
        let text = line.trimmed
        if text.hasPrefix("|") {
            let cells = text.split(separator: "|").map { $0.trimmingCharacters() }.filter { !$0.isEmpty }
            return cells.count >= 2 ? (cells[0].lowercased(), cells[1]) : nil
        }
        guard let colon = text.firstIndex(of: ":") else { return nil }
        let value = text[text.index(after: colon)...].trimmingCharacters()
        return value.isEmpty ? nil : (text[..<colon].trimmingCharacters().lowercased(), value)
    }

    /// The first value of each metadata name in the document.
    private static func firstMetadata(_ lines: [Line]) -> [String: (value: String, line: Int)] {
        var found: [String: (value: String, line: Int)] = [:]
        for line in lines {
            guard let entry = metadataEntry(line), found[entry.name] == nil else { continue }
            found[entry.name] = (entry.value, line.number)
        }
        return found
    }
}

extension StringProtocol {
    /// Without leading and trailing spaces, tabs and `*`/`_` emphasis markers.
    func trimmingCharacters() -> String {
        let skip: (Character) -> Bool = { $0 == " " || $0 == "\t" || $0 == "\r" || $0 == "*" || $0 == "_" }
        var slice = self[...]
        while let first = slice.first, skip(first) { slice = slice.dropFirst() }
        while let last = slice.last, skip(last) { slice = slice.dropLast() }
        return String(slice)
    }
}
