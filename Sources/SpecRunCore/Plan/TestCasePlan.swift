import Messages

/// A pickle bound to the registry: the test case message and what each of its test steps will do.
struct TestCasePlan: Sendable {
    let testCase: TestCase
    let pickle: Pickle
    let steps: [PlannedStep]

    var tags: [String] { pickle.tags.map(\.name) }
}

struct PlannedStep: Sendable {
    let id: String
    let action: Action

    enum Action: Sendable {
        case hook(RegisteredHook)
        case step(PickleStep, StepBinding)
    }
}

/// How a pickle step matched the step definitions.
enum StepBinding: Sendable {
    case matched(StepMatch)
    case undefined
    case ambiguous([StepMatch])
}

struct StepMatch: Sendable {
    let definition: RegisteredStep
    let arguments: [MatchedArgument]
}
