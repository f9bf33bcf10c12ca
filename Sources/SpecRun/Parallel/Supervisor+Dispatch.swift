import Foundation

/// The work queue: test cases handed out as workers become free (the slowest first when timings are known), a few
/// queued ahead per worker, `@serial` ones never two at a time.
extension Supervisor {
    func preludeEnded(count: Int, keys: [String]?) {
        preludeDone = true
        pickleUris = [:]
        complete = Array(repeating: false, count: cases.count)
        pending = Array(cases.indices)
        if let keys, keys.count == cases.count, !settings.timings.isEmpty {
            let costs = keys.map { settings.timings[$0] ?? 0 }
            pending.sort { costs[$0] != costs[$1] ? costs[$0] > costs[$1] : $0 < $1 }
        }
    }

    /// Keeps every working worker a few test cases ahead (so none waits for the supervisor between two; fewer
    /// towards the end, so the last ones spread evenly); when nothing is left, tells each to end. A worker's
    /// queue is topped up once it has run half of it, not after every test case: the instructions then go in one
    /// write (and one read at the worker's end) for many test cases.
    func dispatch() -> [Action] {
        guard preludeDone, interruptedBy == nil else { return [] }
        // Asked after every test case: most times every worker has enough queued and work is left, so there is
        // nothing to do (found without sorting the workers into a new array).
        var workingCount = 0
        for worker in workers.values where worker.phase == .working { workingCount += 1 }
        let target = max(1, min(Self.queueAhead, (pending.count - pendingCursor) / max(1, workingCount * 4)))
        if pendingCursor < pending.count
            && !workers.values.contains(where: { $0.phase == .working && $0.assigned.count <= target / 2 }) { return [] }
        var actions: [Action] = []
        let working = workers.keys.sorted().filter { workers[$0]?.phase == .working }
        for number in working where (workers[number]?.assigned.count ?? target) <= target / 2 {
            // An idle worker handed work: its deadline counts from now, not from its last word.
            if workers[number]?.assigned.isEmpty == true { workers[number]?.heard = uptime() }
            while (workers[number]?.assigned.count ?? target) < target, let index = nextIndex() {
                workers[number]?.assigned.append(index)
                if cases[index].serial { runningSerial += 1 }
                if number > 0, let pickle = cases[index].pickle {
                    actions.append(.send(worker: number, .name(index, pickleId: pickle.id, uri: pickle.uri)))
                }
                actions.append(.send(worker: number, stopping ? .skip(index) : .run(index)))
            }
        }
        if pendingCursor >= pending.count && !anyAssigned {
            for number in working {
                workers[number]?.phase = .ending
                endSent = true
                workers[number]?.heard = uptime()
                actions.append(.send(worker: number, .end))
            }
        }
        return actions
    }

    /// At most this many test cases queued for one worker: enough that a worker never waits while the supervisor
    /// catches up with its output (the supervisor's reports cost about as much CPU as the steps themselves).
    static let queueAhead = 256

    var anyAssigned: Bool { workers.values.contains { !$0.assigned.isEmpty } }

    func nextIndex() -> Int? {
        guard pendingCursor < pending.count else { return nil }
        if stopping || runningSerial == 0 || !cases[pending[pendingCursor]].serial {
            defer { pendingCursor += 1 }
            return pending[pendingCursor]
        }
        // A @serial test case is running: take the next one that is not @serial.
        guard let found = pending[pendingCursor...].firstIndex(where: { !cases[$0].serial }) else { return nil }
        let index = pending.remove(at: found)
        pending.insert(index, at: pendingCursor)
        pendingCursor += 1
        return index
    }
}
