import Messages

/// A planned test case as the fields of its `testCase` message: what a sink writing test cases its own way reads,
/// without the message (its steps' array, each step's two arrays) being made. `message` makes it.
public struct PlannedTestCase {
    let plan: TestCasePlan

    /// One test step: a hook's, or a pickle step's with the ids of its definitions and their arguments (both
    /// empty when undefined).
    public enum Step {
        case hook(id: String, hookId: String)
        case pickleStep(id: String, pickleStepId: String, definitionIds: [String], argumentsLists: [StepMatchArgumentsList])
    }

    public var id: String { plan.testCaseId }
    public var pickleId: String { plan.pickle.id }
    public var testRunStartedId: String { plan.testRunStartedId }
    public var stepCount: Int { plan.steps.count }

    /// The `testCase` message.
    public var message: TestCase { plan.testCase }

    /// Calls `body` with each step in order while it returns true; returns false when it stopped early.
    public func allSteps(_ body: (Step) -> Bool) -> Bool {
        for index in plan.steps.indices where !body(fields(ofStep: index)) { return false }
        return true
    }

    /// The fields of the step at `index` (read a field at a time: a copy of the step copies all of them).
    private func fields(ofStep index: Int) -> Step {
        let id = plan.steps[index].id
        switch plan.steps[index].action {
        case .hook(let hook):
            return .hook(id: id, hookId: hook.id)
        case .step(let position, .matched(let match)):
            return .pickleStep(
                id: id, pickleStepId: plan.pickle.steps[position].id, definitionIds: match.soleDefinitionIds,
                argumentsLists: match.soleArgumentsLists)
        case .step(let position, .undefined):
            return .pickleStep(id: id, pickleStepId: plan.pickle.steps[position].id, definitionIds: [], argumentsLists: [])
        case .step(let position, .ambiguous(let matches)):
            return .pickleStep(
                id: id, pickleStepId: plan.pickle.steps[position].id, definitionIds: matches.map(\.definition.id),
                argumentsLists: matches.map(\.argumentsList))
        }
    }
}
