import Foundation
import Messages

/// The run-level attachment that carries the story documents' criteria through the message stream (the CLI
/// adds it right after `testRunStarted`), so every report — and `specrun report` on saved streams — can show
/// coverage without reading the documents again. The body is JSON (see docs/CONTRACTS.md):
/// `{"version":1,"stories":[{"id","title","uri","line","narrative","criteria":[{"id","title","type","given","when","then",
/// "uri","line","derived"}]}],"warnings":[{"uri","line","message"}],"scope":{"partial","elsewhere"}?}`.
package enum RequirementsAttachment {
    package static let mediaType = "application/vnd.specrun.requirements+json"
    package static let fileName = "requirements.json"
    package static let version = 1

    /// Whether an envelope is this attachment.
    package static func isRequirements(_ envelope: Envelope) -> Bool {
        envelope.attachment.map(isRequirements) ?? false
    }

    static func isRequirements(_ attachment: Attachment) -> Bool {
        attachment.mediaType == mediaType && attachment.testCaseStartedId == nil
    }

    /// The attachment for a run, its body already encoded.
    package static func envelope(body: String, testRunStartedId: String?) -> Envelope {
        Envelope(
            attachment: Attachment(
                body: body, contentEncoding: .identity, fileName: fileName, mediaType: mediaType,
                testRunStartedId: testRunStartedId))
    }

    /// A body (from `RequirementsJSON.encode`) with what a run of some paths knows of the files it did not read.
    package static func body(_ body: String, scope: Scope) -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        guard let end = body.lastIndex(of: "}"), let encoded = try? encoder.encode(scope) else { return body }
        return body[..<end] + #","scope":"# + String(decoding: encoded, as: UTF8.self) + body[end...]
    }

    /// The stories and warnings of a body; nil for a body that is not this JSON (another version, cut off).
    package static func decode(_ body: String) -> Body? {
        guard let data = body.data(using: .utf8), let decoded = try? JSONDecoder().decode(Body.self, from: data),
            decoded.version == version
        else { return nil }
        return decoded
    }

    package struct Body: Codable, Sendable {
        var version: Int
        package var stories: [Story]
        package var warnings: [Warning]?
        /// Set by a run of some paths only: what it could not see. Absent for a run of the whole project.
        package var scope: Scope?
    }

    /// What a run of some feature files knows of the others: `partial` when it read only some, `elsewhere` the
    /// criterion ids tagged in the project's feature files it did not read (nil when they were not looked at).
    package struct Scope: Codable, Sendable, Equatable {
        package var partial: Bool
        package var elsewhere: [String]?

        package init(partial: Bool, elsewhere: [String]?) {
            self.partial = partial
            self.elsewhere = elsewhere
        }
    }

    package struct Story: Codable, Sendable {
        package var id: String
        package var title: String
        package var uri: String
        package var line: Int
        package var narrative: String?
        package var criteria: [Criterion]
    }

    package struct Criterion: Codable, Sendable {
        package var id: String
        package var title: String
        package var type: String
        package var given: [String]
        package var when: [String]
        package var then: [String]
        package var uri: String
        package var line: Int
        package var derived: Bool?
        /// `must` or `should`: the document's release gate for it (absent without a mark).
        package var gate: String?
    }

    package struct Warning: Codable, Sendable {
        package var uri: String
        package var line: Int
        package var message: String
    }
}
