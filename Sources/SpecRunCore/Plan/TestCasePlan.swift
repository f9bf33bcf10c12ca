import Messages
import TagExpressions

/// A pickle bound to the registry: the test case message and what each of its test steps will do.
struct TestCasePlan: Sendable {
    let testCaseId: String
    let testRunStartedId: String
    let shared: SharedPickle
    let steps: [PlannedStep]

    /// The pickle, read in place (a plan is made twice per test case: no copy of the pickle's fields for it).
    var pickle: Pickle { _read { yield shared.value } }

    /// The `testCase` message, made when it is sent (a plan keeps no copy: it is sent once, and 50,000 of them
    /// would be a large part of a run's memory).
    var testCase: TestCase {
        // (Each planned step read in place, through the buffer: `map`'s closure, or a method called on `steps[i]`,
        // is handed a copy of it, a retain and a release of each of its fields.)
        let testSteps = steps.withUnsafeBufferPointer { steps in
            steps.indices.map { steps[$0].message(in: pickle) }
        }
        return TestCase(id: testCaseId, pickleId: pickle.id, testSteps: testSteps, testRunStartedId: testRunStartedId)
    }

    var tags: [String] { pickle.tags.map(\.name) }

    /// The ids the plan was made with, in the order `Planner.plan` drew them: the test case's, then each test step's
    /// (`ReplayedIdGenerator` hands them out again).
    var ids: ContiguousArray<String> {
        var ids = ContiguousArray<String>()
        ids.reserveCapacity(1 + steps.count)
        ids.append(testCaseId)
        for index in steps.indices { ids.append(steps[index].id) }
        return ids
    }
}

/// A pickle kept by reference: the run's plans and its plan book share it, one retain a copy.
final class SharedPickle: Sendable {
    let value: Pickle

    init(_ value: Pickle) { self.value = value }
}

struct PlannedStep: Sendable {
    let id: String
    let action: Action

    enum Action: Sendable {
        case hook(RegisteredHook)
        /// The pickle step at this position of the plan's pickle (a position, not a copy: a copy of a pickle step
        /// retains each of its fields, for every step planned).
        case step(Int, StepBinding)
    }
}

/// How a pickle step matched the step definitions.
enum StepBinding: Sendable {
    case matched(StepMatch)
    case undefined
    case ambiguous([StepMatch])
}

/// A class: made once per distinct step text (`MatchCache`) and shared by every plan that binds that text, so
/// copying a plan's steps costs one retain per match rather than one per field of the definition.
final class StepMatch: Sendable {
    let definition: RegisteredStep
    let arguments: [MatchedArgument]
    /// The arguments as the `testCase` message lists them, made once with the match.
    let argumentsList: StepMatchArgumentsList
    /// A test step's `stepDefinitionIds` and `stepMatchArgumentsLists` when this is its only match: arrays made once
    /// and shared, the ids by every test step of the same definition, the lists by every one of the same text (no
    /// two arrays per step of the run).
    let soleDefinitionIds: [String]
    let soleArgumentsLists: [StepMatchArgumentsList]

    /// The definition's tag scope (read for every pickle step planned: no copy of the definition for it).
    let scope: TagExpression?
    /// The step closure's match values, made once when every argument is `pure` (and transforms without
    /// error); nil when they are made at each run.
    let pureValues: PureValues?
    /// The closure's values made once from `pureValues` (see `StepDefinitionCode.prepare`), for a pickle step
    /// without a DocString or DataTable; nil when they are made at each run.
    let prepared: (any AnyObject & Sendable)?

    init(definition: RegisteredStep, arguments: [MatchedArgument]) {
        self.definition = definition
        scope = definition.scope
        self.arguments = arguments
        argumentsList = StepMatchArgumentsList(stepMatchArguments: arguments.map(\.message))
        soleDefinitionIds = definition.idArray
        soleArgumentsLists = [argumentsList]
        pureValues = PureValues(arguments)
        prepared = pureValues.flatMap { definition.code.prepare($0.raw) }
    }
}

/// Match values that a built-in parameter type made: plain values (numbers, strings), the same for every run.
struct PureValues: Sendable {
    let raw: [RawArgument]

    init?(_ arguments: [MatchedArgument]) {
        guard arguments.allSatisfy(\.pure) else { return nil }
        do {
            raw = try arguments.map { .match(value: try $0.value(), text: $0.group.value, parameterType: $0.parameterTypeName) }
        } catch {
            return nil
        }
    }
}

extension StepMatch {
    /// Whether the definition applies to a pickle of these tags (its scope, if any, matches them).
    func applies(to tags: [String]) -> Bool { scope?.evaluate(tags: tags) ?? true }
}
