import Foundation
import Messages
import XCTest

/// A signal while the run reads its story documents (`--requirements DIR`): the run ends at once, exit 128 + the
/// signal, with its reports, as on a signal before any scenario ran — with workers and with `--no-isolation`.
/// (Before, the run read every document first: 50,000 stories took 20 s on a loaded machine, then it ended.)
final class RequirementsSignalsEndToEndTests: XCTestCase {
    func test_run_endsAtOnceWithItsReportsAndExits128PlusTheSignalOnASignalWhileTheStoryDocumentsAreRead() throws {
        for isolation in [[], ["--no-isolation"]] {
            for signalNumber in [SIGINT, SIGTERM] {
                let context = "signal \(signalNumber) \(isolation)"
                let documents = try makeSUT()
                let run = try runHostile(
                    ["a.feature": "Feature: F\n  Scenario: s\n    Given a passing step\n"],
                    ["--requirements", documents] + isolation, limit: 60
                ) { pid, _ in
                    usleep(1_500_000)
                    kill(pid, signalNumber)
                }
                XCTAssertFalse(run.hung, "\(context): \(run.stderr)")
                XCTAssertEqual(run.status, 128 + signalNumber, "\(context): \(run.stderr)")
                XCTAssertEqual(run.scenarios.count, 0, "\(context): no scenario runs")
                XCTAssertTrue(
                    run.runFinished?.message?.contains("interrupted (signal \(signalNumber))") ?? false, "\(context): \(run.stderr)")
                XCTAssertTrue(FileManager.default.fileExists(atPath: "\(run.folder)/j.xml"), context)
                let stream = (try? String(contentsOfFile: "\(run.folder)/m.ndjson", encoding: .utf8)) ?? ""
                XCTAssertFalse(stream.contains("BIG-"), "\(context): the run did not wait for the documents")
            }
        }
    }

    /// A requirements folder of one document of 50,000 stories: reading it takes seconds (3.7 s in a debug build
    /// on an idle machine; the signal comes after 1.5 s).
    private func makeSUT() throws -> String {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("specrun-req-big-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        addTeardownBlock { try? FileManager.default.removeItem(atPath: folder) }
        let stories = (1...50_000).map {
            "### Story: S\($0)\nStory Id: BIG-\($0)\n\n```\nGiven a customer \($0)\nWhen the game starts\nThen the counter runs\n```\n"
        }
        try ("# Big\n\n" + stories.joined(separator: "\n")).write(toFile: "\(folder)/big.md", atomically: true, encoding: .utf8)
        return folder
    }
}
