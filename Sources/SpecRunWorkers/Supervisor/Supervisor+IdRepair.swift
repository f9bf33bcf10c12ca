import Foundation
import Messages

extension Supervisor {
    /// A worker whose results name a test case other than the one the plan has at the index it was handed (its ids
    /// drifted from worker 0's: a bug such as the one `--predictable-ids` had after a crash) would have the reports
    /// name the wrong scenario, or none. The supervisor holds the plan: it names the planned test case, and the
    /// planned steps in order (a test case's steps are always reported in the order planned, one start and one
    /// finish each, per attempt), and says so once on stderr. A drifting worker's step ids → the plan's are its own
    /// (`Worker.stepIds`, nil while its ids agree with the plan's).
    struct IdRepair {
        /// Where the warning goes (stderr).
        var warn: (String) -> Void = { _ in }
        /// Whether the warning was given (once a run).
        private var warned = false

        /// Rewrites a test case's envelope from a worker to the plan's ids when that worker's ids drifted.
        /// `planned`: the test case the plan has at the index the worker was handed (nil: none).
        mutating func repair(_ envelope: Envelope, planned: PlannedCase?, worker: Worker) -> Envelope {
            switch envelope.kind {
            case .testCaseStarted:
                guard var started = envelope.testCaseStarted, let planned else { return envelope }
                guard started.testCaseId != planned.testCaseId else {
                    worker.state.stepIds = nil
                    return envelope
                }
                if !warned {
                    warned = true
                    warn(
                        "specrun: worker \(worker.number) named test case \(started.testCaseId) where the plan has \(planned.testCaseId); "
                            + "its results are reported under the plan's ids (please report this)\n")
                }
                worker.state.stepIds = [:]
                started.testCaseId = planned.testCaseId
                return Envelope(testCaseStarted: started)
            case .testStepStarted where worker.state.stepIds != nil:
                guard var started = envelope.testStepStarted else { return envelope }
                started.testStepId = Self.plannedStep(started.testStepId, planned: planned, worker: worker)
                return Envelope(testStepStarted: started)
            case .testStepFinished where worker.state.stepIds != nil:
                guard var finished = envelope.testStepFinished else { return envelope }
                finished.testStepId = Self.plannedStep(finished.testStepId, planned: planned, worker: worker)
                return Envelope(testStepFinished: finished)
            case .attachment where worker.state.stepIds != nil:
                guard var attachment = envelope.attachment, let id = attachment.testStepId else { return envelope }
                attachment.testStepId = Self.plannedStep(id, planned: planned, worker: worker)
                return Envelope(attachment: attachment)
            default:
                return envelope
            }
        }

        /// The planned step a drifted step id stands for: the next planned one the first time it is seen.
        private static func plannedStep(_ id: String, planned: PlannedCase?, worker: Worker) -> String {
            if let known = worker.state.stepIds?[id] { return known }
            let steps = planned?.steps ?? []
            let position = worker.state.stepIds?.count ?? 0
            let planned = position < steps.count ? steps[position].id : id
            worker.state.stepIds?[id] = planned
            return planned
        }
    }
}
