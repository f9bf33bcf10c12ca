import Gherkin
import Messages

@testable import SpecRunReportCore
@testable import SpecRunReports

/// A run's stream of a feature's scenarios, each run to its end: every step passes but the last step of the
/// scenarios `lastSteps` names, which ends with that status and message. `beforeHook`: each test case starts with a
/// passing Before hook, `afterHook`: ends with a passing After hook (the last step then). `sayingEveryStep` false: a step that passed before another step's result is left out, as a
/// supervisor says a worker's count of passed steps (`RunIndex.stepsUnsaid`).
func finishedScenariosStream(
    _ feature: String, lastSteps: [Int: (status: TestStepResultStatus, message: String)], beforeHook: Bool = false,
    afterHook: Bool = false, sayingEveryStep: Bool = true
) -> [Envelope] {
    var envelopes = GherkinMessages.generate(data: feature, uri: "features/cart.feature", ids: IncrementingIdGenerator())
    let pickles = envelopes.compactMap(\.pickle)
    let time = Timestamp(seconds: 1, nanos: 0)
    if beforeHook {
        envelopes.append(Envelope(hook: Hook(id: "before", sourceReference: SourceReference(uri: "Hooks.swift"), type: .beforeTestCase)))
    }
    if afterHook {
        envelopes.append(Envelope(hook: Hook(id: "after", sourceReference: SourceReference(uri: "Hooks.swift"), type: .afterTestCase)))
    }
    envelopes.append(Envelope(testRunStarted: TestRunStarted(timestamp: time, id: "run")))
    for (number, pickle) in pickles.enumerated() {
        let before = TestStep(
            hookId: "before", id: "ts\(number)-hook", pickleStepId: nil, stepDefinitionIds: nil, stepMatchArgumentsLists: nil)
        let after = TestStep(
            hookId: "after", id: "ts\(number)-after", pickleStepId: nil, stepDefinitionIds: nil, stepMatchArgumentsLists: nil)
        let steps = pickle.steps.enumerated().map { position, step in
            TestStep(hookId: nil, id: "ts\(number)-\(position)", pickleStepId: step.id, stepDefinitionIds: [], stepMatchArgumentsLists: nil)
        }
        envelopes.append(
            Envelope(
                testCase: TestCase(
                    id: "tc\(number)", pickleId: pickle.id, testSteps: (beforeHook ? [before] : []) + steps + (afterHook ? [after] : []),
                    testRunStartedId: "run")))
    }
    for (number, pickle) in pickles.enumerated() {
        let started = "tcs\(number)"
        envelopes.append(
            Envelope(testCaseStarted: TestCaseStarted(attempt: 0, id: started, testCaseId: "tc\(number)", workerId: nil, timestamp: time)))
        let ids =
            (beforeHook ? ["ts\(number)-hook"] : []) + pickle.steps.indices.map { "ts\(number)-\($0)" }
            + (afterHook ? ["ts\(number)-after"] : [])
        for (position, id) in ids.enumerated() {
            let last = position == ids.count - 1
            if !sayingEveryStep && !last { continue }
            let end = last ? lastSteps[number] : nil
            envelopes.append(
                Envelope(
                    testStepFinished: TestStepFinished(
                        testCaseStartedId: started, testStepId: id,
                        testStepResult: TestStepResult(
                            duration: Duration(seconds: 0, nanos: 0), message: end?.message, status: end?.status ?? .passed, exception: nil),
                        timestamp: time)))
        }
        envelopes.append(Envelope(testCaseFinished: TestCaseFinished(testCaseStartedId: started, timestamp: time, willBeRetried: false)))
    }
    envelopes.append(
        Envelope(testRunFinished: TestRunFinished(message: nil, success: false, timestamp: time, exception: nil, testRunStartedId: "run")))
    return envelopes
}

/// What the report of `format` made by `factory` writes of `envelopes`, finished.
func writtenReport(_ format: ReportFormat, by factory: FormatterFactory, of envelopes: [Envelope], colors: Bool = false) -> String {
    let written = WrittenText()
    let formatter = factory.makeFormatter(format, write: { written.text += $0 }, options: ReportOptions(colors: colors))
    for envelope in envelopes { formatter.handle(envelope) }
    try? formatter.finish()
    return written.text
}

private final class WrittenText: @unchecked Sendable { var text = "" }
