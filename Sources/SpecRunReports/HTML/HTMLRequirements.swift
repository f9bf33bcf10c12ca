import Foundation
import Messages

/// The story documents' criteria the run carries (one run-level attachment of `mediaType`, written by the
/// requirements reader of issue 13), and their coverage by the run's scenarios: a scenario proves a criterion
/// when it carries the criterion's id as a tag. Until `Requirements/`'s `RequirementsCoverage` is merged, the
/// page computes the same four statuses here: proven (every scenario passed), failing (one failed or was
/// ambiguous), not run (none failed, not all passed), no scenario.
struct HTMLRequirements {
    static let mediaType = "application/vnd.specrun.requirements+json"

    struct Document: Decodable {
        var stories: [Story]
        var warnings: [Warning]?
    }

    struct Story: Decodable {
        var id: String
        var title: String?
        var uri: String?
        var line: Int?
        var criteria: [Criterion]
    }

    struct Criterion: Decodable {
        var id: String
        var title: String?
        var type: String?
        var given: [String]?
        var when: [String]?
        var then: [String]?
        var uri: String?
        var line: Int?
    }

    /// A warning is a text or an object with a message.
    struct Warning: Decodable {
        var text: String
        init(from decoder: Decoder) throws {
            if let text = try? decoder.singleValueContainer().decode(String.self) {
                self.text = text
                return
            }
            let object = try decoder.container(keyedBy: Keys.self)
            let message = (try? object.decode(String.self, forKey: .message)) ?? ""
            let uri = (try? object.decode(String.self, forKey: .uri)).map { $0 + ": " } ?? ""
            text = uri + message
        }
        private enum Keys: String, CodingKey { case message, uri }
    }

    let document: Document

    /// The requirements of the run, nil when it carries none (or an unreadable document).
    init?(index: RunIndex) {
        guard let attachment = index.runAttachments.last(where: { $0.mediaType == Self.mediaType }) else { return nil }
        let body = attachment.contentEncoding == .base64 ? Data(base64Encoded: attachment.body) : Data(attachment.body.utf8)
        guard let body, let document = try? JSONDecoder().decode(Document.self, from: body) else { return nil }
        self.document = document
    }

    var criterionIds: Set<String> {
        Set(document.stories.flatMap { $0.criteria.map { HTMLCoverageCollector.key($0.id) } })
    }

    func write(_ coverage: HTMLCoverageCollector, _ json: inout HTMLDataWriter) {
        typealias Key = HTMLContract.Requirements
        typealias StoryKey = HTMLContract.Story
        typealias CriterionKey = HTMLContract.Criterion
        var proven = 0, total = 0
        json.openObject()
        json.key(Key.stories)
        json.openArray()
        for story in document.stories {
            json.openObject()
            json.field(StoryKey.id, story.id)
            json.field(StoryKey.title, story.title ?? story.id)
            json.optional(StoryKey.uri, story.uri)
            if let line = story.line { json.field(StoryKey.line, line) }
            json.key(StoryKey.criteria)
            json.openArray()
            var storyProven = 0
            for criterion in story.criteria {
                let scenarios = coverage.scenarios[HTMLCoverageCollector.key(criterion.id)] ?? []
                let status = Self.status(scenarios.map(\.status))
                if status == "proven" { storyProven += 1 }
                json.openObject()
                json.field(CriterionKey.id, criterion.id)
                json.field(CriterionKey.title, criterion.title ?? criterion.id)
                json.optional(CriterionKey.type, criterion.type)
                json.strings(CriterionKey.given, criterion.given ?? [])
                json.strings(CriterionKey.when, criterion.when ?? [])
                json.strings(CriterionKey.then, criterion.then ?? [])
                json.optional(CriterionKey.uri, criterion.uri)
                if let line = criterion.line { json.field(CriterionKey.line, line) }
                json.field(CriterionKey.status, status)
                json.strings(CriterionKey.scenarios, scenarios.map(\.anchor))
                json.closeObject()
            }
            json.closeArray()
            json.field(StoryKey.proven, storyProven)
            json.field(StoryKey.total, story.criteria.count)
            json.closeObject()
            proven += storyProven
            total += story.criteria.count
        }
        json.closeArray()
        json.field(Key.proven, proven)
        json.field(Key.total, total)
        json.strings(Key.warnings, (document.warnings ?? []).map(\.text))
        json.closeObject()
    }

    /// proven | failing | not-run | no-scenario, from the statuses of the scenarios behind a criterion.
    static func status(_ statuses: [String]) -> String {
        if statuses.isEmpty { return "no-scenario" }
        if statuses.contains(where: { $0 == "failed" || $0 == "ambiguous" }) { return "failing" }
        if statuses.allSatisfy({ $0 == "passed" }) { return "proven" }
        return "not-run"
    }
}

/// The scenarios behind each criterion id, collected while the scenarios are written.
struct HTMLCoverageCollector {
    let criteria: Set<String>
    private(set) var scenarios: [String: [(anchor: String, status: String)]] = [:]

    init(criteria: Set<String>) { self.criteria = criteria }

    /// A tag or criterion id compared without its `@` and case.
    static func key(_ name: String) -> String {
        (name.hasPrefix("@") ? String(name.dropFirst()) : name).lowercased()
    }

    mutating func add(tags: [String], anchor: String, status: String) {
        guard !criteria.isEmpty else { return }
        var seen: Set<String> = []
        for tag in tags {
            let key = Self.key(tag)
            if criteria.contains(key), seen.insert(key).inserted { scenarios[key, default: []].append((anchor, status)) }
        }
    }
}
