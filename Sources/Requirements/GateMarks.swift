import Foundation

/// A document's release gate: lines `Must: QUIZ-ST-2-AC-2, QUIZ-ST-1` and `Should: QUIZ-ST-3` (outside code
/// blocks, case ignored, as a list item too; ids with or without `@` or backticks). A criterion id marks that
/// criterion, a story id every criterion of the story; must wins over should. An id the document does not define
/// gets a warning.
enum GateMarks {
    static func apply(to set: inout RequirementsSet, document: MarkdownLines) {
        var marks: [String: Criterion.Gate] = [:]
        for line in document.lines where !line.inFence && !line.isFence {
            guard let (gate, ids) = parse(line.trimmed) else { continue }
            for id in ids {
                let known =
                    set.stories.first { $0.id == id }.map { $0.criteria.map(\.id) }
                    ?? (set.criteria.contains { $0.id == id } ? [id] : [])
                if known.isEmpty {
                    set.warnings.append(
                        ReaderWarning(
                            uri: document.uri, line: line.number,
                            message:
                                "'\(id)' in the '\(gate.rawValue.capitalized):' line is no story or criterion id of this document (write one it defines)"
                        ))
                }
                for criterion in known where marks[criterion] != .must { marks[criterion] = gate }
            }
        }
        guard !marks.isEmpty else { return }
        for s in set.stories.indices {
            for c in set.stories[s].criteria.indices {
                if let gate = marks[set.stories[s].criteria[c].id] { set.stories[s].criteria[c].gate = gate }
            }
        }
    }

    /// `Must: A, B` → (.must, ["A", "B"]); nil for any other line.
    static func parse(_ line: Substring) -> (Criterion.Gate, [String])? {
        var text = line
        for prefix in ["- ", "* ", "+ "] where text.hasPrefix(prefix) { text = text.dropFirst(2) }
        text = Substring(text.replacingOccurrences(of: "**", with: ""))
        guard let colon = text.firstIndex(of: ":"),
            let gate = Criterion.Gate(rawValue: text[..<colon].trimmingCharacters(in: .whitespaces).lowercased())
        else { return nil }
        let ids = text[text.index(after: colon)...]
            .split(whereSeparator: { $0 == "," || $0 == " " || $0 == "\t" || $0 == "`" || $0 == ";" })
            .map { $0.hasPrefix("@") ? String($0.dropFirst()) : String($0) }
            .filter { !$0.isEmpty }
        return ids.isEmpty ? nil : (gate, ids)
    }
}
