import Foundation
import Messages
import SpecRunCore
import XCTest

@testable import SpecRunWorkers

/// A worker's suggestions go as short lines naming snippets sent before, written straight from their fields.
final class WorkerOutboxSuggestionTests: XCTestCase {
    func test_suggestion_writesRepeatedSnippetsAsShortLinesTheDecoderRebuilds() throws {
        let shared = [Snippet(language: "swift", code: "steps.given(\"a {int}\") { (world, int1: Int) in\n    try pending()\n}")]
        let other = [Snippet(language: "swift", code: "steps.then(\"b\") { world in\n    try pending()\n}")]
        let suggestions = [
            Suggestion(id: "s1", pickleStepId: "p1", snippets: shared),
            Suggestion(id: "s2", pickleStepId: "p2", snippets: shared),
            Suggestion(id: "s 3", pickleStepId: "p3", snippets: shared),  // an id that cannot be a field: JSON again
            Suggestion(id: "s4", pickleStepId: "p4", snippets: other),
            Suggestion(id: "s5", pickleStepId: "p5", snippets: other),
            Suggestion(id: "s6", pickleStepId: "p6", snippets: shared),
        ]

        let bytes = try written(suggestions)

        let lines = bytes.split(separator: 0x0A).map { String(decoding: $0, as: UTF8.self) }
        XCTAssertEqual(lines.map { $0.hasPrefix("!U ") }, [false, true, false, false, true, true])
        XCTAssertEqual(lines[5], "!U s6 p6 0", "the first list keeps its number after a JSON line of the same list")
        let decoder = WorkerOutputDecoder(number: 0, skipsPrelude: false)
        let envelopes = (decoder.append(bytes) + decoder.finish()).flatMap { event -> [Envelope] in
            if case .envelopes(_, let list) = event { return list } else { return [] }
        }
        XCTAssertEqual(envelopes, suggestions.map { Envelope(suggestion: $0) })
    }

    // MARK: Helpers

    /// What a worker's outbox writes for these suggestions.
    private func written(_ suggestions: [Suggestion]) throws -> [UInt8] {
        writtenByOutbox { sut in suggestions.forEach(sut.suggestion) }
    }
}
