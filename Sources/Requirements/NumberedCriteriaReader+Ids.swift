/// The id of a numbered `Criteria Id` / `Rule Id` section: the first word of the paragraph under its heading, alone.
/// A section without one (not a group heading with numbered sections under it) and one whose first word is no id
/// are left out with a warning; text after the id is not read, with a warning, and the criterion is read with the id.
extension NumberedCriteriaReader {
    /// The id under the heading at `index`, nil when the section gives none; `example` is an id to suggest.
    func sectionId(at index: Int, level: Int, example: String, warnings: inout [ReaderWarning]) -> String? {
        let heading = document.lines[index]
        let name = heading.heading?.text ?? "Criteria Id"
        let end = document.sectionEnd(after: index, level: 6)
        let lines = document.lines[(index + 1)..<end].filter { !$0.isBlank && !$0.isFence }
        guard let first = lines.first, let word = IdLine.words(of: first.text).first else {
            // `## 3.1.0 Criteria Id` with `### 3.1.1 Criteria Id` under it groups sections: it has no id of its own.
            if end < document.lines.count, let next = document.lines[end].heading, next.level > level { return nil }
            warnings.append(
                ReaderWarning(
                    uri: document.uri, line: heading.number, column: heading.text.prefix { $0 == " " }.count + 1,
                    message: "the '\(name)' section has no id, so it is left out (write its id, such as \(example), "
                        + "alone on the line under the heading)"))
            return nil
        }
        let id = word.text.trimmingCharacters()
        guard IdRules.looksLikeId(id) else {
            warnings.append(
                ReaderWarning(
                    uri: document.uri, line: first.number, column: word.column,
                    message: "'\(first.trimmed)' under '\(name)' is no id (\(IdRules.whyNotId(id))), so the section is left out "
                        + "(write its id, such as \(example), alone on the line)"))
            return nil
        }
        let rest =
            IdLine.words(of: first.text).dropFirst().first.map { (first, $0) }
            ?? lines.dropFirst().first.flatMap { line in IdLine.words(of: line.text).first.map { (line, $0) } }
        if let (line, extra) = rest {
            let field = name.lowercased().hasPrefix("rule") ? "'Rule Description'" : "'Scenario'"
            warnings.append(
                ReaderWarning(
                    uri: document.uri, line: line.number, column: extra.column,
                    message: "'\(line.text[extra.text.startIndex...].trimmingTrailingSpaces())' after the id \(id) is not "
                        + "read (write the id alone under '\(name)'; words about it go under a \(field) heading)"))
        }
        return id
    }
}
