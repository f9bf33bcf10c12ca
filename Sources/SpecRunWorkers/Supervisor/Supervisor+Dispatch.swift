import Foundation

/// Handing out work: test cases taken from the `WorkQueue` as workers become free, a few queued ahead per worker.
extension Supervisor {
    /// Worker 0's prelude ended: the plan is whole; every test case is queued (the slowest first when timings are
    /// known for their keys).
    func preludeEnded(count: Int, keys: [String]?) {
        preludeDone = true
        // (The files left: those with no test case, or planned by none.)
        forwardDocuments(throughPickle: nil)
        if plansByFile {
            // (Queued as it came, in the planned order: a plan made file by file has no timings to order it by.)
            growPlan()
            parts.plan.planned()
            return
        }
        parts.plan.planned()
        parts.stream.plan(count: parts.plan.count)
        var costs: [Double]?
        if let keys, keys.count == parts.plan.count, !settings.timings.isEmpty { costs = keys.map { settings.timings[$0] ?? 0 } }
        parts.queue = WorkQueue(serial: parts.plan.serialFlags, costs: costs)
    }

    /// Keeps every working worker a few test cases ahead (so none waits for the supervisor between two; fewer
    /// towards the end, so the last ones spread evenly); when nothing is left, tells each to end. A worker's
    /// queue is topped up once it has run half of it, not after every test case: the instructions then go in one
    /// write (and one read at the worker's end) for many test cases.
    func dispatch() -> [Action] {
        guard preludeDone || plansByFile, interruptedBy == nil else { return [] }
        // Asked after every test case: most times every worker has enough queued and work is left, so there is
        // nothing to do (found without sorting the workers into a new array).
        var workingCount = 0
        for worker in workers.values where worker.state.phase == .working { workingCount += 1 }
        // Shared by the workers the run will have, not just those working yet: counted by the first alone, its
        // first share was the run's quarter, and its last scenarios ran one after another while the others idled
        // (64 scenarios of 1 s with -j 8 took 16 s instead of 8).
        let sharing = max(workingCount, settings.workers)
        // A lone worker has no one to share with: it is kept far ahead, so that it never waits while the supervisor
        // (its reports, its reading of the worker's output) is a batch or two behind it.
        let target =
            sharing == 1
            ? Self.queueAheadAlone
            : max(1, min(Self.queueAhead, parts.queue.pendingCount / max(1, sharing * 4)))
        if parts.queue.hasPending
            && !workers.values.contains(where: { $0.state.phase == .working && $0.state.assigned.count <= target / 2 })
        {
            return []
        }
        var actions: [Action] = []
        let working = workers.keys.sorted().filter { workers[$0]?.state.phase == .working }
        for number in working where (workers[number]?.state.assigned.count ?? target) <= target / 2 {
            // An idle worker handed work: its deadline counts from now, not from its last word.
            if workers[number]?.state.assigned.isEmpty == true { workers[number]?.state.heard = uptime() }
            var runs: Range<Int>?
            while (workers[number]?.state.assigned.count ?? target) < target, let index = parts.queue.next() {
                workers[number]?.state.assigned.append(index)
                if number > 0, number != planner, let pickle = parts.plan.pickle(of: index) {
                    Self.handOut(&runs, to: number, into: &actions)
                    actions.append(.send(worker: number, .name(index, pickleId: pickle.id, uri: pickle.uri)))
                }
                if parts.queue.isStopping {
                    Self.handOut(&runs, to: number, into: &actions)
                    actions.append(.send(worker: number, .skip(index)))
                } else if let pending = runs, pending.upperBound == index {
                    runs = pending.lowerBound..<index + 1
                } else {
                    Self.handOut(&runs, to: number, into: &actions)
                    runs = index..<index + 1
                }
            }
            Self.handOut(&runs, to: number, into: &actions)
        }
        if preludeDone && !parts.queue.hasPending && !anyAssigned {
            for number in working {
                workers[number]?.state.phase = .ending
                endSent = true
                workers[number]?.state.heard = uptime()
                actions.append(.send(worker: number, .end))
            }
        }
        return actions
    }

    /// At most this many test cases queued for one worker: enough that a worker never waits while the supervisor
    /// catches up with its output (the supervisor's reports cost about as much CPU as the steps themselves).
    static let queueAhead = 256

    /// At most this many queued for a worker that runs alone: about 25 ms of c50k's scenarios, when topped up after half
    /// (with 256, a c50k run's worker waited for its next instruction 10–20 % of the time).
    static let queueAheadAlone = 4096

    /// Test cases handed out in a row, in one instruction (`run` for one, `runs` for several).
    private static func handOut(_ runs: inout Range<Int>?, to worker: Int, into actions: inout [Action]) {
        guard let indices = runs.take() else { return }
        actions.append(.send(worker: worker, indices.count == 1 ? .run(indices.lowerBound) : .runs(indices)))
    }

    var anyAssigned: Bool { workers.values.contains { !$0.state.assigned.isEmpty } }
}
