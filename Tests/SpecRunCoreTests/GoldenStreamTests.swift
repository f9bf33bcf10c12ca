import Foundation
import Messages
import XCTest

@testable import SpecRunCore

final class GoldenWorld: World {
    var basket: [String: Int] = [:]
    required init() {}
}

struct Flight: Equatable { let from: String; let to: String }

enum GoldenSteps: StepLibrary {
    static func register(_ steps: inout Steps<GoldenWorld>) {
        steps.parameterType(name: "flight", regex: "([A-Z]{3})-([A-Z]{3})") { (groups: [String]) in Flight(from: groups[0], to: groups[1]) }
        steps.before(name: "log in", tags: "@shop") { _ in log("logged in") }
        steps.given("the basket is empty") { world in world.basket = [:] }
        steps.when("I add {int} {string} to the basket") { (world, count: Int, item: String) in world.basket[item, default: 0] += count }
        steps.then("the basket holds:") { (world, table: SpecRunCore.DataTable) in
            for row in table.hashes() { try expect(world.basket[row["item"]!], equals: Int(row["count"]!)) }
        }
        steps.then(regex: #"^the basket holds (\d+) items?$"#) { (world, count: Int) in
            try expect(world.basket.values.reduce(0, +), equals: count)
        }
        steps.given("{flight} is delayed") { (_, flight: Flight) in try expect(flight, equals: Flight(from: "LHR", to: "CDG")) }
        steps.given("the note:") { (_, note: SpecRunCore.DocString) in attach(note.content, mediaType: "text/plain") }
        steps.after { _ in }
    }
}

/// The whole stream for a small feature, byte for byte (fixed clock, incrementing ids, fixed meta).
final class GoldenStreamTests: XCTestCase {
    func test_run_emitsTheGoldenStream() async throws {
        let actual = try await stream()
        let golden = Self.fixtures + "/golden.ndjson"
        if ProcessInfo.processInfo.environment["SPECRUN_RECORD_GOLDEN"] == "1" {
            try actual.write(toFile: golden, atomically: true, encoding: .utf8)
        }
        let expected = try String(contentsOfFile: golden, encoding: .utf8)
        XCTAssertEqual(actual.split(separator: "\n"), expected.split(separator: "\n"))
    }

    func test_run_isByteReproducible() async throws {
        let first = try await stream()
        let second = try await stream()
        XCTAssertEqual(first, second)
        XCTAssertGreaterThan(first.split(separator: "\n").count, 50)
    }

    // MARK: Helpers

    static let repoRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().path
    static let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Fixtures").path

    private func stream() async throws -> String {
        var runner = SpecRunner(
            libraries: [GoldenSteps.self],
            configuration: RunConfiguration(
                paths: [Self.fixtures + "/golden.feature"],
                workingDirectory: Self.repoRoot),
            ids: IncrementingIdGenerator(), clock: SteppingClock(), environment: [:])
        runner.meta = fixedMeta
        let spy = EnvelopeSpy()
        _ = try await runner.run(emit: spy.record)
        return try spy.ndjson()
    }
}
