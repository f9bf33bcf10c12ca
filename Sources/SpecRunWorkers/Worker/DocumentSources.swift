import Foundation
import Requirements
import SpecRunCore

/// The story documents given as paths to run (`specrun Requirements/quiz.md[:LINE]`): each `.md` file that is not
/// Markdown with Gherkin (`.feature.md`) and holds Given/When/Then criteria, translated to Gherkin for the runner.
/// Every process of a run (this one and each worker) translates the same files the same way.
package enum DocumentSources {
    package static func translate(_ paths: [String], read: (String) -> String? = DocumentSources.read) -> (
        documents: [String: TranslatedDocument], warnings: [ReaderWarning]
    ) {
        var documents: [String: TranslatedDocument] = [:]
        var warnings: [ReaderWarning] = []
        for entry in paths where !entry.hasPrefix("@") {
            let path = documentPath(entry)
            guard path.hasSuffix(".md"), !path.hasSuffix(".feature.md"), documents[path] == nil, let text = read(path),
                let translation = GherkinTranslation.translate(text: text, uri: path)
            else { continue }
            documents[path] = TranslatedDocument(gherkin: translation.gherkin, lines: translation.lines)
            warnings += translation.warnings
        }
        return (documents, warnings)
    }

    /// `doc.md:21:30` → `doc.md`.
    package static func documentPath(_ entry: String) -> String {
        var parts = entry.split(separator: ":", omittingEmptySubsequences: false)
        while parts.count > 1, Int(parts.last!) != nil { parts.removeLast() }
        return parts.joined(separator: ":")
    }

    static func read(_ path: String) -> String? {
        FileManager.default.contents(atPath: path).map { String(decoding: $0, as: UTF8.self) }
    }
}
