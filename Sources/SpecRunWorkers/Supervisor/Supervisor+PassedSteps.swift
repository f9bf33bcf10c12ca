import Messages

extension Supervisor {
    /// A worker's `!P` line (`WorkerConfiguration.sendsPassedStepsAsCount`): the next `count` steps of its running
    /// attempt passed, the last ending at `lastEnd`. Only the last becomes a `testStepFinished` (PASSED, no
    /// duration, at `lastEnd`), made from the plan's step id: the run's listeners take the steps before it that have
    /// no result as passed (`RunIndex.stepsUnsaid`), and no report of such a run reads more of them. Like every
    /// test case line it must fit the plan (`PlanCheck`): a count in a run whose workers send every step, when no
    /// attempt runs, while a step runs, or of more steps than the plan has left ends the worker.
    func passedSteps(_ count: Int, lastEnd: Timestamp, from number: Int) -> [Action] {
        guard let worker = workers[number], worker.misfit == nil, !worker.pastDeadline else { return [] }
        worker.state.heard = uptime()
        guard settings.passedStepsAsCount else {
            return reject(number, reason: "\(count) steps passed as a count in a run whose workers send each step")
        }
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
        let last = first + count - 1
        for position in first..<last { worker.state.running?.finishedSteps.append(planned.steps.id(at: position)) }
        let finished = TestStepFinished(
            testCaseStartedId: attempt, testStepId: planned.steps.id(at: last),
            testStepResult: TestStepResult(duration: Duration(seconds: 0, nanos: 0), status: .passed), timestamp: lastEnd)
        _ = track(Envelope(testStepFinished: finished), index: index, worker: worker)
        return []
    }
}
