import Foundation
import Messages

extension Supervisor {
    /// One writer per channel: only a worker's own outbox speaks for it, and what it says follows its plan — the
    /// test case it was handed, its steps in the planned order (one start and one finish each, per attempt), its end
    /// once every step ended. A line that does not fit (a test case other than the one handed out, a step out of
    /// order or twice, an end too early, a test case's line when none was handed out, a line that is no message at
    /// all) was not written by that worker's run: a copy of it a step forked, or a step writing to its descriptors.
    /// The supervisor does not guess what was meant (it once reported such lines under the plan's ids, and a
    /// failed scenario read PASSED): it ends the worker, fails its scenario naming the line, and starts another.
    enum PlanCheck {
        /// Why `envelope` does not fit the test case `planned` (the first one the worker was handed; nil: none),
        /// given what the worker said of it so far (`running`); nil when it fits.
        static func misfit(_ envelope: Envelope, planned: PlannedCase?, running: RunningCase?) -> String? {
            switch envelope.kind {
            case .testCaseStarted:
                guard let started = envelope.testCaseStarted else { return nil }
                guard let planned else { return "test case \(started.testCaseId) started when the worker was handed none" }
                if let running = running?.started {
                    return "test case \(started.testCaseId) started while attempt \(running.id) had not finished"
                }
                if started.testCaseId != planned.testCaseId {
                    return "test case \(started.testCaseId) started where the plan has \(planned.testCaseId)"
                }
                return nil
            case .testStepStarted:
                guard let started = envelope.testStepStarted else { return nil }
                guard let planned, let attempt = running?.started?.id else {
                    return "step \(started.testStepId) started outside any test case"
                }
                if started.testCaseStartedId != attempt {
                    return "step \(started.testStepId) started for attempt \(started.testCaseStartedId) while \(attempt) runs"
                }
                if let step = running?.step { return "step \(started.testStepId) started while step \(step.id) runs" }
                let position = running?.finishedSteps.count ?? 0
                guard position < planned.steps.count, planned.steps.id(at: position) == started.testStepId else {
                    let expected = position < planned.steps.count ? "step \(planned.steps.id(at: position))" : "the test case's end"
                    return "step \(started.testStepId) started where the plan has \(expected)"
                }
                return nil
            case .testStepFinished:
                guard let finished = envelope.testStepFinished else { return nil }
                guard planned != nil, let attempt = running?.started?.id else {
                    return "step \(finished.testStepId) finished outside any test case"
                }
                if finished.testCaseStartedId != attempt {
                    return "step \(finished.testStepId) finished for attempt \(finished.testCaseStartedId) while \(attempt) runs"
                }
                if let step = running?.step {
                    return step.id == finished.testStepId ? nil : "step \(finished.testStepId) finished while step \(step.id) runs"
                }
                // (A start right before its finish is not decoded when no report reads it: the next planned step.)
                let position = running?.finishedSteps.count ?? 0
                guard let planned, position < planned.steps.count, planned.steps.id(at: position) == finished.testStepId else {
                    return "step \(finished.testStepId) finished, which had not started"
                }
                return nil
            case .testCaseFinished:
                guard let finished = envelope.testCaseFinished else { return nil }
                guard let planned, let attempt = running?.started?.id else {
                    return "attempt \(finished.testCaseStartedId) finished, which had not started"
                }
                if finished.testCaseStartedId != attempt { return "attempt \(finished.testCaseStartedId) finished while \(attempt) runs" }
                if let step = running?.step { return "attempt \(attempt) finished while its step \(step.id) runs" }
                let done = running?.finishedSteps.count ?? 0
                if done != planned.steps.count {
                    return "attempt \(attempt) finished after \(done) of its \(planned.steps.count) steps"
                }
                return nil
            default:
                return nil
            }
        }

        /// Whether an envelope belongs to a test case's run (and so must fit a plan).
        static func isTestCaseLine(_ envelope: Envelope) -> Bool {
            switch envelope.kind {
            case .testCaseStarted, .testStepStarted, .testStepFinished, .testCaseFinished: return true
            default: return false
            }
        }
    }

    /// Ends a worker whose channel carried a line that does not fit its plan (`PlanCheck`): nothing more of it is
    /// heard; its end fails its scenario with `reason`, and another worker is started.
    func reject(_ number: Int, reason: String) -> [Action] {
        guard let worker = workers[number], worker.misfit == nil, worker.state.phase != .gone else { return [] }
        worker.misfit = reason
        return [.signal(worker: number, SIGKILL)]
    }
}
