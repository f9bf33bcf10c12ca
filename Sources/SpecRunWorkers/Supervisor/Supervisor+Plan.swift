import Messages
import TagExpressions

extension Supervisor {
    /// A test case as planned by worker 0's prelude: what the supervisor hands out, and repairs after a crash.
    struct PlannedCase {
        var testCaseId: String
        var steps: PlannedSteps
        var serial: Bool
        /// Its pickle's id and feature file, when test cases are named to the workers (`Settings.namesTestCases`).
        var pickle: (id: String, uri: String)?
        /// Its pickle's id: the scenario to name when work it left running crashes a later one (`Supervisor+Culprit`).
        var pickleId = ""
    }

    /// Where a step definition's or hook's code is: what a crash's "file:line: Fatal error" line is matched against.
    struct DefinitionSource: Equatable {
        var uri: String
        var line: Int
        /// The step definition's expression, or the hook's name (empty: none).
        var text: String
        var isHook: Bool
    }

    /// What the supervisor learns of worker 0's prelude: the planned test cases (their steps, `@serial`, their
    /// pickle's file), the hooks' kinds and the run's id. Once a test case is complete its steps are forgotten.
    struct Plan {
        /// `@serial` (nil: one worker, where no two test cases ever run at once anyway).
        private let serial: TagExpression?
        private let namesTestCases: Bool
        /// Hold each test case message's own steps array (`PlannedSteps.Storage.sent`).
        private let holdsSentSteps: Bool
        private var cases: [PlannedCase] = []
        private var serialPickles: Set<String> = []
        /// Each pickle's feature file, by pickle id, until the test cases are planned (`Settings.namesTestCases`).
        private var pickleUris: [String: String] = [:]
        private var hookTypes: [String: HookType] = [:]
        /// The step definitions' and hooks' code locations, by the index a planned step holds.
        private(set) var definitions: [DefinitionSource] = []
        private var definitionIndex: [String: Int32] = [:]
        /// The id of the run's `testRunStarted` (worker 0's, or the one made for a run that crashed before it).
        private(set) var testRunStartedId: String?

        init(serial: TagExpression?, namesTestCases: Bool, holdsSentSteps: Bool = false) {
            self.serial = serial
            self.namesTestCases = namesTestCases
            self.holdsSentSteps = holdsSentSteps
        }

        var count: Int { cases.count }
        subscript(index: Int) -> PlannedCase { cases[index] }
        /// How many steps a test case has (until it is complete).
        func stepCount(of index: Int) -> Int { index < cases.count ? cases[index].steps.count : 0 }
        /// The pickle to name to a worker before handing it a test case (`Settings.namesTestCases`).
        func pickle(of index: Int) -> (id: String, uri: String)? { cases[index].pickle }
        /// Each test case's `@serial`, in the planned order.
        var serialFlags: [Bool] { cases.map(\.serial) }
        /// The `@serial` flags of the test cases from `start` on.
        func serialFlags(from start: Int) -> ArraySlice<Bool> { ArraySlice(cases[min(start, cases.count)...].map(\.serial)) }
        var hasAfterAllHooks: Bool { hookTypes.values.contains(.afterTestRun) }

        /// Whether a hook (by id) is an AfterAll hook (else a BeforeAll one, for a run hook).
        func isAfterAll(_ hookId: String) -> Bool { hookTypes[hookId] == .afterTestRun }

        /// Whether a hook (by id) is an AfterFeature hook: it runs before the next test case handed out starts,
        /// which has no part in it. (Feature hooks have no message type; their name says which they are.)
        func isAfterFeature(_ hookId: String) -> Bool { afterFeatureHooks.contains(hookId) }
        private var afterFeatureHooks: Set<String> = []

        /// Learns what a prelude envelope says of the plan: test cases, their steps, @serial, hooks, the run's id.
        mutating func learn(_ envelope: Envelope) {
            switch envelope.kind {
            case .pickle:
                if namesTestCases { envelope.withPickle { pickleUris[$0.id] = $0.uri } }
                // One worker never runs two test cases at once: @serial ones then run in the planned order too.
                guard let serial else { return }
                envelope.withPickle { pickle in
                    if serial.evaluate(tags: pickle.tags.map(\.name)) { serialPickles.insert(pickle.id) }
                }
            case .testCase:
                envelope.withTestCase { testCase in
                    cases.append(
                        PlannedCase(
                            testCaseId: testCase.id,
                            steps: steps(of: testCase),
                            serial: !serialPickles.isEmpty && serialPickles.contains(testCase.pickleId),
                            pickle: pickleUris.isEmpty ? nil : pickleUris[testCase.pickleId].map { (testCase.pickleId, $0) },
                            pickleId: testCase.pickleId))
                }
            case .hook:
                guard let hook = envelope.hook else { return }
                if let type = hook.type { hookTypes[hook.id] = type }
                if hook.type == nil, hook.name?.hasPrefix("AfterFeature hook") == true { afterFeatureHooks.insert(hook.id) }
                learnDefinition(
                    id: hook.id, hook.sourceReference, text: hook.name ?? "", isHook: true)
            case .stepDefinition:
                guard let definition = envelope.stepDefinition else { return }
                learnDefinition(id: definition.id, definition.sourceReference, text: definition.pattern.source, isHook: false)
            case .testRunStarted:
                if let started = envelope.testRunStarted { testRunStartedId = started.id }
            default:
                break
            }
        }

        private mutating func learnDefinition(id: String, _ source: SourceReference, text: String, isHook: Bool) {
            guard let uri = source.uri, let line = source.location?.line else { return }
            definitionIndex[id] = Int32(definitions.count)
            definitions.append(DefinitionSource(uri: uri, line: line, text: text, isHook: isHook))
        }

        /// A test case's steps as the plan holds them (`PlannedSteps`).
        private func steps(of testCase: TestCase) -> PlannedSteps {
            if holdsSentSteps { return PlannedSteps(.sent(testCase.testSteps)) }
            return PlannedSteps(
                .kept(
                    testCase.testSteps.map {
                        PlannedSteps.Kept(id: $0.id, isHook: $0.hookId != nil, definition: definitionIndex(of: $0))
                    }))
        }

        /// Where the code of a step is in `definitions` (-1: not known), by the id of its hook or first definition.
        private func definitionIndex(of step: TestStep) -> Int32 {
            (step.hookId ?? step.stepDefinitionIds?.first).flatMap { definitionIndex[$0] } ?? -1
        }

        /// Whether the test case at `index` runs the code at `definition` (an index in `definitions`).
        func runs(_ definition: Int32, in index: Int) -> Bool {
            cases[index].steps.runs(definition) { definitionIndex(of: $0) }
        }

        /// The code a planned step runs, if its source is known.
        func definition(_ index: Int32) -> DefinitionSource? {
            index >= 0 && Int(index) < definitions.count ? definitions[Int(index)] : nil
        }

        /// The prelude ended: the pickles' files are no longer needed to plan test cases.
        mutating func planned() { pickleUris = [:] }

        /// The run crashed before worker 0 sent its `testRunStarted`: the supervisor made this one.
        mutating func runStarted(id: String) { testRunStartedId = id }

        /// A complete test case: its steps were kept to repair it after a crash, no longer needed (50,000 test
        /// cases' worth otherwise).
        mutating func forget(_ index: Int) {
            guard index >= 0 && index < cases.count else { return }
            cases[index].steps = PlannedSteps(.kept([]))
            cases[index].pickle = nil
        }
    }
}
