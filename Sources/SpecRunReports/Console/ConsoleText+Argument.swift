import Messages
import SpecRunReportCore

// A pickle step's argument written as UTF-8 bytes, without a `String` per line and cell (the pretty console prints
// the doc string or table of every step that has one).
extension ConsoleText {
    /// Appends a step's doc string (between grey `"""` lines, its media type after the first) and data table (columns
    /// padded to their widest cell), each line indented by `indent`.
    func appendArgument(_ argument: borrowing PickleStepArgument, indent: String, to out: inout ConsoleBuffer) {
        if let doc = argument.docString {
            let (fence, content) = Self.fenced(doc.content)
            out.append(indent)
            out.start(.grey, style)
            out.append(fence)
            if let mediaType = doc.mediaType { out.append(mediaType) }
            out.end(style)
            out.append(byte: 0x0A)
            appendIndented(content, indent, to: &out)
            out.append(indent)
            out.paint(fence, .grey, style)
            out.append(byte: 0x0A)
        }
        if let table = argument.dataTable {
            var widths: [Int] = []
            for row in table.rows {
                for (column, cell) in row.cells.enumerated() {
                    let width = Self.characters(DataTableCell.escaped(cell.value))
                    if column == widths.count { widths.append(width) } else { widths[column] = max(widths[column], width) }
                }
            }
            for row in table.rows {
                out.append(indent)
                out.append(byte: 0x7C)
                out.append(byte: 0x20)
                for (column, cell) in row.cells.enumerated() {
                    if column > 0 {
                        out.append(byte: 0x20)
                        out.append(byte: 0x7C)
                        out.append(byte: 0x20)
                    }
                    let text = DataTableCell.escaped(cell.value)
                    out.append(text)
                    out.appendSpaces(widths[column] - Self.characters(text))
                }
                out.append(byte: 0x20)
                out.append(byte: 0x7C)
                out.append(byte: 0x0A)
            }
        }
    }

    /// Appends what `indented(text, indent, color: nil)` makes (that, for a text with a carriage return).
    private func appendIndented(_ text: String, _ indent: String, to out: inout ConsoleBuffer) {
        guard !text.utf8.contains(0x0D) else { return out.append(indented(text, indent, color: nil)) }
        var rest = Substring(text).utf8[...]
        while true {
            out.append(indent)
            let end = rest.firstIndex(of: 0x0A) ?? rest.endIndex
            if end > rest.startIndex { out.append(Substring(rest[rest.startIndex..<end])) }
            out.append(byte: 0x0A)
            guard end < rest.endIndex else { return }
            rest = rest[rest.index(after: end)...]
        }
    }

    /// The fence a doc string is printed between, and its content for that fence: three double quotes, or three
    /// backticks when the content holds three double quotes (a fence of its own inside would end the doc string),
    /// or three double quotes with the content's escaped (backslash, quote, three times) when it holds both, as
    /// Gherkin writes them.
    static func fenced(_ content: String) -> (fence: String, content: String) {
        let quotes = "\"\"\"", backticks = "```"
        guard holdsThree(0x22, content) else { return (quotes, content) }
        guard holdsThree(0x60, content) else { return (backticks, content) }
        return (quotes, content.replacingOccurrences(of: quotes, with: "\\\"\\\"\\\""))
    }

    /// Whether `text` holds `byte` three times in a row, read from its UTF-8 bytes (Foundation's `contains`, which
    /// the console asked of every doc string, was a search of 26,000 instructions each: callgrind, c10k).
    static func holdsThree(_ byte: UInt8, _ text: String) -> Bool {
        var run = 0
        for unit in text.utf8 {
            run = unit == byte ? run + 1 : 0
            if run == 3 { return true }
        }
        return false
    }

    /// The characters of a string (`count`), counted from its bytes when it is ASCII without a carriage return.
    private static func characters(_ text: String) -> Int {
        let utf8 = text.utf8
        if utf8.allSatisfy({ $0 < 0x80 && $0 != 0x0D }) { return utf8.count }
        return text.count
    }
}
