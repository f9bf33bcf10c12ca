import Messages

extension Supervisor {
    /// A worker's `!P` line (`WorkerConfiguration.collapsesPassedSteps`): the next `count` steps of its running
    /// attempt passed, the last ending at `lastEnd`. Each becomes the `testStepFinished` the worker would have sent,
    /// made from the plan's step ids; what no report of such a run reads is not known: each takes no time and ends
    /// at `lastEnd`. Like every test case line it must fit the plan (`PlanCheck`): steps when no attempt runs, while
    /// a step runs, or more than the plan has left end the worker.
    func passedSteps(_ count: Int, lastEnd: Timestamp, from number: Int) -> [Action] {
        guard let worker = workers[number], worker.misfit == nil, !worker.pastDeadline else { return [] }
        worker.state.heard = uptime()
        guard worker.state.phase == .working, let index = worker.state.assigned.first, index < parts.plan.count,
            let running = worker.state.running, let attempt = running.started?.id
        else {
            return reject(number, reason: "\(count) steps passed outside any test case")
        }
        if let step = running.step { return reject(number, reason: "\(count) steps passed while step \(step.id) runs") }
        let planned = parts.plan[index]
        let first = running.finishedSteps.count
        // (Compared as what is left: a forged count near `Int.max` must not overflow a sum.)
        guard count <= planned.steps.count - first else {
            return reject(number, reason: "\(count) steps passed where the plan has \(planned.steps.count - first) left")
        }
        let result = TestStepResult(duration: Duration(seconds: 0, nanos: 0), status: .passed)
        for position in first..<(first + count) {
            let finished = TestStepFinished(
                testCaseStartedId: attempt, testStepId: planned.steps.id(at: position), testStepResult: result, timestamp: lastEnd)
            _ = track(Envelope(testStepFinished: finished), index: index, worker: worker)
        }
        return []
    }
}
