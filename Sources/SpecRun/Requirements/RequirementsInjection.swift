import Messages
import SpecRunReportCore
import SpecRunReports

/// Adds the requirements attachment to the CLI's envelope stream, once, right after testRunStarted: the one
/// place every source (in-process run, worker processes) passes, so every report and the saved `message`
/// stream carry the criteria.
final class RequirementsInjection {
    private let body: String?
    private var injected = false

    init(body: String?) { self.body = body }

    /// The envelope, followed by the attachment when it is the run's testRunStarted.
    func deliver(_ envelope: Envelope, to listen: (Envelope) -> Void) {
        listen(envelope)
        guard let body, !injected, let started = envelope.testRunStarted else { return }
        injected = true
        listen(RequirementsAttachment.envelope(body: body, testRunStartedId: started.id))
    }
}
