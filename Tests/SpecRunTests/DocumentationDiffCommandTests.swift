import Foundation
import XCTest

@testable import SpecRun

/// `specrun report --diff OLD NEW` on streams that cannot be compared: one line naming the file, exit 2.
final class DocumentationDiffCommandTests: XCTestCase {
    func test_reportDiff_namesTheStreamWithoutDocumentsAndExits2OnOneStreamWithoutStoryDocuments() async throws {
        let folder = try catalogueFolder([
            "with.ndjson": Data((Self.started + Self.documents + Self.finished).utf8),
            "without.ndjson": Data((Self.started + Self.finished).utf8),
        ])

        for (old, new) in [("with", "without"), ("without", "with")] {
            let run = await catalogueRun(
                ["report", "--diff", "\(folder)/\(old).ndjson", "\(folder)/\(new).ndjson"], in: folder, reports: false)

            XCTAssertEqual(run.code, 2, run.stderr)
            XCTAssertEqual(run.stdout, "", "no criterion listed as added or removed")
            assertOneClearLine(run, "\(folder)/without.ndjson carries no story documents", exit: 2)
        }
    }

    func test_reportDiff_comparesTwoStreamsWithStoryDocuments() async throws {
        let folder = try catalogueFolder(["with.ndjson": Data((Self.started + Self.documents + Self.finished).utf8)])

        let run = await catalogueRun(["report", "--diff", "\(folder)/with.ndjson", "\(folder)/with.ndjson"], in: folder, reports: false)

        XCTAssertEqual(run.code, 0, run.stderr)
        XCTAssertTrue(run.stdout.contains("No criterion, wording or coverage changed."), run.stdout)
    }

    func test_reportDiff_printsTheControlCharactersOfTheDocumentsVisibleOnATitleWithTerminalEscapes() async throws {
        let hostile = Self.documents.replacingOccurrences(of: #"\"Counts\""#, with: #"\"Counts \\u001b]0;pwned\\u0007\\u001b[2J\""#)
        XCTAssertNotEqual(hostile, Self.documents)
        let folder = try catalogueFolder([
            "old.ndjson": Data((Self.started + Self.documents + Self.finished).utf8),
            "new.ndjson": Data((Self.started + hostile + Self.finished).utf8),
        ])

        let run = await catalogueRun(["report", "--diff", "\(folder)/old.ndjson", "\(folder)/new.ndjson"], in: folder, reports: false)

        XCTAssertEqual(run.code, 0, run.stderr)
        XCTAssertFalse(run.stdout.contains("\u{1B}"), run.stdout)
        XCTAssertFalse(run.stdout.contains("\u{07}"), run.stdout)
        XCTAssertTrue(run.stdout.contains(#"Counts \u{1B}]0;pwned\u{07}\u{1B}[2J"#), run.stdout)
    }

    private static let started = #"{"testRunStarted":{"id":"1","timestamp":{"seconds":0,"nanos":0}}}"# + "\n"
    private static let finished = #"{"testRunFinished":{"success":true,"testRunStartedId":"1","timestamp":{"seconds":1,"nanos":0}}}"# + "\n"
    private static let documents =
        #"{"attachment":{"body":"{\"version\": 1, \"stories\": [{\"id\": \"Q-1\", \"title\": \"Scoring\", \"uri\": \"Requirements/q.md\", \"line\": 1, \"criteria\": [{\"id\": \"Q-1-AC-1\", \"title\": \"Counts\", \"type\": \"\", \"given\": [], \"when\": [], \"then\": [\"the score is counted\"], \"uri\": \"Requirements/q.md\", \"line\": 10}]}]}","contentEncoding":"IDENTITY","mediaType":"application/vnd.specrun.requirements+json","testRunStartedId":"1"}}"#
        + "\n"
}
