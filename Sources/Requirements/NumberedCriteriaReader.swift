/// A story document of numbered sections (as CUS-032): `| Story Id | … |` and `| Title | … |` rows, then per
/// criterion a `Criteria Id` heading with the id under it and sibling headings `Scenario`, `Scenario Type`,
/// `Given`, `When`, `Then` (`Validation Notes` and the rest are not criteria). Business rules (`Rule Id`,
/// `Rule Description`, `Violation Handling`) are criteria too, and so is each item of a `Test Scenarios` list
/// (ids derived: `<story>-TS-<n>`). A section's id is read strictly (`sectionId`): one missing or followed by
/// other words gets a warning.
struct NumberedCriteriaReader {
    let document: MarkdownLines
    let prefix: String

    func read() -> RequirementsSet {
        let lines = document.lines
        var criteria: [Criterion] = []
        var warnings: [ReaderWarning] = []
        let storyId = document.metadata("Story Id")
        let id = storyId?.value ?? "\(prefix)-ST-1"
        for (index, line) in lines.enumerated() {
            guard let heading = line.heading else { continue }
            switch heading.text.lowercased() {
            case "criteria id", "criterion id":
                let example = "\(id)-AC-\(IdRules.number(criteria.count + 1, like: criteria.first?.id))"
                if let given = sectionId(at: index, level: heading.level, example: example, warnings: &warnings) {
                    criteria.append(criterion(id: given, at: index, level: heading.level))
                }
            case "rule id":
                if let given = sectionId(at: index, level: heading.level, example: "BR-\(id)-1", warnings: &warnings) {
                    criteria.append(rule(id: given, at: index, level: heading.level))
                }
            case "test scenarios":
                criteria += testScenarios(
                    at: index, level: heading.level, storyId: id,
                    sample: criteria.first { !$0.derived }?.id)
            default: continue
            }
        }
        guard criteria.contains(where: { $0.type != "Test_Scenario" }) else { return RequirementsSet(warnings: warnings) }
        let title = document.metadata("Title")?.value ?? document.title.text
        var story = Story(
            id: id, title: title, uri: document.uri, line: storyId?.line ?? document.title.line,
            criteria: criteria, derived: storyId == nil,
            tags: document.metadata("Tags")?.value.split(separator: " ").map(String.init) ?? [])
        story.narrative = document.metadata("As A User Story")?.value ?? ""
        return RequirementsSet(stories: [story], warnings: warnings)
    }

    /// The headings after a `… Id` heading at the same level, up to the next heading above it, by name.
    private func fields(after index: Int, level: Int) -> [String: (text: String, line: Int)] {
        var fields: [String: (text: String, line: Int)] = [:]
        let end = document.sectionEnd(after: index, level: level - 1)
        for position in (index + 1)..<end {
            guard let heading = document.lines[position].heading, heading.level == level,
                let paragraph = document.paragraph(after: position)
            else { continue }
            let name = heading.text.lowercased()
            if name.hasSuffix(" id") { break }
            fields[name] = fields[name] ?? paragraph
        }
        return fields
    }

    private func criterion(id: String, at index: Int, level: Int) -> Criterion {
        let fields = fields(after: index, level: level)
        var steps: [CriterionStep] = []
        for keyword in [StepKeyword.given, .when, .then] {
            if let field = fields[keyword.rawValue.lowercased()] {
                steps.append(CriterionStep(keyword: keyword, text: field.text, line: field.line, column: 1))
            }
        }
        return Criterion(
            id: id, title: fields["scenario"]?.text ?? id, type: fields["scenario type"]?.text ?? "",
            given: fields["given"].map { [$0.text] } ?? [], when: fields["when"].map { [$0.text] } ?? [],
            then: fields["then"].map { [$0.text] } ?? [], uri: document.uri, line: document.lines[index].number,
            steps: steps)
    }

    private func rule(id: String, at index: Int, level: Int) -> Criterion {
        let fields = fields(after: index, level: level)
        return Criterion(
            id: id, title: fields["rule description"]?.text ?? id, type: "Business_Rule",
            then: [fields["violation handling"]?.text].compactMap { $0 }, uri: document.uri,
            line: document.lines[index].number)
    }

    private func testScenarios(at index: Int, level: Int, storyId: String, sample: String?) -> [Criterion] {
        let end = document.sectionEnd(after: index, level: level)
        var result: [Criterion] = []
        for line in document.lines[(index + 1)..<end] where line.trimmed.hasPrefix("- ") || line.trimmed.hasPrefix("* ") {
            let text = line.trimmed.dropFirst(2).trimmingCharacters()
            let number = IdRules.number(result.count + 1, like: sample)
            result.append(
                Criterion(
                    id: "\(storyId)-TS-\(number)", title: text, type: "Test_Scenario", uri: document.uri,
                    line: line.number, derived: true))
        }
        return result
    }
}
