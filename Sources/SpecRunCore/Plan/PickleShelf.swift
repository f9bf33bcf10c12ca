import Foundation
import Gherkin
import Messages
import SharedState

/// The plans of a worker that parses only the feature files it runs. Before handing out a test case, the supervisor
/// names its pickle (id and file, `name`); the file is parsed the first time one of its pickles is named — with the
/// file's part of the run's ids (`PartIds.file`) — and the test case is planned with its pickle's part
/// (`PartIds.plan`): the very ids of the supervisor's documents and of the first worker's `testCase` messages.
final class PickleShelf: PlanSource, Sendable {
    private let registry: StepRegistry
    private let ids: any IdGenerator
    private let testRunStartedId: String
    /// The run's feature files by uri.
    private let files: [String: FeatureFile]
    /// The source, gherkinDocument and pickle messages of a file (`SpecRunner.featureEnvelopes`), their step texts
    /// shared through the pool given.
    private let parse: @Sendable (FeatureFile, String, StepTextPool) -> [Envelope]
    /// What changes as test cases are named and run (the watchdog thread describes a running step too).
    private let state: Locked<State>

    private struct State {
        var parsed: Set<String> = []
        /// The pickles of the files parsed, by id, until their test case ran.
        var pickles: [String: SharedPickle] = [:]
        /// The pickle id of each test case named and not yet finished, by index.
        var named: [Int: String] = [:]
        var lines = LineIndex()
        /// The step texts of the files parsed, each distinct one kept once.
        let texts = StepTextPool()
    }

    init(
        registry: StepRegistry, ids: any IdGenerator, testRunStartedId: String, files: [String: FeatureFile],
        parse: @escaping @Sendable (FeatureFile, String, StepTextPool) -> [Envelope]
    ) {
        self.registry = registry
        self.ids = ids
        self.testRunStartedId = testRunStartedId
        self.files = files
        self.parse = parse
        state = Locked(State())
    }

    /// Any index may be named.
    var count: Int { Int.max }

    /// The test case at `index` is the pickle `pickleId` of the feature file `uri` (parsed now if it was not).
    func name(_ index: Int, pickleId: String, uri: String) {
        state.withLock { state in
            state.named[index] = pickleId
            guard !state.parsed.contains(uri), let file = files[uri] else { return }
            state.parsed.insert(uri)
            let envelopes = parse(file, uri, state.texts)
            for position in envelopes.indices {
                envelopes[position].withGherkinDocument { state.lines.add($0, selecting: false) }
                if envelopes[position].kind == .pickle, let pickle = envelopes[position].pickle {
                    state.pickles[pickle.id] = SharedPickle(pickle)
                }
            }
        }
    }

    func plan(ofCase index: Int, with planner: Planner) -> TestCasePlan? {
        guard let pickle = state.withLock({ state in state.named[index].flatMap { state.pickles[$0] } }) else { return nil }
        return planner.plan(pickle, ids: PartIds.plan(ofPickle: pickle.value.id, of: ids), testRunStartedId: testRunStartedId)
    }

    func makePlanner() -> Planner { Planner(registry: registry) }

    func finished(_ index: Int) {
        state.withLock { state in
            if let id = state.named.removeValue(forKey: index) { state.pickles[id] = nil }
        }
    }

    func knows(_ index: Int) -> Bool {
        state.withLock { state in state.named[index].map { state.pickles[$0] != nil } ?? false }
    }

    /// The line of the AST node with this id, in the files parsed so far.
    func line(of id: String) -> Int? { state.withLock { $0.lines.line(of: id) } }
}
