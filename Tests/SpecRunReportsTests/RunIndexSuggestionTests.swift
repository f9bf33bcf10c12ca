import Messages
import XCTest

@testable import SpecRunReportCore
@testable import SpecRunReports

/// The index keeps each distinct suggested code once, by number; the console lists at the end only the snippets it
/// did not print under a step.
final class RunIndexSuggestionTests: XCTestCase {
    private let cukes = "steps.given(\"I have {int} cukes\") { (world, int1: Int) in\n    try pending()\n}"
    private let belly = "steps.then(\"my belly growls\") { world in\n    try pending()\n}"

    func test_handle_numbersEachDistinctCodeOnceOnRepeatedSuggestions() {
        let (index, stepIds) = makeSUT(codes: [cukes, belly, cukes, ""])

        XCTAssertEqual(index.snippetCodes.codes, [cukes, belly])
        XCTAssertEqual(stepIds.map { index.firstSuggestedCode($0) }, [0, 1, 0, nil])
        XCTAssertEqual(stepIds.map(index.firstSnippet), [cukes, belly, cukes, nil])
        XCTAssertEqual(index.suggestedSnippets(stepIds[3]), [""])
    }

    func test_firstSuggestedCode_skipsASuggestionWithoutCodeOnAStepSuggestedTwice() {
        let (index, stepIds) = makeSUT(codes: [""])
        index.handle(
            Envelope(
                suggestion: Suggestion(
                    id: "again", pickleStepId: stepIds[0],
                    snippets: [Snippet(language: "swift", code: belly)])))

        XCTAssertEqual(index.firstSuggestedCode(stepIds[0]), 0)
        XCTAssertNil(index.firstSnippet(stepIds[0]), "the first suggestion had no snippet")
        XCTAssertEqual(index.suggestedSnippets(stepIds[0]), ["", belly])
    }

    func test_remainingSnippets_listsEachUnprintedCodeOnceInStepOrder() {
        let (index, _) = makeSUT(codes: [belly, cukes, belly])
        let sut = ConsoleText(index: index, style: ConsoleStyle(colors: false), options: ReportOptions(colors: false))
        var printed = PrintedSnippets()
        printed.insert(1)

        let text = sut.remainingSnippets(printed: printed)

        XCTAssertEqual(
            text,
            "You can implement the undefined steps with these snippets:\n\n"
                + sut.indented(belly, "", color: .yellow) + "\n")
    }

    func test_remainingSnippets_isEmptyOnEveryCodePrinted() {
        let (index, _) = makeSUT(codes: [belly, cukes, belly])
        let sut = ConsoleText(index: index, style: ConsoleStyle(colors: false), options: ReportOptions(colors: false))
        var printed = PrintedSnippets()
        printed.insert(0)
        printed.insert(1)

        XCTAssertEqual(sut.remainingSnippets(printed: printed), "")
        XCTAssertFalse(sut.remainingSnippets(printed: PrintedSnippets()).isEmpty)
    }

    func test_handle_keepsSuggestionsInOrderOnStepsNotOfARecentAttempt() {
        let (index, stepIds) = makeSUT(codes: [cukes, belly], suggestFirst: true)
        index.handle(
            Envelope(
                suggestion: Suggestion(
                    id: "again", pickleStepId: stepIds[0],
                    snippets: [Snippet(language: "swift", code: belly)])))

        XCTAssertEqual(index.suggestedSnippets(stepIds[0]), [cukes, belly])
        XCTAssertEqual(index.suggestedSnippets(stepIds[1]), [belly])
        XCTAssertEqual(index.firstSuggestedCode(stepIds[0]), 0)
    }

    func test_firstSuggestedCode_findsTheSameByPlaceAsById() {
        let (index, stepIds) = makeSUT(codes: [cukes, belly])
        index.handle(
            Envelope(
                suggestion: Suggestion(
                    id: "again", pickleStepId: stepIds[1],
                    snippets: [Snippet(language: "swift", code: cukes)])))

        for (slot, id) in stepIds.enumerated() {
            let place = PickleStepPlace(slot: Int32(slot), position: 0)
            XCTAssertEqual(index.firstSuggestedCode(id, at: place), index.firstSuggestedCode(id))
            var byPlace: [Int32] = [], byId: [Int32] = []
            index.forEachSuggestedCode(id, at: place) { byPlace.append($0) }
            index.forEachSuggestedCode(id) { byId.append($0) }
            XCTAssertEqual(byPlace, byId)
        }
        XCTAssertEqual(index.suggestedSnippets(stepIds[1]), [belly, cukes])
    }

    func test_recentPickleSteps_findsAStepOfARecentPickleAndNothingOnAnOlderOne() {
        let pickles = (0..<20).map { number in
            Pickle(
                id: "pickle\(number)", uri: "a.feature", location: nil, name: "s\(number)", language: "en",
                steps: (0..<3).map { PickleStep(argument: nil, astNodeIds: [], id: "p\(number)-\($0)", type: nil, text: "t") },
                tags: [], astNodeIds: [])
        }
        var sut = RecentPickleSteps()
        for slot in 0..<20 { sut.started(slot: Int32(slot)) }

        XCTAssertEqual(sut.place(of: "p19-0", in: pickles).map { [$0.slot, $0.position] }, [19, 0])
        XCTAssertEqual(sut.place(of: "p19-1", in: pickles).map { [$0.slot, $0.position] }, [19, 1])
        XCTAssertEqual(sut.place(of: "p5-2", in: pickles).map { [$0.slot, $0.position] }, [5, 2])
        XCTAssertNil(sut.place(of: "p2-0", in: pickles), "only the last 16 pickles are looked at")
        XCTAssertNil(sut.place(of: "unknown", in: pickles))
    }

    func test_number_isTheSameOnEqualCodesStoredApart() {
        var sut = SnippetCodes()
        let first = String(cukes.utf8.map { Character(UnicodeScalar($0)) })

        XCTAssertEqual(sut.number(of: cukes), 0)
        XCTAssertEqual(sut.number(of: belly), 1)
        XCTAssertEqual(sut.number(of: first), 0)
        XCTAssertEqual(sut.number(of: cukes), 0)
        XCTAssertEqual(sut.number(of: ""), SnippetCodes.none)
        XCTAssertEqual(sut.codes, [cukes, belly])
    }

    // MARK: Helpers

    /// An index of a run with one scenario per code, its one step undefined and suggested that code ("": a
    /// suggestion without snippets); and the pickle step ids of the scenarios, in order.
    /// `suggestFirst`: the suggestions come before every test case message (not while a step of theirs runs).
    private func makeSUT(codes: [String], suggestFirst: Bool = false) -> (RunIndex, [String]) {
        var run = RunStream()
        let feature = run.feature("features/a.feature", "A")
        for (number, _) in codes.enumerated() {
            run.scenario(feature, "s\(number)", [("step \(number)", .none, .undefined())])
        }
        let envelopes = run.envelopes()
        let stepIds = envelopes.compactMap(\.pickle).map { $0.steps[0].id }
        let index = RunIndex()
        if suggestFirst {
            envelopes.filter {
                $0.testCaseStarted == nil && $0.testStepStarted == nil && $0.testStepFinished == nil && $0.testCaseFinished == nil
            }
            .forEach(index.handle)
            for (number, code) in codes.enumerated() {
                index.handle(
                    Envelope(
                        suggestion: Suggestion(
                            id: "suggestion\(number)", pickleStepId: stepIds[number],
                            snippets: code.isEmpty ? [] : [Snippet(language: "swift", code: code)])))
            }
            envelopes.filter {
                $0.testCaseStarted != nil || $0.testStepStarted != nil || $0.testStepFinished != nil || $0.testCaseFinished != nil
            }
            .forEach(index.handle)
            return (index, stepIds)
        }
        for envelope in envelopes {
            if let finished = envelope.testStepFinished, finished.testStepResult.status == .undefined,
                let testCase = envelopes.compactMap(\.testCase).first(where: { $0.testSteps.contains { $0.id == finished.testStepId } }),
                let pickleStepId = testCase.testSteps.first(where: { $0.id == finished.testStepId })?.pickleStepId,
                let number = stepIds.firstIndex(of: pickleStepId)
            {
                let code = codes[number]
                index.handle(
                    Envelope(
                        suggestion: Suggestion(
                            id: "suggestion\(number)", pickleStepId: pickleStepId,
                            snippets: code.isEmpty ? [] : [Snippet(language: "swift", code: code)])))
            }
            index.handle(envelope)
        }
        return (index, stepIds)
    }
}
