import Messages

/// Where a run session's test case plans come from: planned up front (`PlanBook`: the first worker and an
/// in-process run), or named one by one as a supervisor hands the test cases out (`PickleShelf`: the other workers).
protocol PlanSource: Sendable {
    /// How many test cases can be asked for (by index, from 0).
    var count: Int { get }
    /// The plan of the test case at `index`, the same whenever asked (ids included); nil when none is known.
    func plan(ofCase index: Int, with planner: Planner) -> TestCasePlan?
    func makePlanner() -> Planner
    /// The test case at `index` ran for the last time: what only it needed can go.
    func finished(_ index: Int)
    /// Whether the test case at `index` can be planned.
    func knows(_ index: Int) -> Bool
}

extension PlanBook: PlanSource {
    func plan(ofCase index: Int, with planner: Planner) -> TestCasePlan? {
        index >= 0 && index < count ? plan(at: index, with: planner) : nil
    }

    func finished(_ index: Int) {}

    func knows(_ index: Int) -> Bool { index >= 0 && index < count }
}
