/// Tables for the formatter: cells as written, and rows aligned by the width a terminal or editor gives them.
enum FormatterTable {
    /// `| a | b |` → the cells' source text, trimmed, escapes (`\|`, `\\`, `\n`) kept as written.
    static func writtenCells(_ line: Substring) -> [String] {
        var cells: [String] = []
        var current = ""
        var started = false
        var escaped = false
        for character in line.trimmingWhitespace() {
            if escaped { current.append(character); escaped = false; continue }
            if character == "\\" { current.append(character); escaped = true; continue }
            if character == "|" {
                if started { cells.append(String(Substring(current).trimmingWhitespace())) }
                started = true
                current = ""
                continue
            }
            current.append(character)
        }
        return cells
    }

    /// The rows padded to their column's widest cell; comments and blank lines among them left in place.
    static func layout(_ lines: [FormatterLayout.TableLine]) -> [Laid] {
        var widths: [Int] = []
        for case .row(let cells) in lines {
            for (column, cell) in cells.enumerated() {
                let width = DisplayWidth.of(cell)
                if column < widths.count { widths[column] = max(widths[column], width) } else { widths.append(width) }
            }
        }
        return lines.map { line in
            switch line {
            case .row(let cells):
                let padded = cells.enumerated().map { column, cell in
                    cell + String(repeating: " ", count: widths[column] - DisplayWidth.of(cell))
                }
                return .row(padded.isEmpty ? "|" : "| " + padded.joined(separator: " | ") + " |")
            case .other(let item): return .other(item)
            }
        }
    }

    enum Laid {
        case row(String)
        case other(FormatterLayout.Pending)
    }
}
