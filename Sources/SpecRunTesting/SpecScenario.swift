import Foundation
import Gherkin
import Messages
import TagExpressions

/// One scenario (or one Examples row) of a features folder, as a Swift Testing argument named after its feature
/// and scenario.
public struct SpecScenario: Sendable, Hashable, CustomStringConvertible {
    public let feature: String
    public let name: String
    /// `Features/quiz/start_game.feature:12`, relative to the package root.
    public let selector: String
    /// The scenario's tags, inherited ones included (`@smoke`).
    public let tags: [String]

    public var description: String { "\(feature) — \(name) (\(selector))" }

    /// The tag expression of `SPECRUN_TAGS` (`SPECRUN_TAGS='@smoke and not @wip' swift test`), if set.
    public static var environmentTags: String? { nonEmpty(ProcessInfo.processInfo.environment["SPECRUN_TAGS"]) }
    /// The scenario name pattern of `SPECRUN_NAME` (`SPECRUN_NAME='^Adding items' swift test`), if set.
    public static var environmentName: String? { nonEmpty(ProcessInfo.processInfo.environment["SPECRUN_NAME"]) }
    /// One scenario of `SPECRUN_SCENARIO`, by its selector or its exact name
    /// (`SPECRUN_SCENARIO=Features/shop.feature:12 swift test`). (`swift test --filter "<scenario name>"` selects
    /// by name with the `SpecRunScenarios` plugin's tests; not with the parameterized test, whose scenarios are
    /// arguments.)
    public static var environmentScenario: String? { nonEmpty(ProcessInfo.processInfo.environment["SPECRUN_SCENARIO"]) }

    /// Every scenario of `folder` (relative to `root`), in file and line order, read with specrun's parser; only
    /// those whose tags match `tags` (a tag expression, as `specrun --tags`) and whose name matches `name` (a
    /// regular expression, as `specrun --name`). Both default to `SPECRUN_TAGS` and `SPECRUN_NAME`. A tag
    /// expression or pattern that does not parse selects nothing (`SpecSuite` records the error).
    /// `scenario` (default `SPECRUN_SCENARIO`) keeps only the scenarios whose selector (`Features/f.feature:12`)
    /// or whole name is that text.
    public static func all(
        in folder: String = "Features", root: URL, tags: String? = environmentTags,
        name: String? = environmentName, scenario: String? = environmentScenario
    ) -> [SpecScenario] {
        let features = root.appendingPathComponent(folder)
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: features.path, isDirectory: &isFolder), isFolder.boolValue,
            let enumerator = FileManager.default.enumerator(atPath: features.path)
        else { return [] }
        guard let filter = try? Filter(tags: tags, name: name) else { return [] }
        let files = enumerator.compactMap { $0 as? String }
            .filter { $0.hasSuffix(".feature") || $0.hasSuffix(".feature.md") }
            .sorted()
        return files.flatMap { file -> [SpecScenario] in
            let uri = folder + "/" + file
            guard let bytes = FileManager.default.contents(atPath: root.appendingPathComponent(uri).path) else { return [] }
            let envelopes = GherkinMessages.generate(bytes: bytes, uri: uri, ids: IncrementingIdGenerator())
            let document = envelopes.lazy.compactMap(\.gherkinDocument).first
            let lines = document?.scenarioLines ?? [:]
            return envelopes.compactMap(\.pickle).compactMap { pickle in
                let tags = pickle.tags.map(\.name)
                guard filter.selects(name: pickle.name, tags: tags) else { return nil }
                let line = pickle.astNodeIds.last.flatMap { lines[$0] } ?? 0
                if let scenario, scenario != "\(uri):\(line)", scenario != pickle.name { return nil }
                return SpecScenario(
                    feature: document?.feature?.name ?? file, name: pickle.name, selector: "\(uri):\(line)",
                    tags: tags)
            }
        }
    }

    /// The package folder of a test file: `#filePath` of a file in `Tests/<Target>/`.
    public static func packageRoot(of filePath: String) -> URL {
        URL(fileURLWithPath: filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    }

    private static func nonEmpty(_ text: String?) -> String? {
        text.flatMap { $0.trimmingCharacters(in: .whitespaces).isEmpty ? nil : $0 }
    }

    /// A tag expression and a name pattern, parsed once.
    struct Filter {
        let tags: TagExpression?
        let name: NSRegularExpression?

        init(tags: String?, name: String?) throws {
            self.tags = try tags.map(TagExpression.parse)
            self.name = try name.map { try NSRegularExpression(pattern: $0) }
        }

        func selects(name text: String, tags scenarioTags: [String]) -> Bool {
            if let tags, !tags.evaluate(scenarioTags) { return false }
            if let name, name.firstMatch(in: text, range: NSRange(text.startIndex..., in: text)) == nil { return false }
            return true
        }
    }
}
