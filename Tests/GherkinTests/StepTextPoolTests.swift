import Foundation
import Messages
import XCTest

@testable import Gherkin

/// A runner keeps every selected pickle for the run: steps of the same text, in any file, share one string.
final class StepTextPoolTests: XCTestCase {
    func test_pickleStepTexts_ofMoreThan15Bytes_shareOneStorageAcrossFiles() throws {
        let feature = """
            Feature: cart
              Scenario: one
                Given the cart total is 14 items
                And short
              Scenario: two
                Given the cart total is 14 items
            """
        let pool = StepTextPool()
        let first = GherkinMessages.generate(data: feature, uri: "a.feature", ids: IncrementingIdGenerator(), texts: pool)
        let second = GherkinMessages.generate(data: feature, uri: "b.feature", ids: IncrementingIdGenerator(), texts: pool)
        let steps = (first + second).compactMap(\.pickle).flatMap(\.steps)
        let long = steps.filter { $0.text == "the cart total is 14 items" }

        XCTAssertEqual(long.count, 4)
        let storages = Set(long.map { step in step.text.utf8.withContiguousStorageIfAvailable { Int(bitPattern: $0.baseAddress) } })
        XCTAssertEqual(storages.count, 1, "one string for the four steps")
        XCTAssertEqual(steps.filter { $0.text == "short" }.count, 2)
        XCTAssertEqual(
            first.compactMap(\.pickle),
            GherkinMessages.generate(
                data: feature, uri: "a.feature",
                ids: IncrementingIdGenerator()
            ).compactMap(\.pickle))
    }
}
