import Foundation
import Messages
import Requirements

/// Answers the language server keeps between keystrokes, where `check`'s analyses would compute them again for
/// every edit: the definition nearest to an undefined step's text, and the verdict on each tag name.
final class EditorMemo: @unchecked Sendable {
    // @unchecked: used by the server's one task at a time.
    private var nearest: [String: StepDefinition?] = [:]
    private var tagVerdicts: [String: String?] = [:]
    static let limit = 50_000

    func nearest(_ text: String, among definitions: [StepDefinition]) -> StepDefinition? {
        if let known = nearest[text] { return known }
        if nearest.count >= Self.limit { nearest.removeAll() }
        let found = CheckCollector.nearest(text, among: definitions)
        nearest[text] = found
        return found
    }

    /// The requirements' findings on a document's tags (a tag that looks like a criterion id but names none), each
    /// distinct tag name judged once per session.
    func tagFindings(_ tags: [TagUse], requirements: RequirementsSet) -> [(tag: TagUse, message: String)] {
        var unjudged: [String: TagUse] = [:]
        for tag in tags where tagVerdicts[tag.name] == nil && unjudged[tag.name] == nil { unjudged[tag.name] = tag }
        if !unjudged.isEmpty {
            if tagVerdicts.count >= Self.limit { tagVerdicts.removeAll() }
            let judged = Array(unjudged.values)
            let findings = CheckRequirements(requirements: requirements, strict: false).findings(tags: judged, pickleTags: [])
            var messages: [String: String] = [:]
            for finding in findings where finding.message.hasPrefix("tag ") {
                if let tag = judged.first(where: { $0.uri == finding.file && $0.line == finding.line && $0.column == finding.column }) {
                    messages[tag.name] = finding.message
                }
            }
            for name in unjudged.keys { tagVerdicts[name] = .some(messages[name]) }
        }
        return tags.compactMap { tag in (tagVerdicts[tag.name] ?? nil).map { (tag, $0) } }
    }
}
