import Messages

// Small records the run index keeps instead of whole messages.

/// The suggested snippet codes of one pickle step: almost always one, kept without an array.
enum SuggestedCodes {
    case one(String)
    case many([String])

    func adding(_ code: String) -> SuggestedCodes {
        switch self {
        case .one(let first): return .many([first, code])
        case .many(let codes): return .many(codes + [code])
        }
    }
}

/// Where a test step is in its test case, and whether it runs a hook.
struct TestStepPlace {
    let position: Int32
    let isHook: Bool
}

/// What a report prints of a step: its keyword (from the Gherkin step), text and argument (from the pickle step)
/// and line, found with one lookup of each.
struct StepText {
    let keyword: String
    let text: String
    let line: Int?
    let argument: PickleStepArgument?
    /// The characters of keyword and text as a terminal shows them (`ConsoleText.width`).
    let width: Int

    init(keyword: String, text: String, line: Int?, argument: PickleStepArgument?) {
        self.keyword = keyword
        self.text = text
        self.line = line
        self.argument = argument
        width = ConsoleText.width(keyword) + ConsoleText.width(text)
    }
}
