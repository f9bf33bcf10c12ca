import Foundation

/// Attaches text to the running step (or hook): it travels in the message stream to the reports.
public func attach(_ text: String, mediaType: String = "text/plain", fileName: String? = nil) {
    guard let context = StepContext.current else { return UnboundAttachments.dropped(mediaType) }
    context.record(AttachmentContent(body: text, base64: false, mediaType: mediaType, fileName: fileName))
}

/// Attaches binary data (sent base64-encoded) to the running step (or hook).
public func attach(_ data: Data, mediaType: String, fileName: String? = nil) {
    guard let context = StepContext.current else { return UnboundAttachments.dropped(mediaType) }
    context.record(
        AttachmentContent(
            body: data.base64EncodedString(), base64: true,
            mediaType: mediaType, fileName: fileName))
}

/// Logs a line for the running step (an attachment of media type `text/x.cucumber.log+plain`).
public func log(_ text: String) {
    attach(text, mediaType: "text/x.cucumber.log+plain")
}

struct AttachmentContent: Sendable, Equatable {
    let body: String
    let base64: Bool
    let mediaType: String
    let fileName: String?
}

/// What the running step's code can reach: a sink for its attachments, the scenario, the run's world parameters.
/// Bound with a TaskLocal for the duration of one step or hook, so `attach` needs no parameter.
final class StepContext: Sendable {
    @TaskLocal static var current: StepContext?

    private let sink: @Sendable (AttachmentContent) -> Void
    let scenario: ScenarioContext?
    /// `WorldParameters`: the run's (`RunConfiguration.worldParameters`).
    let worldParameters: [String: String]

    init(
        scenario: ScenarioContext? = nil, worldParameters: [String: String] = [:],
        sink: @escaping @Sendable (AttachmentContent) -> Void
    ) {
        self.scenario = scenario
        self.worldParameters = worldParameters
        self.sink = sink
    }

    func record(_ content: AttachmentContent) {
        sink(content)
    }
}
