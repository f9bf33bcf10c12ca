import Foundation
import Messages
import Requirements

/// Answers the language server keeps between keystrokes, where `check`'s analyses would compute them again for
/// every edit: the definition nearest to an undefined step's text, and the verdict on each tag name.
package final class EditorMemo {
    private var nearest: [String: StepDefinition?] = [:]
    private var tagVerdicts: [String: String?] = [:]
    /// The definitions' blanked patterns (the registry is the executable's: it never changes).
    private var index: NearestDefinition?
    static let limit = 50_000
    static let longestStep = 1_000

    func nearest(_ text: String, among definitions: [StepDefinition]) -> StepDefinition? {
        // An edit distance costs the product of the lengths: a step of a page's length is near no expression.
        guard text.utf8.count <= Self.longestStep else { return nil }
        if let known = nearest[text] { return known }
        if nearest.count >= Self.limit { nearest.removeAll() }
        if index?.count != definitions.count { index = NearestDefinition(definitions) }
        let found = index?.nearest(text)
        nearest[text] = found
        return found
    }

    /// The requirements' findings on a document's tags (a tag that looks like a criterion id but names none), each
    /// distinct tag name judged once per session.
    func tagFindings(_ tags: [TagUse], requirements: RequirementsSet) -> [(tag: TagUse, message: String)] {
        var unjudged: [String: TagUse] = [:]
        for tag in tags where tagVerdicts[tag.name] == nil && unjudged[tag.name] == nil {
            // Only a name like a criterion id (`@QUIZ-ST-1`: a capital first, a dash) can be one that names none.
            guard tag.name.dropFirst().first?.isUppercase == true, tag.name.contains("-") else {
                if tagVerdicts.count >= Self.limit { tagVerdicts.removeAll() }
                tagVerdicts[tag.name] = .some(nil)
                continue
            }
            unjudged[tag.name] = tag
        }
        if !unjudged.isEmpty {
            if tagVerdicts.count >= Self.limit { tagVerdicts.removeAll() }
            let judged = Array(unjudged.values)
            let findings = CheckRequirements(requirements: requirements, strict: false).findings(tags: judged, pickleTags: [])
            var messages: [String: String] = [:]
            let byPlace = Dictionary(judged.map { ("\($0.line):\($0.column)", $0) }, uniquingKeysWith: { first, _ in first })
            for finding in findings where finding.message.hasPrefix("tag ") {
                if let tag = byPlace["\(finding.line):\(finding.column)"] { messages[tag.name] = finding.message }
            }
            for name in unjudged.keys { tagVerdicts[name] = .some(messages[name]) }
        }
        return tags.compactMap { tag in (tagVerdicts[tag.name] ?? nil).map { (tag, $0) } }
    }
}
