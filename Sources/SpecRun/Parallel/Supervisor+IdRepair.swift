import Foundation
import Messages

/// A worker whose results name a test case other than the one the plan has at the index it was handed (its ids
/// drifted from worker 0's: a bug such as the one `--predictable-ids` had after a crash) would have the reports
/// name the wrong scenario, or none. The supervisor holds the plan: it names the planned test case, and the
/// planned steps in order (a test case's steps are always reported in the order planned, one start and one
/// finish each, per attempt), and says so once on stderr.
extension Supervisor {
    /// Rewrites a test case's envelope from a worker to the plan's ids when that worker's ids drifted.
    func repairIds(_ envelope: Envelope, index: Int, worker: Worker) -> Envelope {
        switch envelope.kind {
        case .testCaseStarted:
            guard var started = envelope.testCaseStarted, index < cases.count else { return envelope }
            let planned = cases[index].testCaseId
            guard started.testCaseId != planned else {
                worker.stepIds = nil
                return envelope
            }
            if !warnedAboutDrift {
                warnedAboutDrift = true
                warn("specrun: worker \(worker.number) named test case \(started.testCaseId) where the plan has \(planned); "
                    + "its results are reported under the plan's ids (please report this)\n")
            }
            worker.stepIds = [:]
            started.testCaseId = planned
            return Envelope(testCaseStarted: started)
        case .testStepStarted where worker.stepIds != nil:
            guard var started = envelope.testStepStarted else { return envelope }
            started.testStepId = plannedStep(started.testStepId, index: index, worker: worker)
            return Envelope(testStepStarted: started)
        case .testStepFinished where worker.stepIds != nil:
            guard var finished = envelope.testStepFinished else { return envelope }
            finished.testStepId = plannedStep(finished.testStepId, index: index, worker: worker)
            return Envelope(testStepFinished: finished)
        case .attachment where worker.stepIds != nil:
            guard var attachment = envelope.attachment, let id = attachment.testStepId else { return envelope }
            attachment.testStepId = plannedStep(id, index: index, worker: worker)
            return Envelope(attachment: attachment)
        default:
            return envelope
        }
    }

    /// The planned step a drifted step id stands for: the next planned one the first time it is seen.
    private func plannedStep(_ id: String, index: Int, worker: Worker) -> String {
        if let known = worker.stepIds?[id] { return known }
        let steps = cases[index].steps
        let position = worker.stepIds?.count ?? 0
        let planned = position < steps.count ? steps[position].id : id
        worker.stepIds?[id] = planned
        return planned
    }
}
