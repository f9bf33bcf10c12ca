import Foundation
import SpecRunCore
import XCTest

@testable import SpecRunWorkers

/// docs/CONTRACTS.md describes the worker protocol; its section carries the code's version and names every line
/// kind the code knows, so a new kind or a changed version cannot go undescribed.
final class WorkerProtocolDescriptionTests: XCTestCase {
    private func section() throws -> String {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        let text = try String(contentsOf: root.appendingPathComponent("docs/CONTRACTS.md"), encoding: .utf8)
        guard let start = text.range(of: "## The worker protocol (version ") else {
            throw XCTSkip("docs/CONTRACTS.md has no worker protocol section")
        }
        let rest = text[start.lowerBound...]
        let end = rest.dropFirst(3).range(of: "\n## ")?.lowerBound ?? rest.endIndex
        return String(rest[..<end])
    }

    func test_description_carriesTheCodesVersion() throws {
        XCTAssertTrue(try section().hasPrefix("## The worker protocol (version \(WorkerProtocol.version))"))
    }

    func test_description_namesEveryCompactLineKindInstructionAndControlLine() throws {
        let section = try section()
        for kind in WorkerProtocol.compactKinds {
            XCTAssertTrue(section.contains("`!\(Character(UnicodeScalar(kind)))"), "compact line !\(Character(UnicodeScalar(kind)))")
        }
        for instruction in [WorkerInstruction.run(1), .skip(1), .end, .name(1, pickleId: "p", uri: "u")] {
            let verb = instruction.line.split(separator: " ").first.map(String.init)?.trimmingCharacters(in: .newlines) ?? ""
            XCTAssertTrue(section.contains("`\(verb)"), "instruction \(verb)")
        }
        for control in [WorkerControl.ready(testCases: 0, beforeAllPassed: true, keys: nil), .timedOut(seconds: 1, step: nil)] {
            let line = String(decoding: control.line, as: UTF8.self)
            let kind = line.contains("\"ready\"") ? "ready" : "timedOut"
            XCTAssertTrue(section.contains("\"kind\":\"\(kind)\""), "control line \(kind)")
        }
    }
}
