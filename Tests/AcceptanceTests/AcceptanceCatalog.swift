import Foundation
import Gherkin
import Messages

/// One scenario (or one example row) of Features/, as a test argument named after its feature and scenario.
struct AcceptanceScenario: Sendable, CustomStringConvertible {
    let feature: String
    let name: String
    /// `Features/quiz/start_game.feature:12`, relative to the package root.
    let selector: String

    var description: String { "\(feature) — \(name) (\(selector))" }
}

/// Lists every pickle of the package's Features/ folder, reading the files with the Gherkin stage.
enum AcceptanceCatalog {
    static let packageRoot = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    static func scenarios() -> [AcceptanceScenario] {
        let features = packageRoot.appendingPathComponent("Features")
        guard let enumerator = FileManager.default.enumerator(atPath: features.path) else { return [] }
        let files = enumerator.compactMap { $0 as? String }
            .filter { $0.hasSuffix(".feature") || $0.hasSuffix(".feature.md") }
            .sorted()
        return files.flatMap { file -> [AcceptanceScenario] in
            let uri = "Features/" + file
            guard let bytes = FileManager.default.contents(atPath: packageRoot.appendingPathComponent(uri).path) else { return [] }
            let envelopes = GherkinMessages.generate(bytes: bytes, uri: uri, ids: IncrementingIdGenerator())
            let featureName = envelopes.lazy.compactMap(\.gherkinDocument).first?.feature?.name ?? file
            return envelopes.compactMap(\.pickle).map { pickle in
                AcceptanceScenario(feature: featureName, name: pickle.name,
                                   selector: "\(uri):\(pickle.location?.line ?? 0)")
            }
        }
    }
}
