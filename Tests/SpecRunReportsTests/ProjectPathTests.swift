import Foundation
import Messages
import XCTest

@testable import SpecRunReportCore
@testable import SpecRunReports

/// Paths in every report are relative to the project root: a report moved to another machine still points at
/// the files.
final class ProjectPathTests: XCTestCase {
    func test_relative_cutsTheWorkingFolder() {
        XCTAssertEqual(ProjectPath.relative("/work/app/Specs/X.swift", root: "/work/app/"), "Specs/X.swift")
    }

    func test_relative_cutsAForeignPathBeforeItsFirstProjectFolder() {
        XCTAssertEqual(ProjectPath.relative("/home/ci/build/app/Specs/Quiz/X.swift", root: "/work/"), "Specs/Quiz/X.swift")
        XCTAssertEqual(ProjectPath.relative("/home/ci/app/Steps/X.swift", folders: ["Steps"], root: "/work/"), "Steps/X.swift")
    }

    func test_relative_leavesRelativeAndUnknownPathsAlone() {
        XCTAssertEqual(ProjectPath.relative("Specs/X.swift", root: "/work/"), "Specs/X.swift")
        XCTAssertEqual(ProjectPath.relative("/opt/lib/x.swift", root: "/work/"), "/opt/lib/x.swift")
    }

    func test_reports_writeAStepDefinitionRecordedOnAnotherMachineRelativeToTheProject() throws {
        let envelopes = try sampleEnvelopes().map { envelope -> Envelope in
            guard var definition = envelope.stepDefinition, let uri = definition.sourceReference.uri, !uri.hasPrefix("/") else {
                return envelope
            }
            definition.sourceReference.uri = "/home/ci/work/app/" + uri
            var moved = envelope
            moved.stepDefinition = definition
            return moved
        }
        XCTAssertTrue(envelopes.contains { $0.stepDefinition?.sourceReference.uri?.hasPrefix("/home/ci/") == true }, "the fixture moved")

        for format in [ReportFormat.html, .json, .pretty] {
            let text = try render(format, envelopes)
            XCTAssertFalse(text.contains("/home/ci/"), "\(format)")
        }
    }
}
