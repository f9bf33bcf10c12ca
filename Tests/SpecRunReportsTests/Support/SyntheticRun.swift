import Messages

/// A generated run of `scenarios` scenarios (50 per feature, 5 steps each, every 10th one failing,
/// every 25th one undefined), to measure the reports at scale.
enum SyntheticRun {
    static func envelopes(scenarios: Int) -> [Envelope] {
        var result: [Envelope] = []
        var nextId = 0
        func id() -> String { nextId += 1; return String(nextId) }
        var clock: Int64 = 1_700_000_000_000_000_000
        func now() -> Timestamp {
            clock += 1_000_000
            return Timestamp(seconds: Int(clock / 1_000_000_000), nanos: Int(clock % 1_000_000_000))
        }
        result.append(
            Envelope(
                meta: Meta(
                    protocolVersion: "31.0.0", implementation: Product(name: "specrun", version: "0.1.0"),
                    runtime: Product(name: "Swift", version: "6.3.1"), os: Product(name: "Linux", version: nil),
                    cpu: Product(name: "x86_64", version: nil), ci: nil)))
        let definitions = (0..<4).map { n in
            StepDefinition(
                id: id(), pattern: StepDefinitionPattern(source: "step number {int} of kind \(n)", type: .cucumberExpression),
                sourceReference: SourceReference(
                    uri: "Specs/Synthetic.swift", javaMethod: nil, javaStackTraceElement: nil,
                    location: Location(line: 10 + n, column: nil)))
        }
        let perFeature = 50
        var plans: [(pickle: Pickle, testCase: TestCase)] = []
        let featureCount = (scenarios + perFeature - 1) / perFeature
        for f in 0..<featureCount {
            let uri = "Features/area\(f / 10)/feature\(f).feature"
            var children: [FeatureChild] = []
            var pickles: [Pickle] = []
            for s in 0..<min(perFeature, scenarios - f * perFeature) {
                let line = 3 + s * 7
                var steps: [Step] = []
                var pickleSteps: [PickleStep] = []
                for k in 0..<5 {
                    let text = "step number \(k) of kind \(k % 4)" + (s % 25 == 24 && k == 2 ? " that nobody wrote" : "")
                    let step = Step(
                        location: Location(line: line + 1 + k, column: 5), keyword: ["Given ", "When ", "Then ", "And ", "But "][k],
                        keywordType: nil, text: text, docString: nil, dataTable: nil, id: id())
                    steps.append(step)
                    pickleSteps.append(PickleStep(argument: nil, astNodeIds: [step.id], id: id(), type: nil, text: text))
                }
                let tag = Tag(location: Location(line: line - 1, column: 3), name: "@STORY-\(f)-AC-\(s % 5)", id: id())
                let scenario = Scenario(
                    location: Location(line: line, column: 3), tags: [tag], keyword: "Scenario",
                    name: "Scenario \(s) of feature \(f)", description: "", steps: steps, examples: [], id: id())
                children.append(FeatureChild(rule: nil, background: nil, scenario: scenario))
                pickles.append(
                    Pickle(
                        id: id(), uri: uri, location: scenario.location, name: scenario.name, language: "en",
                        steps: pickleSteps, tags: [PickleTag(name: tag.name, astNodeId: tag.id)], astNodeIds: [scenario.id]))
            }
            let featureTag = Tag(location: Location(line: 1, column: 1), name: "@STORY-\(f)", id: id())
            let feature = Feature(
                location: Location(line: 2, column: 1), tags: [featureTag], language: "en", keyword: "Feature",
                name: "Feature \(f)", description: "  As a **user** of area \(f / 10)\n  I want feature \(f)",
                children: children)
            result.append(Envelope(gherkinDocument: GherkinDocument(uri: uri, feature: feature, comments: [])))
            for pickle in pickles {
                var tagged = pickle
                tagged.tags.insert(PickleTag(name: featureTag.name, astNodeId: featureTag.id), at: 0)
                result.append(Envelope(pickle: tagged))
                let testSteps = tagged.steps.map { step -> TestStep in
                    let undefined = step.text.hasSuffix("that nobody wrote")
                    let kind = Int(step.text.split(separator: " ").last ?? "0") ?? 0
                    return TestStep(
                        hookId: nil, id: id(), pickleStepId: step.id,
                        stepDefinitionIds: undefined ? [] : [definitions[kind].id],
                        stepMatchArgumentsLists: undefined ? [] : [StepMatchArgumentsList(stepMatchArguments: [])])
                }
                plans.append((tagged, TestCase(id: id(), pickleId: tagged.id, testSteps: testSteps, testRunStartedId: "run")))
            }
        }
        result += definitions.map { Envelope(stepDefinition: $0) }
        result.append(Envelope(testRunStarted: TestRunStarted(timestamp: now(), id: "run")))
        result += plans.map { Envelope(testCase: $0.testCase) }
        for (number, plan) in plans.enumerated() {
            let started = id()
            result.append(
                Envelope(
                    testCaseStarted: TestCaseStarted(attempt: 0, id: started, testCaseId: plan.testCase.id, workerId: nil, timestamp: now())
                ))
            var failedYet = false
            for (k, step) in plan.testCase.testSteps.enumerated() {
                result.append(Envelope(testStepStarted: TestStepStarted(testCaseStartedId: started, testStepId: step.id, timestamp: now())))
                var status: TestStepResultStatus = .passed
                var exception: Messages.Exception?
                if failedYet {
                    status = .skipped
                } else if step.stepDefinitionIds?.isEmpty == true {
                    status = .undefined; failedYet = true
                } else if number % 10 == 9 && k == 3 {
                    status = .failed
                    failedYet = true
                    exception = Messages.Exception(
                        type: "ExpectationFailure", message: "expected 3, got 4",
                        stackTrace: "Specs/Synthetic.swift:42: expected 3, got 4")
                }
                let result1 = TestStepResult(
                    duration: Duration(seconds: 0, nanos: status == .passed || status == .failed ? 120_000 : 0),
                    message: exception?.message, status: status, exception: exception)
                result.append(
                    Envelope(
                        testStepFinished: TestStepFinished(
                            testCaseStartedId: started, testStepId: step.id,
                            testStepResult: result1, timestamp: now())))
            }
            result.append(Envelope(testCaseFinished: TestCaseFinished(testCaseStartedId: started, timestamp: now(), willBeRetried: false)))
        }
        result.append(
            Envelope(
                testRunFinished: TestRunFinished(message: nil, success: false, timestamp: now(), exception: nil, testRunStartedId: "run")))
        return result
    }
}
