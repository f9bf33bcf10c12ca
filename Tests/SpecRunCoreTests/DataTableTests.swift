import XCTest

import struct Messages.PickleStep
import struct Messages.Snippet

@testable import SpecRunCore

final class DataTableTests: XCTestCase {
    private let table = DataTable([["name", "age"], ["Ana", "31"], ["Bo", "4"]])

    func test_hashes_mapsRowsByHeader() {
        XCTAssertEqual(table.hashes(), [["name": "Ana", "age": "31"], ["name": "Bo", "age": "4"]])
    }

    func test_rowsHash_mapsFirstColumnToSecond() throws {
        XCTAssertEqual(try DataTable([["a", "1"], ["b", "2"]]).rowsHash(), ["a": "1", "b": "2"])
    }

    func test_rowsHash_failsNamingTheRowAndItsColumnCountOnARowNotOfTwoColumns() {
        let line = #line + 1
        XCTAssertThrowsError(try DataTable([["a", "1"], ["b", "2", "x"]]).rowsHash()) { error in
            XCTAssertEqual(
                error as? ExpectationFailure,
                ExpectationFailure(
                    "rowsHash() needs a table whose every row has exactly two columns: row 2 (| b | 2 | x |) has 3 columns "
                        + "(use hashes() for a table with a header row, or rows for the cells as they are)",
                    file: #filePath, line: line))
        }
    }

    func test_rowsHash_failsOnATableOfOneColumn() {
        XCTAssertThrowsError(try DataTable([["a"], ["b"]]).rowsHash()) { error in
            XCTAssertTrue(
                (error as? ExpectationFailure)?.message.contains("row 1 (| a |) has 1 column (") == true, "\(error)")
        }
    }

    func test_column_returnsTheCellsUnderAHeader() {
        XCTAssertEqual(table.column("age"), ["31", "4"])
        XCTAssertEqual(table.column("missing"), [])
        XCTAssertEqual(table.column(at: 0), ["name", "Ana", "Bo"])
    }

    func test_transpose_turnsRowsIntoColumns() {
        XCTAssertEqual(table.transpose().rows, [["name", "Ana", "Bo"], ["age", "31", "4"]])
    }

    func test_headersAndSubscript() {
        XCTAssertEqual(table.headers, ["name", "age"])
        XCTAssertEqual(table[1, 0], "Ana")
        XCTAssertEqual(Array(table.dataRows), [["Ana", "31"], ["Bo", "4"]])
        XCTAssertEqual(table.description, "| name | age |\n| Ana | 31 |\n| Bo | 4 |")
    }
}

final class ExpectationsTests: XCTestCase {
    func test_expectEquals_failsWithExpectedVersusActualAndTheCallersLine() {
        let line = #line + 1
        XCTAssertThrowsError(try expect("pear", equals: "apple")) { error in
            XCTAssertEqual(
                error as? ExpectationFailure,
                ExpectationFailure("expected \"apple\", got \"pear\"", file: #filePath, line: line))
        }
        XCTAssertNoThrow(try expect(2, equals: 2))
    }

    func test_expectCondition_failsWithTheMessage() {
        XCTAssertThrowsError(try expect(false, "the list is empty")) { error in
            XCTAssertEqual((error as? ExpectationFailure)?.message, "the list is empty")
        }
        XCTAssertNoThrow(try expect(true, "fine"))
    }

    func test_expectNil_failsShowingTheValue() {
        XCTAssertThrowsError(try expectNil(Optional(3))) { error in
            XCTAssertEqual((error as? ExpectationFailure)?.message, "expected nil, got 3")
        }
        XCTAssertNoThrow(try expectNil(Optional<Int>.none))
    }

    func test_unwrap_returnsTheValueOrFails() throws {
        XCTAssertEqual(try unwrap(Optional(5)), 5)
        XCTAssertThrowsError(try unwrap(Optional<Int>.none)) { error in
            XCTAssertEqual((error as? ExpectationFailure)?.message, "expected a value of type Int, got nil")
        }
    }

    func test_expectThrows_returnsTheErrorOrFails() throws {
        let error = try expectThrows { throw BoomError() }
        XCTAssertTrue(error is BoomError)
        XCTAssertThrowsError(try expectThrows {}) { error in
            XCTAssertEqual((error as? ExpectationFailure)?.message, "expected an error to be thrown, but none was")
        }
    }

    func test_fail_carriesTheMessageAndLine() {
        let failure = fail("nope")
        XCTAssertEqual(failure.message, "nope")
        XCTAssertEqual(failure.line, #line - 2)
        XCTAssertEqual(failure.description, "nope (\(#filePath):\(#line - 3))")
    }
}

final class ArgumentConversionTests: XCTestCase {
    func test_convert_usesTheTransformedValueWhenItHasTheType() {
        XCTAssertEqual(ArgumentCursor.convert(.match(value: 42, text: "42", parameterType: "int"), to: Int.self), 42)
    }

    func test_convert_parsesTheTextForOtherStandardTypes() {
        let raw = RawArgument.match(value: 42, text: "42", parameterType: "int")
        XCTAssertEqual(ArgumentCursor.convert(raw, to: Double.self), 42.0)
        XCTAssertEqual(ArgumentCursor.convert(raw, to: String.self), "42")
        XCTAssertEqual(ArgumentCursor.convert(raw, to: Decimal.self), Decimal(42))
        XCTAssertNil(ArgumentCursor.convert(raw, to: Bool.self))
    }

    func test_convert_givesDocStringsAndTablesAsTheirTypesOrText() {
        XCTAssertEqual(ArgumentCursor.convert(.docString(DocString("hi")), to: String.self), "hi")
        XCTAssertEqual(ArgumentCursor.convert(.dataTable(DataTable([["a"]])), to: [[String]].self), [["a"]])
        XCTAssertNil(ArgumentCursor.convert(.dataTable(DataTable([["a"]])), to: DocString.self))
    }
}

final class SnippetWriterTests: XCTestCase {
    private let writer = SnippetWriter(compiler: nil, customTypes: ["flight": "Flight"])

    func test_code_namesParametersByTypeAndNumber() {
        XCTAssertEqual(
            writer.code(keyword: "given", expression: "{int} of {int} {flight}", parameterTypes: ["int", "int", "flight"], argument: nil),
            "steps.given(\"{int} of {int} {flight}\") { (world, int1: Int, int2: Int, flight1: Flight) in\n    try pending()\n}")
    }

    func test_code_escapesTheExpressionAsASwiftLiteral() {
        XCTAssertEqual(
            writer.code(keyword: "then", expression: #"say "hi" \o/"#, parameterTypes: [], argument: nil),
            "steps.then(\"say \\\"hi\\\" \\\\o/\") { world in\n    try pending()\n}")
    }

    func test_code_writesAnAsyncClosureForTheAsyncAwaitInterface() {
        var async = writer
        async.interface = .async
        XCTAssertEqual(
            async.code(keyword: "when", expression: "I wait {int} s", parameterTypes: ["int"], argument: nil),
            "steps.when(\"I wait {int} s\") { (world, int1: Int) async throws in\n    try pending()\n}")
        XCTAssertEqual(
            async.code(keyword: "then", expression: "done", parameterTypes: [], argument: nil),
            "steps.then(\"done\") { (world) async throws in\n    try pending()\n}")
    }

    func test_suggestion_sharesOneSnippetArrayOnARepeatedStepText() {
        let step = PickleStep(argument: nil, astNodeIds: [], id: "p1", type: .context, text: "a new step")
        var again = step
        again.id = "p2"

        let first = writer.suggestion(for: step, id: "s1"), second = writer.suggestion(for: again, id: "s2")

        XCTAssertEqual(second.pickleStepId, "p2")
        XCTAssertEqual(first.snippets, [Snippet(language: "swift", code: "steps.given(\"a new step\") { world in\n    try pending()\n}")])
        XCTAssertEqual(first.snippets.withUnsafeBufferPointer(\.baseAddress), second.snippets.withUnsafeBufferPointer(\.baseAddress))
    }

    func test_escapeExpression_escapesCucumberExpressionCharacters() {
        XCTAssertEqual(SnippetWriter.escapeExpression("a (b) {c} d/e"), #"a \(b\) \{c\} d\/e"#)
    }
}

final class FeatureDiscoveryTests: XCTestCase {
    func test_split_separatesTheLines() throws {
        let (path, lines) = try FeatureDiscovery.split("a/b.feature:3:10", exists: { $0 == "a/b.feature" ? .file : nil })
        XCTAssertEqual(path, "a/b.feature")
        XCTAssertEqual(lines, [3, 10])
    }

    func test_split_keepsAPathThatExistsAsWritten() throws {
        let (path, lines) = try FeatureDiscovery.split("odd:1", exists: { $0 == "odd:1" ? .file : nil })
        XCTAssertEqual(path, "odd:1")
        XCTAssertNil(lines)
    }

    func test_split_rejectsANonNumericLine() {
        XCTAssertThrowsError(try FeatureDiscovery.split("a.feature:x", exists: { $0 == "a.feature" ? .file : nil })) { error in
            XCTAssertEqual(error as? SpecRunError, .badLineSelector("a.feature:x"))
        }
    }

    func test_split_throwsBadLineSelectorOnALineBelowOne() {
        for selector in ["a.feature:0", "a.feature:-3", "a.feature:3:0"] {
            XCTAssertThrowsError(try FeatureDiscovery.split(selector, exists: { $0 == "a.feature" ? .file : nil })) { error in
                XCTAssertEqual(error as? SpecRunError, .badLineSelector(selector))
            }
        }
    }

    func test_discover_throwsLineInFolderOnAFolderWithALine() {
        let files: [String: FileSystem.Kind] = ["f": .directory, "f/a.feature": .file]
        let discovery = FeatureDiscovery(
            fileSystem: FileSystem(kindOf: { files[$0] }, listFiles: { _ in ["f/a.feature"] }, readFile: { _ in nil }))

        XCTAssertThrowsError(try discovery.discover(["f:3"])) { error in
            XCTAssertEqual(error as? SpecRunError, .lineInFolder("f:3"))
            XCTAssertEqual(
                "\(error)",
                "'f:3': a line selects in a feature file, not in a folder (give FILE.feature:LINE, or the folder alone)")
        }
    }

    func test_discover_mergesRepeatedFilesAndLines() throws {
        let files: [String: FileSystem.Kind] = ["f": .directory, "f/a.feature": .file, "f/b.feature.md": .file, "f/c.txt": .file]
        let discovery = FeatureDiscovery(
            fileSystem: FileSystem(
                kindOf: { files[$0] }, listFiles: { _ in ["f/c.txt", "f/b.feature.md", "f/a.feature"] }, readFile: { _ in nil }))

        XCTAssertEqual(try discovery.discover(["f/a.feature:3", "f/a.feature:5"]), [FeatureFile(path: "f/a.feature", lines: [3, 5])])
        XCTAssertEqual(
            try discovery.discover(["f/a.feature:3", "f"]),
            [FeatureFile(path: "f/a.feature", lines: nil), FeatureFile(path: "f/b.feature.md", lines: nil)])
    }
}

final class OrderingTests: XCTestCase {
    func test_random_isAPermutationThatDependsOnlyOnTheSeed() {
        let items = Array(0..<20)
        let once = PickleOrdering.apply(.random(seed: 42), to: items, seed: 42)
        XCTAssertEqual(once, PickleOrdering.apply(.random(seed: 42), to: items, seed: 42))
        XCTAssertEqual(once.sorted(), items)
        XCTAssertNotEqual(once, items)
    }

    func test_parsing_readsTheCLIForms() {
        XCTAssertEqual(RunConfiguration.Order(parsing: "defined"), .defined)
        XCTAssertEqual(RunConfiguration.Order(parsing: "reverse"), .reverse)
        XCTAssertEqual(RunConfiguration.Order(parsing: "random"), .random(seed: nil))
        XCTAssertEqual(RunConfiguration.Order(parsing: "random:9"), .random(seed: 9))
        XCTAssertNil(RunConfiguration.Order(parsing: "random:x"))
        XCTAssertEqual(RunConfiguration.Order.random(seed: 9).description, "random:9")
    }
}

final class RunSummaryTests: XCTestCase {
    func test_exitCode_mapsTheOutcome() {
        var summary = RunSummary()
        XCTAssertEqual(summary.exitCode, 0)
        summary.nothingSelected = true
        XCTAssertEqual(summary.exitCode, 4)
        summary.unparsableFiles = ["a.feature"]
        XCTAssertEqual(summary.exitCode, 3)
        summary.success = false
        XCTAssertEqual(summary.exitCode, 1)
    }

    func test_statusCounts_describeInCucumbersOrder() {
        XCTAssertEqual(StatusCounts(passed: 10, failed: 1, undefined: 1).description, "1 failed, 1 undefined, 10 passed")
        XCTAssertEqual(StatusCounts(passed: 10, failed: 1, undefined: 1).total, 12)
    }
}
