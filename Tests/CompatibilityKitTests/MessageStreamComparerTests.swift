import XCTest

/// The comparer must catch what the official CCK checks catch, and only that.
final class MessageStreamComparerTests: XCTestCase {
    func test_compare_acceptsStreamOnIdenticalMessages() throws {
        XCTAssertNil(makeSUT().compare(expected: try stream(Self.passing), actual: try stream(Self.passing)))
    }

    func test_compare_acceptsStreamOnConsistentlyRenamedIdsAndOtherTimes() throws {
        let renamed = Self.passing
            .replacingOccurrences(of: "\"5\"", with: "\"run-a\"")
            .replacingOccurrences(of: "\"8\"", with: "\"started-b\"")
            .replacingOccurrences(of: "\"nanos\":2000000", with: "\"nanos\":999")
        XCTAssertNil(makeSUT().compare(expected: try stream(Self.passing), actual: try stream(renamed)))
    }

    func test_compare_reportsMessageTypesOnMissingMessage() throws {
        let lines = Self.passing.split(separator: "\n").map(String.init)
        let withoutStep = lines.filter { !$0.hasPrefix("{\"testStepStarted\"") }.joined(separator: "\n")

        let report = try XCTUnwrap(makeSUT().compare(expected: try stream(Self.passing), actual: try stream(withoutStep)))

        XCTAssertTrue(report.contains("message types differ at #6"), report)
        XCTAssertTrue(report.contains("expected #6 testStepStarted"), report)
    }

    func test_compare_reportsFirstDifferingMessageOnChangedStatus() throws {
        let failed = Self.passing.replacingOccurrences(of: "\"PASSED\"", with: "\"FAILED\"")

        let report = try XCTUnwrap(makeSUT().compare(expected: try stream(Self.passing), actual: try stream(failed)))

        XCTAssertTrue(report.contains("message #7 (testStepFinished) differs at /testStepFinished/testStepResult/status"), report)
        XCTAssertTrue(report.contains("\"PASSED\"") && report.contains("\"FAILED\""), report)
    }

    func test_compare_ignoresExceptionTypeAndMessageOnFailures() throws {
        let expected = Self.passing.replacingOccurrences(
            of: "\"status\":\"PASSED\"",
            with:
                "\"status\":\"FAILED\",\"message\":\"whoops\",\"exception\":{\"type\":\"Error\",\"message\":\"whoops\",\"stackTrace\":\"Error: whoops\"}"
        )
        let actual = Self.passing.replacingOccurrences(
            of: "\"status\":\"PASSED\"",
            with: "\"status\":\"FAILED\",\"message\":\"oh no\",\"exception\":{\"type\":\"MyError\",\"message\":\"oh no\"}")

        XCTAssertNil(makeSUT().compare(expected: try stream(expected), actual: try stream(actual)))
    }

    func test_compare_reportsExceptionOnExceptionMissing() throws {
        let expected = Self.passing.replacingOccurrences(
            of: "\"status\":\"PASSED\"", with: "\"status\":\"FAILED\",\"exception\":{\"type\":\"Error\"}")
        let actual = Self.passing.replacingOccurrences(of: "\"status\":\"PASSED\"", with: "\"status\":\"FAILED\"")

        let report = try XCTUnwrap(makeSUT().compare(expected: try stream(expected), actual: try stream(actual)))

        XCTAssertTrue(report.contains("/testStepFinished/testStepResult/exception (missing in actual)"), report)
    }

    func test_compare_reportsWrongReferenceOnInconsistentIds() throws {
        let wrongRun = Self.passing.replacingOccurrences(
            of: "{\"testRunFinished\":{\"testRunStartedId\":\"5\"", with: "{\"testRunFinished\":{\"testRunStartedId\":\"6\"")

        let report = try XCTUnwrap(makeSUT().compare(expected: try stream(Self.passing), actual: try stream(wrongRun)))

        XCTAssertTrue(report.contains("(testRunFinished) refers to the wrong thing at /testRunFinished/testRunStartedId"), report)
    }

    func test_compare_reportsIdFieldsOnMissingReference() throws {
        let noRunId = Self.passing.replacingOccurrences(of: ",\"testRunStartedId\":\"5\"}}", with: "}}")

        let report = try XCTUnwrap(makeSUT().compare(expected: try stream(Self.passing), actual: try stream(noRunId)))

        XCTAssertTrue(report.contains("(testCase) has different ID fields"), report)
    }

    func test_compare_countsSnippetsOnly() throws {
        let expected =
            #"{"suggestion":{"id":"1","pickleStepId":"2","snippets":[{"language":"typescript","code":"a"},{"language":"typescript","code":"b"}]}}"#
        let sameCount =
            #"{"suggestion":{"id":"1","pickleStepId":"2","snippets":[{"language":"swift","code":"x"},{"language":"swift","code":"y"}]}}"#
        let fewer = #"{"suggestion":{"id":"1","pickleStepId":"2","snippets":[{"language":"swift","code":"x"}]}}"#

        XCTAssertNil(makeSUT().compare(expected: try stream(expected), actual: try stream(sameCount)))
        XCTAssertNotNil(makeSUT().compare(expected: try stream(expected), actual: try stream(fewer)))
    }

    func test_compare_acceptsTestRunHooksOnEitherSideOfTestCaseMessages() throws {
        let hookFirst = """
            {"testRunStarted":{"id":"1","timestamp":{"seconds":0,"nanos":0}}}
            {"testRunHookStarted":{"id":"2","testRunStartedId":"1","hookId":"0","timestamp":{"seconds":0,"nanos":0}}}
            {"testRunHookFinished":{"testRunHookStartedId":"2","result":{"status":"PASSED","duration":{"seconds":0,"nanos":0}},"timestamp":{"seconds":0,"nanos":0}}}
            {"testCase":{"id":"3","pickleId":"9","testSteps":[],"testRunStartedId":"1"}}
            {"testCaseStarted":{"id":"4","testCaseId":"3","attempt":0,"timestamp":{"seconds":0,"nanos":0}}}
            """
        let casesFirst = """
            {"testRunStarted":{"id":"1","timestamp":{"seconds":0,"nanos":0}}}
            {"testCase":{"id":"3","pickleId":"9","testSteps":[],"testRunStartedId":"1"}}
            {"testRunHookStarted":{"id":"2","testRunStartedId":"1","hookId":"0","timestamp":{"seconds":0,"nanos":0}}}
            {"testRunHookFinished":{"testRunHookStartedId":"2","result":{"status":"PASSED","duration":{"seconds":0,"nanos":0}},"timestamp":{"seconds":0,"nanos":0}}}
            {"testCaseStarted":{"id":"4","testCaseId":"3","attempt":0,"timestamp":{"seconds":0,"nanos":0}}}
            """
        XCTAssertNil(makeSUT().compare(expected: try stream(hookFirst), actual: try stream(casesFirst)))
    }

    func test_compare_reportsUriOnDocumentOutsideTheSample() throws {
        let expected =
            #"{"source":{"data":"Feature: x\n","uri":"samples/minimal/minimal.feature","mediaType":"text/x.cucumber.gherkin+plain"}}"#
        let right = expected.replacingOccurrences(of: "samples/minimal", with: "minimal")
        let wrong = expected.replacingOccurrences(of: "samples/minimal", with: "elsewhere")

        XCTAssertNil(makeSUT(expectedUriPrefix: "samples/").compare(expected: try stream(expected), actual: try stream(right)))
        let report = try XCTUnwrap(
            makeSUT(expectedUriPrefix: "samples/").compare(expected: try stream(expected), actual: try stream(wrong)))
        XCTAssertTrue(report.contains("has uri \"elsewhere/minimal.feature\", expected \"minimal/minimal.feature\""), report)
    }

    func test_compare_reportsEnvelopeOnTwoMessagesInOne() throws {
        let double = #"{"testRunStarted":{"id":"1","timestamp":{"seconds":0,"nanos":0}},"meta":{}}"#

        let report = try XCTUnwrap(makeSUT().compare(expected: [], actual: try stream(double)))

        XCTAssertTrue(report.contains("actual message #0 is not an envelope with exactly one message"), report)
    }

    // MARK: Helpers

    /// By default the fixtures' URIs are compared as they are (no `samples/` prefix to strip).
    private func makeSUT(expectedUriPrefix: String = "") -> MessageStreamComparer {
        MessageStreamComparer(expectedUriPrefix: expectedUriPrefix)
    }

    private func stream(_ text: String) throws -> [JSONValue] {
        try text.split(separator: "\n").map { try JSONValue.parse(String($0)) }
    }

    /// The CCK `minimal` sample's expected stream, shortened.
    static let passing = """
        {"meta":{"protocolVersion":"33.0.4","implementation":{"name":"fake-cucumber","version":"123.45.6"}}}
        {"source":{"data":"Feature: minimal\\n","uri":"samples/minimal/minimal.feature","mediaType":"text/x.cucumber.gherkin+plain"}}
        {"pickle":{"id":"3","uri":"samples/minimal/minimal.feature","location":{"line":9,"column":3},"astNodeIds":["1"],"tags":[],"name":"cukes","language":"en","steps":[{"id":"2","text":"I have 42 cukes in my belly","type":"Context","astNodeIds":["0"]}]}}
        {"stepDefinition":{"id":"4","pattern":{"type":"CUCUMBER_EXPRESSION","source":"I have {int} cukes in my belly"},"sourceReference":{"uri":"samples/minimal/minimal.ts","location":{"line":3}}}}
        {"testRunStarted":{"id":"5","timestamp":{"seconds":0,"nanos":0}}}
        {"testCase":{"id":"6","pickleId":"3","testSteps":[{"id":"7","pickleStepId":"2","stepDefinitionIds":["4"],"stepMatchArgumentsLists":[{"stepMatchArguments":[{"group":{"start":7,"value":"42"},"parameterTypeName":"int"}]}]}],"testRunStartedId":"5"}}
        {"testStepStarted":{"testCaseStartedId":"8","testStepId":"7","timestamp":{"seconds":0,"nanos":2000000}}}
        {"testStepFinished":{"testCaseStartedId":"8","testStepId":"7","testStepResult":{"status":"PASSED","duration":{"seconds":0,"nanos":1000000}},"timestamp":{"seconds":0,"nanos":3000000}}}
        {"testRunFinished":{"testRunStartedId":"5","timestamp":{"seconds":0,"nanos":5000000},"success":true}}
        """
}
