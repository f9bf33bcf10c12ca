/// Use cases (as the Survey and Quiz documents): a `### Login Use Case` heading, a `Data:` list, a
/// `Primary course:` and error courses (`Connectivity error - error course:`), each a numbered list. Each use
/// case is a story (`<prefix>-UC-<n>`, or its `Use Case Id`), each course a criterion (`<use case>-primary`,
/// `<use case>-connectivity-error`): given its data, when the first step of the primary course, then the rest.
struct UseCaseReader {
    let document: MarkdownLines
    let prefix: String

    func read() -> RequirementsSet {
        var set = RequirementsSet()
        var count = 0
        for (index, line) in document.lines.enumerated() {
            guard let heading = line.heading, heading.text.lowercased().hasSuffix("use case") else { continue }
            count += 1
            let end = document.sectionEnd(after: index, level: heading.level)
            let givenId = document.metadata("Use Case Id", in: (index + 1)..<end)
            let id = givenId?.value ?? "\(prefix)-UC-\(count)"
            var story = Story(
                id: id, title: heading.text, uri: document.uri, line: line.number, derived: givenId == nil,
                tags: (document.metadata("Tags")?.value.split(separator: " ").map(String.init)) ?? [])
            var data: [String] = []
            for position in (index + 1)..<end {
                guard let sub = document.lines[position].heading else { continue }
                let name = sub.text.lowercased()
                let items = self.items(after: position)
                if name == "data" {
                    data = items.map(\.text)
                } else if name.contains("course") {
                    story.criteria.append(course(sub.text, line: document.lines[position].number, items: items, data: data, useCase: id))
                }
            }
            if !story.criteria.isEmpty { set.stories.append(story) }
        }
        return set
    }

    private func course(_ name: String, line: Int, items: [(text: String, line: Int)], data: [String], useCase: String) -> Criterion {
        let lower = name.lowercased()
        let isError = lower.contains("error course") || lower.contains("sad path") || lower.contains("error")
        let when = isError ? [] : Array(items.prefix(1).map(\.text))
        let then = isError ? items.map(\.text) : Array(items.dropFirst().map(\.text))
        return Criterion(
            id: "\(useCase)-\(IdRules.course(name))", title: name, type: isError ? "error course" : "primary course",
            given: data, when: when, then: then, uri: document.uri, line: line, derived: true)
    }

    /// The list items (`- URL`, `1. System…`) under a heading, up to the next heading.
    private func items(after index: Int) -> [(text: String, line: Int)] {
        var result: [(text: String, line: Int)] = []
        var position = index + 1
        while position < document.lines.count, document.lines[position].heading == nil {
            let text = document.lines[position].trimmed
            if text.hasPrefix("- ") || text.hasPrefix("* ") {
                result.append((text.dropFirst(2).trimmingCharacters(), document.lines[position].number))
            } else if let dot = text.firstIndex(of: "."), !text[..<dot].isEmpty, text[..<dot].allSatisfy(\.isNumber) {
                result.append((text[text.index(after: dot)...].trimmingCharacters(), document.lines[position].number))
            }
            position += 1
        }
        return result
    }
}
