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
        plan.pickle.steps.withUnsafeBufferPointer { pickleSteps in
            plan.steps.withUnsafeBufferPointer { steps in
                for index in steps.indices where !body(Self.fields(of: steps.baseAddress! + index, pickleSteps)) { return false }
                return true
            }
        }
    }

    /// The step's fields, read in place (no copy of the step or of its pickle step).
    private static func fields(of step: UnsafePointer<PlannedStep>, _ pickleSteps: UnsafeBufferPointer<PickleStep>) -> Step {
        let fields: Step
        switch step.pointee.action {
        case .hook(let hook):
            fields = .hook(id: step.pointee.id, hookId: hook.id)
        case .step(let position, .matched(let match)):
            fields = .pickleStep(id: step.pointee.id, pickleStepId: pickleSteps[position].id, definitionIds: match.soleDefinitionIds,
                                 argumentsLists: match.soleArgumentsLists)
        case .step(let position, .undefined):
            fields = .pickleStep(id: step.pointee.id, pickleStepId: pickleSteps[position].id, definitionIds: [], argumentsLists: [])
        case .step(let position, .ambiguous(let matches)):
            fields = .pickleStep(id: step.pointee.id, pickleStepId: pickleSteps[position].id, definitionIds: matches.map(\.definition.id),
                                 argumentsLists: matches.map(\.argumentsList))
        }
        return fields
    }
}
