import Foundation
import Gherkin
import Messages
import SpecRunCore

/// The requests that look beyond the step under the cursor: completion (steps, keywords, tags in use) and the
/// references of a step's definition across the suite.
extension LanguageServer {
    /// Starts indexing the suite on a task of its own (the first requests needing it wait for it).
    func startIndexingSuite() {
        let libraries = StepLibraries(context.libraries), environment = context.environment, registry = context.registry
        let folder = suiteFolder
        suiteTask = Task.detached {
            await SuiteIndex.build(folder: folder, libraries: libraries.types, environment: environment, registry: registry)
        }
    }

    static let tagLimit = 500

    /// The suite's index, built again when a feature file was added, removed, renamed or saved since (a scan of
    /// the folder's modification times: a file deleted or renamed is no reference, a new one's steps complete).
    func suiteIndex() async -> SuiteIndex {
        if let suite {
            if suite.stamp == SuiteIndex.stamp(of: suiteFolder) { return suite }
            self.suite = nil
            suiteTask = nil
        }
        if suiteTask == nil { startIndexingSuite() }
        let built = await suiteTask?.value ?? SuiteIndex()
        suite = built
        return built
    }

    func completion(_ params: [String: Any]) async -> Any? {
        guard let (uri, text) = text(params), let line = line(params) else { return [Any]() }
        let lines = LSPText(text)
        let character = (params["position"] as? [String: Any])?["character"] as? Int ?? 0
        let lineText = line <= lines.count ? lines.line(line - 1) : ""
        let before = String(lineText.utf16.prefix(character)) ?? ""
        let after = String(lineText.utf16.dropFirst(character)) ?? ""
        let markdown = uri.hasSuffix(".md")
        let word = before.split(separator: " ", omittingEmptySubsequences: false).last ?? ""
        let suite = await suiteIndex()
        if word.hasPrefix("@") {
            var tags = suite.tags
            for open in documents.keys { tags.formUnion((document(open).map(TagUse.all) ?? []).map(\.name)) }
            // Those starting with what is typed, at most `tagLimit` (then the list says it is incomplete, and the
            // client asks again as the user types on): a document with 100k tags is answered at once.
            let typed = word.lowercased()
            let matching = tags.filter { $0.lowercased().hasPrefix(typed) }.sorted()
            let items = matching.prefix(Self.tagLimit).map {
                ["label": $0, "kind": 14, "insertText": String($0.dropFirst()), "filterText": $0] as [String: Any]
            }
            return matching.count > Self.tagLimit ? ["isIncomplete": true, "items": items] as [String: Any] : items
        }
        var used = suite.texts
        for open in documents.keys { used.formUnion((document(open).map(SuiteIndex.allSteps) ?? []).map(\.text)) }
        let analysis = analyses[uri] ?? analyses.values.first
        let definitions = analysis?.definitions ?? []
        let parameterTypes = analysis?.parameterTypes ?? [:]
        if expressions?.parameterTypes != parameterTypes { expressions = CompletionExpressions(parameterTypes: parameterTypes) }
        let language = document(uri)?.feature?.language ?? "en"
        return StepCompletion.items(
            definitions: definitions, usedSteps: Array(used), language: language, before: before[...], after: after[...],
            line: line - 1, markdown: markdown, expressions: expressions ?? CompletionExpressions())
    }

    /// Every step bound to the definition(s) of the step at the position: in the open documents as they are now,
    /// and in the files of `Features/` that are not open.
    func references(_ params: [String: Any]) async -> Any? {
        guard let (uri, _) = text(params), let line = line(params),
            let definitions = analyses[uri]?.matches[line], !definitions.isEmpty
        else { return [Any]() }
        let keys = Set(definitions.map(CheckCollector.key))
        let suite = await suiteIndex()
        var uses: [SuiteIndex.StepUse] = []
        for key in keys.sorted() {
            uses += (suite.uses[key] ?? []).filter { documents[$0.uri] == nil }
        }
        for (openURI, analysis) in analyses.sorted(by: { $0.key < $1.key }) {
            guard let document = document(openURI) else { continue }
            for step in SuiteIndex.allSteps(document) {
                let bound = analysis.matches[Int(step.location.line)] ?? []
                if bound.contains(where: { keys.contains(CheckCollector.key($0)) }) { uses.append(SuiteIndex.use(of: step, uri: openURI)) }
            }
        }
        var locations: [[String: Any]] = uses.map { use in
            [
                "uri": use.uri,
                "range": [
                    "start": ["line": use.line, "character": use.start],
                    "end": ["line": use.line, "character": use.end],
                ],
            ]
        }
        if ((params["context"] as? [String: Any])?["includeDeclaration"] as? Bool) == true {
            locations = definitions.map(Self.location) + locations
        }
        return locations
    }
}

/// The step libraries, handed to the indexing task.
struct StepLibraries: @unchecked Sendable {  // @unchecked: metatypes; Sendable of themselves once StepLibrary is a SendableMetatype
    let types: [any StepLibrary.Type]

    init(_ types: [any StepLibrary.Type]) { self.types = types }
}
