import Messages
import TagExpressions

extension Supervisor {
    /// A test case as planned by worker 0's prelude: what the supervisor hands out, and repairs after a crash.
    struct PlannedCase {
        var testCaseId: String
        var steps: [(id: String, isHook: Bool)]
        var serial: Bool
        /// Its pickle's id and feature file, when test cases are named to the workers (`Settings.namesTestCases`).
        var pickle: (id: String, uri: String)?
    }

    /// What the supervisor learns of worker 0's prelude: the planned test cases (their steps, `@serial`, their
    /// pickle's file), the hooks' kinds and the run's id. Once a test case is complete its steps are forgotten.
    struct Plan {
        /// `@serial` (nil: one worker, where no two test cases ever run at once anyway).
        private let serial: TagExpression?
        private let namesTestCases: Bool
        private var cases: [PlannedCase] = []
        private var serialPickles: Set<String> = []
        /// Each pickle's feature file, by pickle id, until the test cases are planned (`Settings.namesTestCases`).
        private var pickleUris: [String: String] = [:]
        private var hookTypes: [String: HookType] = [:]
        /// The id of the run's `testRunStarted` (worker 0's, or the one made for a run that crashed before it).
        private(set) var testRunStartedId: String?

        init(serial: TagExpression?, namesTestCases: Bool) {
            self.serial = serial
            self.namesTestCases = namesTestCases
        }

        var count: Int { cases.count }
        subscript(index: Int) -> PlannedCase { cases[index] }
        /// How many steps a test case has (until it is complete).
        func stepCount(of index: Int) -> Int { index < cases.count ? cases[index].steps.count : 0 }
        /// The pickle to name to a worker before handing it a test case (`Settings.namesTestCases`).
        func pickle(of index: Int) -> (id: String, uri: String)? { cases[index].pickle }
        /// Each test case's `@serial`, in the planned order.
        var serialFlags: [Bool] { cases.map(\.serial) }
        var hasAfterAllHooks: Bool { hookTypes.values.contains(.afterTestRun) }

        /// Whether a hook (by id) is an AfterAll hook (else a BeforeAll one, for a run hook).
        func isAfterAll(_ hookId: String) -> Bool { hookTypes[hookId] == .afterTestRun }

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
                            steps: testCase.testSteps.map { ($0.id, $0.hookId != nil) },
                            serial: !serialPickles.isEmpty && serialPickles.contains(testCase.pickleId),
                            pickle: pickleUris.isEmpty ? nil : pickleUris[testCase.pickleId].map { (testCase.pickleId, $0) }))
                }
            case .hook:
                if let hook = envelope.hook, let type = hook.type { hookTypes[hook.id] = type }
            case .testRunStarted:
                if let started = envelope.testRunStarted { testRunStartedId = started.id }
            default:
                break
            }
        }

        /// The prelude ended: the pickles' files are no longer needed to plan test cases.
        mutating func planned() { pickleUris = [:] }

        /// The run crashed before worker 0 sent its `testRunStarted`: the supervisor made this one.
        mutating func runStarted(id: String) { testRunStartedId = id }

        /// A complete test case: its steps were kept to repair it after a crash, no longer needed (50,000 test
        /// cases' worth otherwise).
        mutating func forget(_ index: Int) {
            cases[index].steps = []
            cases[index].pickle = nil
        }
    }
}
