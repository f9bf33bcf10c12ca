import Foundation
import XCTest

/// `@exclusivity(unchecked)` turns an overlapping access to a stored property from a trap into undefined
/// behaviour. docs/PERFORMANCE.md allows it only in release builds, in the `#else` branch of `#if DEBUG`, so the
/// debug build the tests run checks every property and an overlap is a test failure.
final class ExclusivityCheckingTests: XCTestCase {
    func test_everyUncheckedProperty_isCheckedInDebugBuilds() throws {
        let sources = repository.appendingPathComponent("Sources")
        guard FileManager.default.fileExists(atPath: sources.path) else { throw XCTSkip("no Sources folder beside the tests") }
        var offenders: [String] = []
        var checked = 0
        for file in try swiftFiles(under: sources) {
            let lines = try String(contentsOf: file, encoding: .utf8).components(separatedBy: "\n")
            for (number, place) in Self.uncheckedOutsideDebugElse(lines) {
                offenders.append("\(file.path.dropFirst(repository.path.count + 1)):\(number): \(place)")
            }
            checked +=
                lines.filter { $0.contains("@exclusivity(unchecked)") && !$0.trimmingCharacters(in: .whitespaces).hasPrefix("//") }.count
        }
        XCTAssertEqual(offenders, [], "put each in the #else branch of `#if DEBUG` (docs/PERFORMANCE.md), or drop it")
        XCTAssertGreaterThan(checked, 0, "the scan found no attribute at all: it no longer reads the sources")
    }

    func test_theScan_findsAnAttributeOutsideDebugElse() {
        let lines = ["final class A {", "    @exclusivity(unchecked) var x = 0", "}"]
        XCTAssertEqual(Self.uncheckedOutsideDebugElse(lines).map(\.line), [2])
        let guarded = ["#if DEBUG", "var x = 0", "#else", "@exclusivity(unchecked) var x = 0", "#endif"]
        XCTAssertEqual(Self.uncheckedOutsideDebugElse(guarded).map(\.line), [])
        let wrongBranch = ["#if DEBUG", "@exclusivity(unchecked) var x = 0", "#else", "var x = 0", "#endif"]
        XCTAssertEqual(Self.uncheckedOutsideDebugElse(wrongBranch).map(\.line), [2])
    }

    func test_theTests_runAsADebugBuild() {
        #if DEBUG
        // exclusivity is checked on every property here
        #else
        XCTFail("the tests are meant to run in a debug build, where exclusivity is checked on every property")
        #endif
    }

    // MARK: - Helpers

    private let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    private func swiftFiles(under folder: URL) throws -> [URL] {
        let walker = FileManager.default.enumerator(at: folder, includingPropertiesForKeys: nil)
        return (walker?.allObjects as? [URL] ?? []).filter { $0.pathExtension == "swift" }.sorted { $0.path < $1.path }
    }

    /// The lines (1-based) with the attribute that are not in the `#else` branch of an `#if DEBUG`.
    static func uncheckedOutsideDebugElse(_ lines: [String]) -> [(line: Int, text: String)] {
        // For each open `#if`: whether it is `#if DEBUG`, and whether its `#else` was passed.
        var stack: [(debug: Bool, inElse: Bool)] = []
        var found: [(line: Int, text: String)] = []
        for (offset, raw) in lines.enumerated() {
            let line = raw.trimmingCharacters(in: .whitespaces)
            if line.hasPrefix("#if ") {
                stack.append((line.hasPrefix("#if DEBUG"), false))
            } else if line.hasPrefix("#elseif") {
                if !stack.isEmpty { stack[stack.count - 1] = (false, false) }
            } else if line.hasPrefix("#else") {
                if !stack.isEmpty { stack[stack.count - 1].inElse = true }
            } else if line.hasPrefix("#endif") {
                _ = stack.popLast()
            } else if line.contains("@exclusivity(unchecked)") && !line.hasPrefix("//") {
                if !stack.contains(where: { $0.debug && $0.inElse }) { found.append((offset + 1, line)) }
            }
        }
        return found
    }
}
