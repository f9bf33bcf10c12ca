import Messages

/// A plan that comes file by file (`WorkerConfiguration.plansByFile`): worker 0, alone in its run, sends each
/// feature file's `testCase` messages and a `planned` line as it plans them and then runs them at once, unasked (as
/// a run in one process does): they are its as if handed to it, and its first scenario runs once its first file is
/// planned, not its last. Its `ready` comes after the last file.
///
/// When it ends before its `ready` (a crash in a scenario), the next worker started plans the run again (the same
/// test cases with the same ids): of its `testCase` messages only those past the plan known so far are taken. It is
/// handed what to run, as any worker (some of the run is done), and plans ahead to a test case it is handed before
/// it planned it, and while no instruction waits.
extension Supervisor {
    /// A `testCase` message of the plan's sender: learned and forwarded, unless it is one the plan has already
    /// (a worker that plans the rest of a run plans it from the first file again).
    func acceptPlanned(_ envelope: Envelope, from worker: Worker) {
        worker.plannedCases += 1
        guard worker.plannedCases > parts.plan.count else { return }
        if documentBatches != nil { forwardDocuments(throughPickle: envelope.withTestCase { $0.pickleId }) }
        learn(envelope)
        forward(envelope)
    }

    /// The plan's sender planned more test cases (`WorkerControl.planned`): it is working, and they are queued —
    /// handed to worker 0 itself, which runs them unasked, or to be handed out to the one planning the rest.
    func planGrew(from worker: Worker) -> [Action] {
        guard worker.number == planner, !preludeDone else { return [] }
        plansByFile = true
        if worker.state.phase == .prelude { worker.state.phase = .working }
        growPlan()
        return worker.number == 0 ? [] : dispatch()
    }

    /// The test cases learned since the last call: in the stream's plan and the queue, and worker 0's when it
    /// sends the plan (it runs them unasked).
    func growPlan() {
        parts.stream.plan(count: parts.plan.count)
        parts.queue.extend(serial: parts.plan.serialFlags(from: parts.queue.count))
        guard planner == 0, let worker = workers[0], worker.state.phase == .working else { return }
        if worker.state.assigned.isEmpty { worker.state.heard = uptime() }
        while let index = parts.queue.next() { worker.state.assigned.append(index) }
    }

    /// The plan's sender ended before its `ready`: the next worker started sends the rest of the plan.
    func planSenderEnded(_ number: Int) {
        if number == planner, plansByFile, !preludeDone { planner = nextNumber }
    }

    /// Forwards the documents (`documentBatches`), a file at a time, up to the file of the pickle `id` (unless
    /// that file went already), or every file left (nil): a test case's file goes into the stream before it, whole.
    /// None before worker 0's `meta`.
    func forwardDocuments(throughPickle id: String?) {
        guard documentsAfterMeta, let next = documentBatches else { return }
        if let id, lastDocumentsPickles.contains(id) { return }
        while let file = next() {
            lastDocumentsPickles = []
            for envelope in file {
                learn(envelope)
                forward(envelope)
                _ = envelope.withPickle { lastDocumentsPickles.insert($0.id) }
            }
            if let id, lastDocumentsPickles.contains(id) { return }
        }
        documentBatches = nil
    }
}
