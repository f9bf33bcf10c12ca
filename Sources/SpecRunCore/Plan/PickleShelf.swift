import Foundation
import Messages

/// The plans of a worker that parses only the feature files it runs. Before handing out a test case, the supervisor
/// names its pickle (id and file, `name`); the file is parsed the first time one of its pickles is named — with the
/// file's part of the run's ids (`PartIds.file`) — and the test case is planned with its pickle's part
/// (`PartIds.plan`): the very ids of the supervisor's documents and of the first worker's `testCase` messages.
final class PickleShelf: PlanSource, @unchecked Sendable {
    // @unchecked: what changes is read and written under `lock` (the watchdog thread describes a running step).
    private let lock = NSLock()
    private let registry: StepRegistry
    private let ids: any IdGenerator
    private let testRunStartedId: String
    /// The run's feature files by uri.
    private let files: [String: FeatureFile]
    /// The source, gherkinDocument and pickle messages of a file (`SpecRunner.featureEnvelopes`).
    private let parse: (FeatureFile, String) -> [Envelope]
    private var parsed: Set<String> = []
    /// The pickles of the files parsed, by id, until their test case ran.
    private var pickles: [String: SharedPickle] = [:]
    /// The pickle id of each test case named and not yet finished, by index.
    private var named: [Int: String] = [:]
    private var lines = LineIndex()

    init(registry: StepRegistry, ids: any IdGenerator, testRunStartedId: String, files: [String: FeatureFile],
         parse: @escaping (FeatureFile, String) -> [Envelope]) {
        self.registry = registry
        self.ids = ids
        self.testRunStartedId = testRunStartedId
        self.files = files
        self.parse = parse
    }

    /// Any index may be named.
    var count: Int { Int.max }

    /// The test case at `index` is the pickle `pickleId` of the feature file `uri` (parsed now if it was not).
    func name(_ index: Int, pickleId: String, uri: String) {
        lock.withLock {
            named[index] = pickleId
            guard !parsed.contains(uri), let file = files[uri] else { return }
            parsed.insert(uri)
            let envelopes = parse(file, uri)
            for position in envelopes.indices {
                envelopes[position].withGherkinDocument { lines.add($0, selecting: false) }
                if envelopes[position].kind == .pickle, let pickle = envelopes[position].pickle {
                    pickles[pickle.id] = SharedPickle(pickle)
                }
            }
        }
    }

    func plan(ofCase index: Int, with planner: Planner) -> TestCasePlan? {
        guard let pickle = lock.withLock({ named[index].flatMap { pickles[$0] } }) else { return nil }
        return planner.plan(pickle, ids: PartIds.plan(ofPickle: pickle.value.id, of: ids), testRunStartedId: testRunStartedId)
    }

    func makePlanner() -> Planner { Planner(registry: registry) }

    func finished(_ index: Int) {
        lock.withLock {
            if let id = named.removeValue(forKey: index) { pickles[id] = nil }
        }
    }

    func knows(_ index: Int) -> Bool { lock.withLock { named[index].map { pickles[$0] != nil } ?? false } }

    /// The line of the AST node with this id, in the files parsed so far.
    func line(of id: String) -> Int? { lock.withLock { lines.line(of: id) } }
}
