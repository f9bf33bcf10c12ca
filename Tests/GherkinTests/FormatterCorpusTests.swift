import Foundation
import Gherkin
import Messages
import SharedTestData
import XCTest

/// The formatter never changes meaning: on every good file of the official testdata and every parsable file of
/// the real-world corpus, the pickles (ids aside, columns aside: indentation moves them) before and after are
/// equal, and formatting twice equals formatting once.
final class FormatterCorpusTests: XCTestCase {
    func test_format_keepsPicklesAndIsIdempotentOnEveryConformanceFile() throws {
        let good = try SharedData.folder("conformance/gherkin/good")
        let corpus = try SharedData.folder("conformance/corpus")
        let files = Self.features(in: good) + Self.features(in: corpus)
        XCTAssertGreaterThan(files.count, 1000)
        var failures: [String] = []
        var formattedCount = 0
        for file in files {
            guard let data = FileManager.default.contents(atPath: file.path),
                let source = String(data: data, encoding: .utf8),
                case .success(let once) = GherkinFormatter.format(source: source)
            else { continue }
            formattedCount += 1
            if Self.meaning(source) != Self.meaning(once) { failures.append("\(file.path): pickles changed"); continue }
            guard case .success(let twice) = GherkinFormatter.format(source: once) else {
                failures.append("\(file.path): the formatted text does not parse"); continue
            }
            if twice != once { failures.append("\(file.path): not idempotent") }
        }
        for failure in failures.prefix(20) { XCTFail(failure) }
        XCTAssertEqual(failures.count, 0, "\(failures.count) of \(formattedCount) formatted files")
    }

    private static func features(in folder: URL) -> [URL] {
        let enumerator = FileManager.default.enumerator(at: folder, includingPropertiesForKeys: nil)
        return (enumerator?.allObjects as? [URL] ?? []).filter { $0.path.hasSuffix(".feature") }
            .sorted { $0.path < $1.path }
    }

    /// What a run sees of a document: its pickles, ids and columns left out.
    private static func meaning(_ source: String) -> [String] {
        GherkinMessages.generate(
            data: source, uri: "f.feature", options: .init(includeSource: false, includeAST: false),
            ids: IncrementingIdGenerator()
        )
        .compactMap(\.pickle)
        .map { pickle in
            let steps = pickle.steps.map { step in
                "\(step.type.map { "\($0)" } ?? "-") \(step.text) \(String(describing: step.argument))"
            }
            return "\(pickle.name)|\(pickle.language)|\(pickle.location?.line ?? 0)|\(pickle.tags.map(\.name))|\(steps)"
        }
    }
}
