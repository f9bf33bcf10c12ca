import Foundation
import Messages

/// The planned test cases of a run, kept as their pickles and the ids their plans were made with. A plan (the
/// bound steps, their arguments and hooks: a few KiB each) is made once to send its `testCase` message and made
/// again, with the same ids, when its test case runs — so a worker holds one plan at a time, not 50,000.
/// A class: a file's book is looked up for each of its test cases (`FilePlans`), a reference taken, not five arrays.
final class PlanBook: Sendable {
    private let registry: StepRegistry
    private let pickles: [SharedPickle]
    private let ids: [ContiguousArray<String>]
    /// Each plan's pickle step bindings (a reference each: matches are shared), so planning again matches nothing.
    private let bindings: [ContiguousArray<StepBinding>]
    private let testRunStartedId: String

    /// Plans every pickle in order, handing each plan to `planned` (which sends its `testCase` message). `planner`
    /// (by default one of its own) carries its match cache: books of one run share one.
    init(
        registry: StepRegistry, pickles: consuming [Pickle], ids: IdGenerator, testRunStartedId: String,
        planner given: Planner? = nil, planned: (TestCasePlan) -> Void
    ) {
        let planner = given ?? Planner(registry: registry)
        var recorded: [ContiguousArray<String>] = []
        var bound: [ContiguousArray<StepBinding>] = []
        // Moved out of the array (its only reference, when the caller let go of it), not copied field by field.
        var source = consume pickles
        var shared: [SharedPickle] = []
        shared.reserveCapacity(source.count)
        while let pickle = source.popLast() { shared.append(SharedPickle(pickle)) }
        shared.reverse()
        recorded.reserveCapacity(shared.count)
        bound.reserveCapacity(shared.count)
        for pickle in shared {
            // (The test case's id and one per step: a few more for hooks. From the pickle's own part of `ids`: a
            // worker that plans only the test cases it runs names them alike.)
            // Bound first (binding takes no id), so the plan reads them and no planned step is copied for them.
            let bindings = planner.bind(pickle.value)
            let plan = planner.plan(
                pickle, ids: PartIds.plan(ofPickle: pickle.value.id, of: ids), testRunStartedId: testRunStartedId,
                bindings: bindings)
            planned(plan)
            recorded.append(plan.ids)
            bound.append(bindings)
        }
        self.registry = registry
        self.pickles = shared
        self.ids = recorded
        self.bindings = bound
        self.testRunStartedId = testRunStartedId
    }

    var count: Int { pickles.count }

    func pickle(at index: Int) -> Pickle { pickles[index].value }

    /// `transform` of each pickle, in the planned order.
    func map<T>(_ transform: (Pickle) -> T) -> [T] { pickles.map { transform($0.value) } }

    /// The plan of the test case at `index`, the same as when it was first made (ids included). `planner` carries
    /// its match cache from one test case to the next; a thread of its own passes a planner of its own.
    func plan(at index: Int, with planner: Planner) -> TestCasePlan {
        planner.plan(
            pickles[index], ids: ReplayedIdGenerator(ids[index]), testRunStartedId: testRunStartedId,
            bindings: bindings[index])
    }

    func makePlanner() -> Planner { Planner(registry: registry) }
}

/// Hands out a plan's ids again (`TestCasePlan.ids`), in order (for one planning call at a time).
final class ReplayedIdGenerator: IdGenerator, Sendable {
    private let ids: ContiguousArray<String>
    private let next = IdCounter()

    init(_ ids: ContiguousArray<String>) { self.ids = ids }

    func newId() -> String {
        let index = Int(next.takeAlone())
        return index < ids.count ? ids[index] : UUID().uuidString
    }
}
