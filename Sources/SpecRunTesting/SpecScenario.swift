import Foundation
import Gherkin
import Messages

/// One scenario (or one Examples row) of a features folder, as a Swift Testing argument named after its feature
/// and scenario.
public struct SpecScenario: Sendable, Hashable, CustomStringConvertible {
    public let feature: String
    public let name: String
    /// `Features/quiz/start_game.feature:12`, relative to the package root.
    public let selector: String

    public var description: String { "\(feature) — \(name) (\(selector))" }

    /// Every scenario of `folder` (relative to `root`), in file and line order, read with specrun's parser.
    /// `root` defaults to the package folder of the file that calls it.
    public static func all(in folder: String = "Features", root: URL) -> [SpecScenario] {
        let features = root.appendingPathComponent(folder)
        guard let enumerator = FileManager.default.enumerator(atPath: features.path) else { return [] }
        let files = enumerator.compactMap { $0 as? String }
            .filter { $0.hasSuffix(".feature") || $0.hasSuffix(".feature.md") }
            .sorted()
        return files.flatMap { file -> [SpecScenario] in
            let uri = folder + "/" + file
            guard let bytes = FileManager.default.contents(atPath: root.appendingPathComponent(uri).path) else { return [] }
            let envelopes = GherkinMessages.generate(bytes: bytes, uri: uri, ids: IncrementingIdGenerator())
            let document = envelopes.lazy.compactMap(\.gherkinDocument).first
            let lines = document?.scenarioLines ?? [:]
            return envelopes.compactMap(\.pickle).map { pickle in
                let line = pickle.astNodeIds.last.flatMap { lines[$0] } ?? 0
                return SpecScenario(feature: document?.feature?.name ?? file, name: pickle.name, selector: "\(uri):\(line)")
            }
        }
    }

    /// The package folder of a test file: `#filePath` of a file in `Tests/<Target>/`.
    public static func packageRoot(of filePath: String) -> URL {
        URL(fileURLWithPath: filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    }
}
