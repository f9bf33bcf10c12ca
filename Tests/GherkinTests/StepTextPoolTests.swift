import Foundation
import Messages
import XCTest

@testable import Gherkin

/// A runner keeps every selected pickle for the run: steps of the same text, in any file, share one string.
final class StepTextPoolTests: XCTestCase {
    private static let cart = """
        Feature: cart
          Scenario: one
            Given the cart total is 14 items
            And short
          Scenario: two
            Given the cart total is 14 items
        """

    func test_pickleStepTexts_ofMoreThan15Bytes_shareOneStorageAcrossFiles() throws {
        let feature = Self.cart
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

    func test_documentStepTexts_ofMoreThan15Bytes_shareOneStorageAndTheDocumentIsTheSame() throws {
        let feature = Self.cart
        let pool = StepTextPool()
        let pooled = GherkinMessages.generate(data: feature, uri: "a.feature", ids: IncrementingIdGenerator(), texts: pool)
        let plain = GherkinMessages.generate(data: feature, uri: "a.feature", ids: IncrementingIdGenerator())
        let steps = pooled.compactMap(\.gherkinDocument).flatMap { $0.feature?.children.compactMap(\.scenario) ?? [] }.flatMap(\.steps)
        let long = steps.filter { $0.text == "the cart total is 14 items" }

        XCTAssertEqual(long.count, 2)
        let storages = Set(long.map { step in step.text.utf8.withContiguousStorageIfAvailable { Int(bitPattern: $0.baseAddress) } })
        XCTAssertEqual(storages.count, 1, "one string for the two steps")
        XCTAssertEqual(pooled, plain)
    }

    func test_sharedBytes_makesATextOnceAndRepairsBytesThatAreNotUTF8WithoutFilingThem() {
        let pool = StepTextPool()
        let bytes = Array("the cart total is 14 items".utf8)
        let first = bytes.withUnsafeBufferPointer { pool.shared(utf8: $0) }
        let second = bytes.withUnsafeBufferPointer { pool.shared(utf8: $0) }
        let storage = { (text: String) in text.utf8.withContiguousStorageIfAvailable { Int(bitPattern: $0.baseAddress) } }

        XCTAssertEqual(first, "the cart total is 14 items")
        XCTAssertEqual(storage(first), storage(second))
        XCTAssertEqual(pool.shared("the cart total is 14 items"), first)
        XCTAssertEqual(storage(pool.shared("the cart total is 14 items")), storage(first), "a text made elsewhere finds it")
        let broken: [UInt8] = Array("the cart total is ".utf8) + [0xFF, 0xFE]
        let repaired = broken.withUnsafeBufferPointer { pool.shared(utf8: $0) }
        XCTAssertEqual(repaired, "the cart total is \u{FFFD}\u{FFFD}")
        XCTAssertEqual(broken.withUnsafeBufferPointer { pool.shared(utf8: $0) }, repaired)
        XCTAssertEqual(Array("short".utf8).withUnsafeBufferPointer { pool.shared(utf8: $0) }, "short")
    }

    func test_outlineStepTexts_ofMoreThan15Bytes_shareOneStorageAndThePicklesAreTheSame() throws {
        let feature = """
            Feature: cart
              Scenario Outline: rows
                Given the cart total is <n> items
                And the shopper is <who>

                Examples:
                  | n  | who   |
                  | 14 | alice |
                  | 14 | bob   |
            """
        let pooled = GherkinMessages.generate(data: feature, uri: "a.feature", ids: IncrementingIdGenerator(), texts: StepTextPool())
        let plain = GherkinMessages.generate(data: feature, uri: "a.feature", ids: IncrementingIdGenerator())
        let long = pooled.compactMap(\.pickle).flatMap(\.steps).filter { $0.text == "the cart total is 14 items" }

        XCTAssertEqual(long.count, 2)
        let storages = Set(long.map { step in step.text.utf8.withContiguousStorageIfAvailable { Int(bitPattern: $0.baseAddress) } })
        XCTAssertEqual(storages.count, 1, "one string for the two rows' steps")
        XCTAssertEqual(pooled, plain)
    }
}
