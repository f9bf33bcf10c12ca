import Messages
import SpecRunCore
import XCTest

@testable import SpecRunWorkers

/// The suggestions and test cases a worker sends compact (`!U`, `!B`, `!T`), and their decoding.
final class CompactEnvelopeTestCaseTests: XCTestCase {
    func test_decoder_rebuildsRepeatedSuggestionsFromTheirFirstJSONLine() {
        let snippets = [Snippet(language: "swift", code: "steps.given(\"a {int}\") { (world, int1: Int) in\n    try pending()\n}")]
        let other = [Snippet(language: "swift", code: "steps.then(\"b\") { world in\n    try pending()\n}")]
        let suggestions = [
            Suggestion(id: "s1", pickleStepId: "p1", snippets: snippets),
            Suggestion(id: "s2", pickleStepId: "p2", snippets: other),
            Suggestion(id: "s3", pickleStepId: "p3", snippets: snippets),
            Suggestion(id: "s 4", pickleStepId: "p4", snippets: other),  // an id that cannot be a field: JSON again
            Suggestion(id: "s5", pickleStepId: "p5", snippets: other),
        ].map { Envelope(suggestion: $0) }
        var table = CompactEnvelope.SuggestionTable()
        let (bytes, compact) = CompactEnvelopeFixtures.written(suggestions) { table.encode($0.suggestion!, into: &$1) }
        let sut = WorkerOutputDecoder(number: 0, skipsPrelude: false)

        let events = sut.append(bytes)

        XCTAssertEqual(compact, [false, false, true, false, true])
        XCTAssertEqual(CompactEnvelopeFixtures.envelopes(events), suggestions)
    }

    func test_encode_namesSnippetsSentBeforeOnTheSameArrayOrAnEqualOne() {
        let shared = [Snippet(language: "swift", code: "steps.given(\"a\") { world in\n    try pending()\n}")]
        let equal = [Snippet(language: "swift", code: "steps.given(\"a\") { world in\n    try pending()\n}")]
        let other = [Snippet(language: "swift", code: "steps.then(\"b\") { world in\n    try pending()\n}")]
        let suggestions = [
            Suggestion(id: "s1", pickleStepId: "p1", snippets: shared),
            Suggestion(id: "s2", pickleStepId: "p2", snippets: shared),
            Suggestion(id: "s3", pickleStepId: "p3", snippets: equal),
            Suggestion(id: "s4", pickleStepId: "p4", snippets: other),
            Suggestion(id: "s5", pickleStepId: "p5", snippets: shared),
            Suggestion(id: "s6", pickleStepId: "p6", snippets: other),
            Suggestion(id: "s7", pickleStepId: "p7", snippets: []),
            Suggestion(id: "s8", pickleStepId: "p8", snippets: []),
        ].map { Envelope(suggestion: $0) }
        var table = CompactEnvelope.SuggestionTable()
        let (bytes, compact) = CompactEnvelopeFixtures.written(suggestions) { table.encode($0.suggestion!, into: &$1) }
        let sut = WorkerOutputDecoder(number: 0, skipsPrelude: false)

        let events = sut.append(bytes)

        XCTAssertEqual(compact, [false, true, true, false, true, true, false, true])
        XCTAssertEqual(CompactEnvelopeFixtures.envelopes(events), suggestions)
    }

    func test_decode_refusesASuggestionLineNamingSnippetsNeverSent() {
        let sut = WorkerOutputDecoder(number: 0, skipsPrelude: false)

        let events = sut.append(Array("!U s1 p1 0\n".utf8))

        XCTAssertEqual(events.count, 1)
        guard case .badLine = events.first else { return XCTFail("expected a bad line, got \(events)") }
    }

    func test_decoder_rebuildsTestCasesFromTheirCompactLinesAndTheBindingsSentBefore() {
        let int = StepMatchArgument(group: Group(children: [], start: 9, value: "4"), parameterTypeName: "int")
        let string = StepMatchArgument(
            group: Group(
                children: [Group(children: [Group()], start: 11, value: "globex"), Group(children: [Group()])],
                start: 10, value: "\"globex\""), parameterTypeName: "string")
        let matched = { (id: String, pickleStep: String, args: [StepMatchArgument]) in
            TestStep(
                id: id, pickleStepId: pickleStep, stepDefinitionIds: ["d1"],
                stepMatchArgumentsLists: [StepMatchArgumentsList(stepMatchArguments: args)])
        }
        let cases = [
            TestCase(
                id: "c1", pickleId: "p1",
                testSteps: [
                    TestStep(hookId: "h1", id: "t1"), matched("t2", "ps1", [int]), matched("t3", "ps2", [string]),
                    TestStep(id: "t4", pickleStepId: "ps3", stepDefinitionIds: [], stepMatchArgumentsLists: []),  // undefined
                    TestStep(
                        id: "t5", pickleStepId: "ps4", stepDefinitionIds: ["d1", "d2"],  // ambiguous
                        stepMatchArgumentsLists: [
                            StepMatchArgumentsList(stepMatchArguments: [int]), StepMatchArgumentsList(stepMatchArguments: []),
                        ]),
                ], testRunStartedId: "r"),
            TestCase(
                id: "c2", pickleId: "p2", testSteps: [matched("t6", "ps5", [int]), matched("t7", "ps6", [string])], testRunStartedId: "r"),
            TestCase(id: "c3", pickleId: "p3", testSteps: []),
            TestCase(id: "c4", pickleId: "p4", testSteps: [TestStep(hookId: "h1", id: "t8", pickleStepId: "ps7")]),  // another shape: JSON
            TestCase(id: "c 5", pickleId: "p5", testSteps: [matched("t9", "ps8", [int])]),  // an id with a space: JSON
        ].map { Envelope(testCase: $0) }
        var table = CompactEnvelope.TestCaseTable()
        let (bytes, compact) = CompactEnvelopeFixtures.written(cases) { table.encode($0.testCase!, into: &$1) }
        let sut = WorkerOutputDecoder(number: 0, skipsPrelude: false)

        let events = sut.append(bytes)

        XCTAssertEqual(compact, [true, true, true, false, false])
        XCTAssertEqual(bytes.split(separator: 0x0A).filter { $0.starts(with: Array("!B".utf8)) }.count, 4, "each distinct binding once")
        XCTAssertEqual(CompactEnvelopeFixtures.envelopes(events), cases)
    }

    func test_decoder_givesTheStepsOfEveryBindingOfADefinitionOneIdArray() {
        let argument = { (value: String) in
            [
                StepMatchArgumentsList(stepMatchArguments: [
                    StepMatchArgument(
                        group: Group(children: [], start: 0, value: value),
                        parameterTypeName: "int")
                ])
            ]
        }
        let cases = (1...3).map { number in
            Envelope(
                testCase: TestCase(
                    id: "c\(number)", pickleId: "p\(number)",
                    testSteps: [
                        TestStep(
                            id: "t\(number)", pickleStepId: "ps\(number)", stepDefinitionIds: ["d1"],
                            stepMatchArgumentsLists: argument("\(number)")),
                        TestStep(
                            id: "u\(number)", pickleStepId: "qs\(number)", stepDefinitionIds: ["d2"],
                            stepMatchArgumentsLists: argument("\(number)")),
                    ]))
        }
        var table = CompactEnvelope.TestCaseTable()
        let (bytes, _) = CompactEnvelopeFixtures.written(cases) { table.encode($0.testCase!, into: &$1) }
        let sut = WorkerOutputDecoder(number: 0, skipsPrelude: false)

        let steps = CompactEnvelopeFixtures.envelopes(sut.append(bytes)).compactMap(\.testCase).flatMap(\.testSteps)

        let storage = { (step: TestStep) in step.stepDefinitionIds!.withUnsafeBufferPointer { UnsafeRawPointer($0.baseAddress) } }
        XCTAssertEqual(steps.count, 6)
        XCTAssertEqual(Set(steps.filter { $0.stepDefinitionIds == ["d1"] }.map(storage)).count, 1, "three bindings of d1, one array")
        XCTAssertEqual(Set(steps.filter { $0.stepDefinitionIds == ["d2"] }.map(storage)).count, 1)
        XCTAssertNotEqual(storage(steps[0]), storage(steps[1]))
    }

    func test_decode_refusesATestCaseLineNamingABindingNeverSent() {
        let sut = WorkerOutputDecoder(number: 0, skipsPrelude: false)

        let events = sut.append(Array("!T c1 p1 r 1 s t1 ps1 0\n".utf8))

        guard case .badLine? = events.first, events.count == 1 else { return XCTFail("expected a bad line, got \(events)") }
    }

    func test_encode_numbersNoMoreThanTheLimitOfBindingsAndSendsLaterNewOnesAsJSON() {
        let binding = { (value: Int) in
            TestStep(
                id: "t\(value)", pickleStepId: "ps\(value)", stepDefinitionIds: ["d"],
                stepMatchArgumentsLists: [
                    StepMatchArgumentsList(stepMatchArguments: [
                        StepMatchArgument(group: Group(children: [], start: 0, value: "\(value)"), parameterTypeName: "int")
                    ])
                ])
        }
        let limit = CompactEnvelope.TestCaseTable.limit
        let cases =
            (0...limit + 1).map { Envelope(testCase: TestCase(id: "c\($0)", pickleId: "p\($0)", testSteps: [binding($0)])) }
            + [Envelope(testCase: TestCase(id: "again", pickleId: "p", testSteps: [binding(0)]))]
        var table = CompactEnvelope.TestCaseTable()
        let (bytes, compact) = CompactEnvelopeFixtures.written(cases) { table.encode($0.testCase!, into: &$1) }
        let sut = WorkerOutputDecoder(number: 0, skipsPrelude: false)

        let events = sut.append(bytes)

        XCTAssertEqual(compact.filter { $0 }.count, limit + 1, "the first \(limit) bindings, and a test case naming one of them")
        XCTAssertEqual(compact.suffix(3), [false, false, true])
        XCTAssertEqual(CompactEnvelopeFixtures.envelopes(events), cases)
    }

    func test_encode_numbersOnlyTheFirstSuggestionsSentAsJSON() {
        let suggestion = { (id: Int, list: Int) in
            Envelope(
                suggestion: Suggestion(id: "s\(id)", pickleStepId: "p\(id)", snippets: [Snippet(language: "swift", code: "code \(list)")]))
        }
        let limit = CompactEnvelope.SuggestionTable.limit
        let suggestions = (0...limit).map { suggestion($0, $0) } + [suggestion(limit + 1, 0), suggestion(limit + 2, limit)]
        var table = CompactEnvelope.SuggestionTable()
        let (bytes, compact) = CompactEnvelopeFixtures.written(suggestions) { table.encode($0.suggestion!, into: &$1) }
        let sut = WorkerOutputDecoder(number: 0, skipsPrelude: false)

        let events = sut.append(bytes)

        XCTAssertEqual(compact.suffix(2), [true, false], "the first list is named; the one past the limit is sent again")
        XCTAssertEqual(CompactEnvelopeFixtures.envelopes(events), suggestions)
    }

    func test_finish_dropsACompactLineCutByTheEndOfTheOutput() {
        let sut = WorkerOutputDecoder(number: 0, skipsPrelude: false)
        var bytes: [UInt8] = []
        _ = CompactEnvelope.encode(
            Envelope(
                testStepStarted: TestStepStarted(
                    testCaseStartedId: "c", testStepId: "s",
                    timestamp: Timestamp(seconds: 12, nanos: 345))),
            attempt: CompactEnvelopeFixtures.attempt("c"), into: &bytes)

        let events = sut.append(Array(bytes.dropLast(3))) + sut.finish()

        XCTAssertTrue(events.isEmpty, "a cut line may still read as a line (here a shorter number): \(events)")
    }

    func test_decode_refusesATestCaseLineWhoseStepsAreNotAsManyAsItSays() {
        for count in [0, 2, 999_999_999] {
            let sut = WorkerOutputDecoder(number: 0, skipsPrelude: false)

            let events = sut.append(Array("!T c1 p1 r \(count) h t1 h1\n".utf8))

            guard case .badLine? = events.first, events.count == 1 else { return XCTFail("\(count): expected a bad line, got \(events)") }
        }
    }

    func test_decode_refusesATestCaseLineGoingWrongAfterItsFirstSteps() {
        // (The steps made before the wrong one are let go with the line: the steps are made in place.)
        for line in [
            "!T c1 p1 r 3 h t1 h1 x t2 h2 h t3 h3", "!T c1 p1 r 2 h t1 h1 s t2 p2 7", "!T c1 p1 r 2 h t1 h1 h t2",
            "!T c1 p1 r 1 h t1 h1 h t2 h2",
        ] {
            let sut = WorkerOutputDecoder(number: 0, skipsPrelude: false)

            let events = sut.append(Array((line + "\n").utf8))

            guard case .badLine? = events.first, events.count == 1 else { return XCTFail("\(line): expected a bad line, got \(events)") }
        }
    }
}
