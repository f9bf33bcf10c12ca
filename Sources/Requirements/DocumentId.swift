import Foundation

/// The prefix of the ids derived in a story document (`IdRules`): the `Document Id` it gives (`| Document Id | QUIZ |`
/// or `Document Id: QUIZ`) and where, else its file name's. Two documents of a folder with one prefix derive the same
/// ids (`QUIZ-ST-1`, `QUIZ-ST-1-AC-1` in both), so a scenario tagged with one counts for both: the second one gets a
/// warning when both give that Document Id, or both derive ids from it.
struct DocumentId {
    let value: String
    let uri: String
    let line: Int
    /// The column of the value; nil for a prefix made from the file name.
    let column: Int?
    /// Some story or criterion id of the document is derived from it.
    let derivesIds: Bool

    var given: Bool { column != nil }

    init(_ document: MarkdownLines, stories: [Story]) {
        derivesIds = stories.contains { $0.derived || $0.criteria.contains(where: \.derived) }
        uri = document.uri
        guard let given = document.metadata("Document Id") else {
            value = IdRules.prefix(of: document)
            line = 1
            column = nil
            return
        }
        value = given.value
        line = given.line
        let text = document.lines.first { $0.number == given.line }?.text ?? ""
        let name = text.range(of: "document id", options: .caseInsensitive)
        let found = name.flatMap { text[$0.upperBound...].range(of: given.value) }
        column = found.map { text.distance(from: text.startIndex, to: $0.lowerBound) + 1 } ?? 1
    }

    /// The documents (in order) with the prefix of an earlier one: a warning for each, naming both, and the uris of
    /// the documents warned about.
    static func shared(_ ids: [DocumentId]) -> (warnings: [ReaderWarning], uris: Set<String>) {
        var earlier: [String: [DocumentId]] = [:]
        var warnings: [ReaderWarning] = []
        var uris = Set<String>()
        for id in ids {
            defer { earlier[id.value, default: []].append(id) }
            guard let first = earlier[id.value]?.first(where: { ($0.given && id.given) || ($0.derivesIds && id.derivesIds) })
            else { continue }
            uris.formUnion([first.uri, id.uri])
            let here = id.given ? "Document Id \(id.value)" : "Prefix \(id.value) (from the file name)"
            let there =
                first.given ? "\(first.uri):\(first.line):\(first.column ?? 1)'s Document Id" : "\(first.uri)'s (from its file name)"
            warnings.append(
                ReaderWarning(
                    uri: id.uri, line: id.line, column: id.column,
                    message: "\(here) is also \(there), so the ids derived from it (\(id.value)-ST-1, \(id.value)-ST-1-AC-1, …) "
                        + "are the same in both documents and a scenario tagged with one counts for both (give each document "
                        + "its own Document Id)"))
        }
        return (warnings, uris)
    }
}
