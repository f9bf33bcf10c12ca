/// A data table cell's value as Gherkin writes it: a backslash, a bar and a line break escaped (`\\`, `\|`, `\n`),
/// the escapes the parser reads. What `fmt` writes and what the console reports print in a table.
package enum DataTableCell {
    package static func escaped(_ value: String) -> String {
        guard value.utf8.contains(where: { $0 == 0x5C || $0 == 0x7C || $0 == 0x0A }) else { return value }
        var text = ""
        for character in value {
            switch character {
            case "\\": text += "\\\\"
            case "|": text += "\\|"
            case "\n": text += "\\n"
            default: text.append(character)
            }
        }
        return text
    }
}
