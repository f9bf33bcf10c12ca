import Messages

/// A small run written as a runner streams it, for tests that need exact step results and an execution order:
/// features (with an optional Background), scenarios whose steps end as given, Before hooks, and the order the
/// test cases ran in. Step definitions are at `Specs/Steps.swift:<n>`, hooks at `Specs/Hooks.swift:<n>`.
struct RunStream {
    /// How a step (or hook) ended.
    struct Outcome {
        var status: TestStepResultStatus
        var nanos: Int = 0
        var message: String?
        var exception: Messages.Exception?

        static func passed(_ nanos: Int = 1_000) -> Outcome { Outcome(status: .passed, nanos: nanos) }
        static func failed(_ message: String = "boom") -> Outcome {
            Outcome(
                status: .failed, nanos: 2_000, message: message,
                exception: Messages.Exception(type: "AssertionError", message: message, stackTrace: "\(message)\n\tat Specs/Steps.swift:9"))
        }
        static func skipped(_ nanos: Int = 0) -> Outcome { Outcome(status: .skipped, nanos: nanos) }
        static func pending(_ nanos: Int = 500) -> Outcome { Outcome(status: .pending, nanos: nanos, message: "TODO") }
        static func undefined(_ nanos: Int = 0, message: String? = nil) -> Outcome {
            Outcome(status: .undefined, nanos: nanos, message: message)
        }
        static func ambiguous(_ nanos: Int = 0) -> Outcome {
            Outcome(status: .ambiguous, nanos: nanos, message: "Multiple step definitions match")
        }
    }

    /// How a step is matched: by one definition, by none (undefined) or by two (ambiguous).
    enum Match { case one, none, two }

    private struct ScenarioPlan {
        var feature: Int
        var name: String
        var line: Int
        var steps: [(text: String, match: Match, outcome: Outcome)]
        var background: [Outcome]
        var before: [Outcome]
    }

    private var features: [(uri: String, name: String, background: [String])] = []
    private var scenarios: [ScenarioPlan] = []

    /// Adds a feature; returns its number.
    mutating func feature(_ uri: String, _ name: String, background: [String] = []) -> Int {
        features.append((uri, name, background))
        return features.count - 1
    }

    /// Adds a scenario to a feature; returns its number (the test case's, in the defined order).
    @discardableResult
    mutating func scenario(
        _ feature: Int, _ name: String, background: [Outcome] = [], before: [Outcome] = [],
        _ steps: [(String, Match, Outcome)]
    ) -> Int {
        let line = 10 * (scenarios.filter { $0.feature == feature }.count + 1)
        scenarios.append(
            ScenarioPlan(
                feature: feature, name: name, line: line, steps: steps.map { ($0.0, $0.1, $0.2) },
                background: background, before: before))
        return scenarios.count - 1
    }

    /// The whole stream: documents and pickles in the defined order, the `testCase` messages and the test cases'
    /// messages in `order` (scenario numbers; the defined order when nil), one millisecond apart.
    func envelopes(order: [Int]? = nil) -> [Envelope] {
        var out: [Envelope] = []
        var nextId = 0
        func id() -> String { nextId += 1; return "id\(nextId)" }
        var clock = 0
        func now() -> Timestamp { clock += 1; return Timestamp(seconds: clock / 1000, nanos: (clock % 1000) * 1_000_000) }
        func reference(_ file: String, _ line: Int) -> SourceReference {
            SourceReference(uri: file, javaMethod: nil, javaStackTraceElement: nil, location: Location(line: line, column: nil))
        }
        var definitionsByText: [String: [String]] = [:]
        var definitions: [StepDefinition] = []
        var pickles: [Pickle] = []
        for (number, feature) in features.enumerated() {
            var children: [FeatureChild] = []
            var backgroundStepIds: [String] = []
            if !feature.background.isEmpty {
                let steps = feature.background.enumerated().map { offset, text in
                    Step(
                        location: Location(line: 4 + offset, column: 5), keyword: "Given ", keywordType: nil, text: text,
                        docString: nil, dataTable: nil, id: id())
                }
                backgroundStepIds = steps.map(\.id)
                children.append(
                    FeatureChild(
                        rule: nil,
                        background: Background(
                            location: Location(line: 3, column: 3), keyword: "Background",
                            name: "", description: "", steps: steps, id: id()), scenario: nil))
            }
            for plan in scenarios where plan.feature == number {
                let steps = plan.steps.enumerated().map { offset, step in
                    Step(
                        location: Location(line: plan.line + 1 + offset, column: 5), keyword: "Given ", keywordType: nil,
                        text: step.text, docString: nil, dataTable: nil, id: id())
                }
                let scenario = Scenario(
                    location: Location(line: plan.line, column: 3), tags: [], keyword: "Scenario",
                    name: plan.name, description: "", steps: steps, examples: [], id: id())
                children.append(FeatureChild(rule: nil, background: nil, scenario: scenario))
                var pickleSteps = zip(feature.background, backgroundStepIds).map { text, astId in
                    PickleStep(argument: nil, astNodeIds: [astId], id: id(), type: nil, text: text)
                }
                pickleSteps += steps.map { PickleStep(argument: nil, astNodeIds: [$0.id], id: id(), type: nil, text: $0.text) }
                pickles.append(
                    Pickle(
                        id: id(), uri: feature.uri, location: scenario.location, name: plan.name, language: "en",
                        steps: pickleSteps, tags: [], astNodeIds: [scenario.id]))
            }
            let gherkinFeature = Feature(
                location: Location(line: 1, column: 1), tags: [], language: "en", keyword: "Feature",
                name: feature.name, description: "", children: children)
            out.append(Envelope(gherkinDocument: GherkinDocument(uri: feature.uri, feature: gherkinFeature, comments: [])))
        }
        // Pickles come per feature, scenarios per plan: line them up with the plans (same feature-major order).
        let planOrder = scenarios.indices.sorted { (scenarios[$0].feature, $0) < (scenarios[$1].feature, $1) }
        var pickleOfPlan: [Int: Pickle] = [:]
        for (pickle, plan) in zip(pickles, planOrder) { pickleOfPlan[plan] = pickle }
        out += pickles.map { Envelope(pickle: $0) }

        func definitionIds(_ text: String, _ match: Match) -> [String] {
            if match == .none { return [] }
            if definitionsByText[text] == nil {
                let made = (0..<2).map { _ in
                    StepDefinition(
                        id: id(), pattern: StepDefinitionPattern(source: text, type: .cucumberExpression),
                        sourceReference: reference("Specs/Steps.swift", definitions.count + 1))
                }
                definitions += made
                definitionsByText[text] = made.map(\.id)
            }
            return match == .one ? [definitionsByText[text]![0]] : definitionsByText[text]!
        }
        let hook = Hook(id: id(), name: nil, sourceReference: reference("Specs/Hooks.swift", 5), tagExpression: nil, type: .beforeTestCase)
        var cases: [Int: (testCase: TestCase, outcomes: [Outcome])] = [:]
        for (number, plan) in scenarios.enumerated() {
            let pickle = pickleOfPlan[number]!
            var testSteps: [TestStep] = []
            var outcomes: [Outcome] = []
            for outcome in plan.before {
                testSteps.append(
                    TestStep(hookId: hook.id, id: id(), pickleStepId: nil, stepDefinitionIds: nil, stepMatchArgumentsLists: nil))
                outcomes.append(outcome)
            }
            let backgroundCount = features[plan.feature].background.count
            for (offset, pickleStep) in pickle.steps.enumerated() {
                let (match, outcome) =
                    offset < backgroundCount
                    ? (Match.one, offset < plan.background.count ? plan.background[offset] : .passed())
                    : (plan.steps[offset - backgroundCount].match, plan.steps[offset - backgroundCount].outcome)
                let ids = definitionIds(pickleStep.text, match)
                testSteps.append(
                    TestStep(
                        hookId: nil, id: id(), pickleStepId: pickleStep.id, stepDefinitionIds: ids,
                        stepMatchArgumentsLists: ids.map { _ in StepMatchArgumentsList(stepMatchArguments: []) }))
                outcomes.append(outcome)
            }
            cases[number] = (TestCase(id: id(), pickleId: pickle.id, testSteps: testSteps, testRunStartedId: "run"), outcomes)
        }
        out += definitions.map { Envelope(stepDefinition: $0) }
        out.append(Envelope(hook: hook))
        out.append(Envelope(testRunStarted: TestRunStarted(timestamp: now(), id: "run")))
        let ran = order ?? Array(scenarios.indices)
        out += ran.map { Envelope(testCase: cases[$0]!.testCase) }
        for number in ran {
            let (testCase, outcomes) = cases[number]!
            let started = id()
            out.append(
                Envelope(
                    testCaseStarted: TestCaseStarted(attempt: 0, id: started, testCaseId: testCase.id, workerId: nil, timestamp: now())))
            for (step, outcome) in zip(testCase.testSteps, outcomes) {
                out.append(Envelope(testStepStarted: TestStepStarted(testCaseStartedId: started, testStepId: step.id, timestamp: now())))
                let result = TestStepResult(
                    duration: Duration(seconds: 0, nanos: outcome.nanos), message: outcome.message,
                    status: outcome.status, exception: outcome.exception)
                out.append(
                    Envelope(
                        testStepFinished: TestStepFinished(
                            testCaseStartedId: started, testStepId: step.id,
                            testStepResult: result, timestamp: now())))
            }
            out.append(Envelope(testCaseFinished: TestCaseFinished(testCaseStartedId: started, timestamp: now(), willBeRetried: false)))
        }
        // Successful exactly when every step passed or was skipped (a report shows a run that failed for no reason
        // it can see as a run-level error).
        let success = cases.values.allSatisfy { $0.1.allSatisfy { $0.status == .passed || $0.status == .skipped } }
        out.append(
            Envelope(
                testRunFinished: TestRunFinished(message: nil, success: success, timestamp: now(), exception: nil, testRunStartedId: "run"))
        )
        return out
    }
}
