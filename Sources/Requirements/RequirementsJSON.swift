import Foundation

/// The criteria as the JSON body of the run's requirements attachment (docs/CONTRACTS.md):
/// `{"version":1,"stories":[{"id","title","uri","line","narrative","criteria":[{"id","title","type","given","when","then",
/// "uri","line","derived","gate"?}]}],"warnings":[{"uri","line","message"}]}` — keys sorted, so a run's body is stable.
public enum RequirementsJSON {
    public static func encode(_ set: RequirementsSet) -> String {
        let body = Body(
            version: 1,
            stories: set.stories.map { story in
                Body.Story(
                    id: story.id, title: story.title, uri: story.uri, line: story.line, narrative: story.narrative,
                    criteria: story.criteria.map { criterion in
                        Body.Criterion(
                            id: criterion.id, title: criterion.title, type: criterion.type, given: criterion.given,
                            when: criterion.when, then: criterion.then, uri: criterion.uri, line: criterion.line,
                            derived: criterion.derived, gate: criterion.gate?.rawValue)
                    })
            }, warnings: set.warnings.map { Body.Warning(uri: $0.uri, line: $0.line, message: $0.message) })
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return (try? encoder.encode(body)).map { String(decoding: $0, as: UTF8.self) } ?? #"{"stories":[],"version":1,"warnings":[]}"#
    }

    private struct Body: Encodable {
        var version: Int
        var stories: [Story]
        var warnings: [Warning]

        struct Story: Encodable {
            var id, title, uri: String
            var line: Int
            var narrative: String
            var criteria: [Criterion]
        }

        struct Criterion: Encodable {
            var id, title, type: String
            var given, when, then: [String]
            var uri: String
            var line: Int
            var derived: Bool
            /// Absent without a mark, so a document without marks gives the same body as before.
            var gate: String?
        }

        struct Warning: Encodable {
            var uri: String
            var line: Int
            var message: String
        }
    }
}
