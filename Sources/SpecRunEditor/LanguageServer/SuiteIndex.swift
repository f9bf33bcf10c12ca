import Foundation
import Gherkin
import Messages
import SpecRunCore

/// The suite beyond the open documents — `Features/` of the working folder, dry-run when first needed and again
/// once its files changed on disk —
/// for what looks across files: the references of a step definition and the tags in use.
struct SuiteIndex {
    struct StepUse: Equatable {
        /// A `file://` URI.
        var uri: String
        /// 0-based line, and the step's columns in UTF-16 units (the whole line's text after its keyword).
        var line: Int
        var start: Int
        var end: Int
    }

    /// `CheckCollector.key` of a definition → where steps use it.
    var uses: [String: [StepUse]] = [:]
    var tags: Set<String> = []
    /// The step texts written in the suite (for completion).
    var texts: Set<String> = []
    /// The files indexed (`file://` URIs).
    var files: Set<String> = []
    /// The feature files on disk and their modification times when the index was built (`stamp(of:)`).
    var stamp: [String: Date] = [:]

    /// From the analyses' context: the step libraries, the environment and the compiled definitions they share.
    static func build(
        folder: String = "Features", libraries: [any StepLibrary.Type], environment: [String: String],
        registry: RegistryCache
    ) async -> SuiteIndex {
        var index = SuiteIndex()
        index.stamp = stamp(of: folder)
        guard RequirementsSource.isFolder(folder) else { return index }
        var runner = SpecRunner(
            libraries: libraries, configuration: RunConfiguration(paths: [folder], dryRun: true),
            ids: IncrementingIdGenerator(), environment: environment)
        runner.registryCache = registry
        var documents: [GherkinDocument] = []
        var pickleSteps: [String: (uri: String, node: String)] = [:]
        var definitions: [String: String] = [:]
        var steps: [String: Step] = [:]
        var testCases: [TestCase] = []
        _ = try? await runner.run { envelope in
            if let document = envelope.gherkinDocument { documents.append(document) }
            if let pickle = envelope.pickle {
                index.tags.formUnion(pickle.tags.map(\.name))
                for step in pickle.steps { pickleSteps[step.id] = (pickle.uri, step.astNodeIds.first ?? "") }
            }
            if let definition = envelope.stepDefinition { definitions[definition.id] = CheckCollector.key(definition) }
            if let testCase = envelope.testCase { testCases.append(testCase) }
        }
        var uris: [String: String] = [:]
        for document in documents {
            let uri = fileURI(document.uri ?? "")
            uris[document.uri ?? ""] = uri
            index.files.insert(uri)
            for tag in TagUse.all(in: document) { index.tags.insert(tag.name) }
            for step in allSteps(document) {
                steps["\(document.uri ?? "")#\(step.id)"] = step
                index.texts.insert(step.text)
            }
        }
        var seen = Set<String>()
        for testCase in testCases {
            for testStep in testCase.testSteps {
                guard let pickleStep = testStep.pickleStepId, let (uri, node) = pickleSteps[pickleStep],
                    let step = steps["\(uri)#\(node)"], seen.insert("\(uri)#\(node)").inserted
                else { continue }
                for id in testStep.stepDefinitionIds ?? [] {
                    guard let key = definitions[id] else { continue }
                    index.uses[key, default: []].append(use(of: step, uri: uris[uri] ?? fileURI(uri)))
                }
            }
        }
        return index
    }

    /// The feature files under the folder (`.feature`, `.feature.md`) and their modification times: another stamp
    /// than the index's means a file was added, removed, renamed or saved since it was built.
    static func stamp(of folder: String) -> [String: Date] {
        guard let files = FileManager.default.enumerator(atPath: folder) else { return [:] }
        var stamp: [String: Date] = [:]
        for case let path as String in files where path.hasSuffix(".feature") || path.hasSuffix(".feature.md") {
            let full = folder + "/" + path
            stamp[full] = (try? FileManager.default.attributesOfItem(atPath: full))?[.modificationDate] as? Date ?? .distantPast
        }
        return stamp
    }

    /// Where a step's text is: after its keyword, on its line.
    static func use(of step: Step, uri: String) -> StepUse {
        let line = Int(step.location.line) - 1
        let start = max(Int(step.location.column ?? 1) - 1, 0) + step.keyword.utf16.count
        return StepUse(uri: uri, line: line, start: start, end: start + step.text.utf16.count)
    }

    static func fileURI(_ path: String) -> String {
        if path.hasPrefix("file://") { return path }
        let absolute = path.hasPrefix("/") ? path : FileManager.default.currentDirectoryPath + "/" + path
        return URL(fileURLWithPath: absolute).absoluteString
    }

    static func allSteps(_ document: GherkinDocument) -> [Step] {
        var steps: [Step] = []
        for child in document.feature?.children ?? [] {
            steps += child.background?.steps ?? []
            steps += child.scenario?.steps ?? []
            for inner in child.rule?.children ?? [] {
                steps += inner.background?.steps ?? []
                steps += inner.scenario?.steps ?? []
            }
        }
        return steps
    }
}
