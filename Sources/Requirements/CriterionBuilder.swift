/// Collects the Given/When/Then lines of one criterion as a reader meets them.
struct CriterionBuilder {
    private(set) var steps: [CriterionStep] = []
    private(set) var given: [String] = []
    private(set) var when: [String] = []
    private(set) var then: [String] = []
    private var section: StepKeyword = .given

    var isEmpty: Bool { steps.isEmpty }
    var hasWhen: Bool { !when.isEmpty }
    var hasThen: Bool { !then.isEmpty }
    var firstLine: Int? { steps.first?.line }

    /// Whether a line with this keyword starts the next criterion rather than continuing this one.
    func startsAnother(_ keyword: StepKeyword) -> Bool {
        switch keyword {
        case .given: return hasWhen || hasThen
        case .when: return hasThen
        case .then, .and, .but: return false
        }
    }

    mutating func add(_ keyword: StepKeyword, _ text: String, line: Int, column: Int) {
        switch keyword {
        case .given, .when, .then: section = keyword
        case .and, .but: break
        }
        steps.append(CriterionStep(keyword: keyword, text: text, line: line, column: column))
        append(text, to: section)
    }

    /// A line that continues the last step's text (a sentence wrapped in the document).
    mutating func continueLast(_ text: String) {
        guard !steps.isEmpty else { return }
        steps[steps.count - 1].text += " " + text
        switch section {
        case .given: given[given.count - 1] += " " + text
        case .when: when[when.count - 1] += " " + text
        default: then[then.count - 1] += " " + text
        }
    }

    private mutating func append(_ text: String, to section: StepKeyword) {
        switch section {
        case .given: given.append(text)
        case .when: when.append(text)
        default: then.append(text)
        }
    }

    func criterion(id: String, title: String?, type: String = "", uri: String, derived: Bool) -> Criterion {
        Criterion(
            id: id, title: title ?? then.first ?? steps.first?.text ?? "", type: type, given: given, when: when,
            then: then, uri: uri, line: firstLine ?? 0, derived: derived, steps: steps)
    }
}
