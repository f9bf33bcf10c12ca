import Messages
import SpecRunReportCore

// A pickle step's argument written as UTF-8 bytes, without a `String` per line and cell (the pretty console prints
// the doc string or table of every step that has one).
extension ConsoleText {
    /// Appends a step's doc string (between grey `"""` lines, its media type after the first) and data table (columns
    /// padded to their widest cell), each line indented by `indent`.
    func appendArgument(_ argument: borrowing PickleStepArgument, indent: String, to out: inout ConsoleBuffer) {
        if let doc = argument.docString {
            out.append(indent)
            out.start(.grey, style)
            out.append("\"\"\"")
            if let mediaType = doc.mediaType { out.append(mediaType) }
            out.end(style)
            out.append(byte: 0x0A)
            appendIndented(doc.content, indent, to: &out)
            out.append(indent)
            out.paint("\"\"\"", .grey, style)
            out.append(byte: 0x0A)
        }
        if let table = argument.dataTable {
            var widths: [Int] = []
            for row in table.rows {
                for (column, cell) in row.cells.enumerated() {
                    let width = Self.characters(cell.value)
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
                    out.append(cell.value)
                    out.appendSpaces(widths[column] - Self.characters(cell.value))
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

    /// The characters of a string (`count`), counted from its bytes when it is ASCII without a carriage return.
    private static func characters(_ text: String) -> Int {
        let utf8 = text.utf8
        if utf8.allSatisfy({ $0 < 0x80 && $0 != 0x0D }) { return utf8.count }
        return text.count
    }
}
