/// A draft `.feature` for a story, as a start for QA: the story as the Feature (tagged with its id and the
/// document's tags), each criterion a Scenario tagged with its id, its Given/When/Then lines as steps (the
/// document's words: bind them to step definitions or reword them). A criterion without steps (a business rule,
/// a listed test scenario) gets its text as comments to write the steps from.
public enum FeatureDraft {
    /// The file name: the story id, lower-cased (`QUIZ-ST-1` → `quiz-st-1.feature`).
    public static func fileName(for story: Story) -> String {
        IdRules.slug(story.id, separator: "-").lowercased() + ".feature"
    }

    public static func text(for story: Story) -> String {
        var out = "# Draft made by `specrun import` from \(story.uri):\(story.line): reword the steps to fit your step\n"
        out += "# definitions (specrun check lists the undefined ones), then remove this comment.\n"
        out += ([IdRules.tag(story.id)] + story.tags.filter { $0 != IdRules.tag(story.id) }).joined(separator: " ") + "\n"
        out += "Feature: \(oneLine(story.title))\n"
        for criterion in story.criteria {
            out += "\n  # \(criterion.uri):\(criterion.line)\(criterion.type.isEmpty ? "" : " (\(criterion.type))")\n"
            out += "  \(IdRules.tag(criterion.id))\n"
            out += "  Scenario: \(oneLine(criterion.title))\n"
            let steps = self.steps(of: criterion)
            if steps.isEmpty {
                for line in criterion.then { out += "    # \(oneLine(line))\n" }
                out += "    # TODO: the steps that prove it\n"
            }
            for step in steps { out += "    \(step.keyword.rawValue) \(oneLine(step.text))\n" }
        }
        return out
    }

    /// The criterion's own lines, or lines made of its given/when/then (the first of each kind, then `And`).
    static func steps(of criterion: Criterion) -> [CriterionStep] {
        if !criterion.steps.isEmpty { return criterion.steps }
        guard !criterion.when.isEmpty || !criterion.given.isEmpty else { return [] }
        var steps: [CriterionStep] = []
        // A use case's data is a list of inputs, not sentences.
        let given =
            criterion.type.hasSuffix("course") && !criterion.given.isEmpty
            ? ["the data " + criterion.given.joined(separator: ", ")] : criterion.given
        for (keyword, lines) in [(StepKeyword.given, given), (.when, criterion.when), (.then, criterion.then)] {
            for (offset, line) in lines.enumerated() {
                steps.append(CriterionStep(keyword: offset == 0 ? keyword : .and, text: line, line: criterion.line, column: 1))
            }
        }
        return steps
    }

    private static func oneLine(_ text: String) -> String {
        text.split(whereSeparator: \.isNewline).joined(separator: " ")
    }
}
