import Foundation
import Messages

/// The run-level attachment that carries the story documents' criteria through the message stream (the CLI
/// adds it right after `testRunStarted`), so every report — and `specrun report` on saved streams — can show
/// coverage without reading the documents again. The body is JSON (see docs/CONTRACTS.md):
/// `{"version":1,"stories":[{"id","title","uri","line","narrative","criteria":[{"id","title","type","given","when","then",
/// "uri","line","derived"}]}],"warnings":[{"uri","line","message"}],"scope":{"partial","elsewhere"}?}`.
public enum RequirementsAttachment {
    public static let mediaType = "application/vnd.specrun.requirements+json"
    public static let fileName = "requirements.json"
    public static let version = 1

    /// Whether an envelope is this attachment.
    public static func isRequirements(_ envelope: Envelope) -> Bool {
        envelope.attachment.map(isRequirements) ?? false
    }

    static func isRequirements(_ attachment: Attachment) -> Bool {
        attachment.mediaType == mediaType && attachment.testCaseStartedId == nil
    }

    /// The attachment for a run, its body already encoded.
    public static func envelope(body: String, testRunStartedId: String?) -> Envelope {
        Envelope(attachment: Attachment(body: body, contentEncoding: .identity, fileName: fileName, mediaType: mediaType,
                                        testRunStartedId: testRunStartedId))
    }

    /// A body (from `RequirementsJSON.encode`) with what a run of some paths knows of the files it did not read.
    public static func body(_ body: String, scope: Scope) -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        guard let end = body.lastIndex(of: "}"), let encoded = try? encoder.encode(scope) else { return body }
        return body[..<end] + #","scope":"# + String(decoding: encoded, as: UTF8.self) + body[end...]
    }

    /// The stories and warnings of a body; nil for a body that is not this JSON (another version, cut off).
    static func decode(_ body: String) -> Body? {
        guard let data = body.data(using: .utf8), let decoded = try? JSONDecoder().decode(Body.self, from: data),
              decoded.version == version else { return nil }
        return decoded
    }

    struct Body: Codable, Sendable {
        var version: Int
        var stories: [Story]
        var warnings: [Warning]?
        /// Set by a run of some paths only: what it could not see. Absent for a run of the whole project.
        var scope: Scope?
    }

    /// What a run of some feature files knows of the others: `partial` when it read only some, `elsewhere` the
    /// criterion ids tagged in the project's feature files it did not read (nil when they were not looked at).
    public struct Scope: Codable, Sendable, Equatable {
        public var partial: Bool
        public var elsewhere: [String]?

        public init(partial: Bool, elsewhere: [String]?) {
            self.partial = partial
            self.elsewhere = elsewhere
        }
    }

    struct Story: Codable, Sendable {
        var id: String
        var title: String
        var uri: String
        var line: Int
        var narrative: String?
        var criteria: [Criterion]
    }

    struct Criterion: Codable, Sendable {
        var id: String
        var title: String
        var type: String
        var given: [String]
        var when: [String]
        var then: [String]
        var uri: String
        var line: Int
        var derived: Bool?
    }

    struct Warning: Codable, Sendable {
        var uri: String
        var line: Int
        var message: String
    }
}
