import XCTest

@testable import SpecRunCore

/// `specrun snippets`: each distinct undefined step once, and each snippet matching exactly the steps it was made for.
final class SnippetLibraryTests: XCTestCase {
    func test_library_makesOneSnippetForStepsThatDifferOnlyInTheirNumbersAndStrings() throws {
        let sut = try makeSUT(["I have 5 cukes in my \"big\" belly", "I have 7 cukes in my \"small\" belly"])

        XCTAssertEqual(sut.entries.map(\.expression), ["I have {int} cukes in my {string} belly"])
        XCTAssertEqual(sut.entries.first?.steps.count, 2)
        XCTAssertEqual(sut.unresolved, [])
    }

    func test_library_foldsRepeatsOfOneStepIntoOne() throws {
        let sut = try makeSUT(["a passing step", "a passing step", "a passing step"])

        XCTAssertEqual(sut.entries.map(\.expression), ["a passing step"])
        XCTAssertEqual(sut.entries.first?.steps.count, 1)
    }

    func test_library_givesAStepTheOtherSnippetThatMatchesItRatherThanTwoAmbiguousOnes() throws {
        // "{int}" for the first alone would leave it matched by "{float}" too: one snippet takes both.
        let sut = try makeSUT(["I eat 5 cukes", "I eat 5.5 cukes", "I eat 6.5 cukes"])

        XCTAssertEqual(sut.entries.map(\.expression), ["I eat {float} cukes"])
        try assertEachStepMatchesExactlyOneSnippet(sut, ["I eat 5 cukes", "I eat 5.5 cukes", "I eat 6.5 cukes"])
    }

    func test_library_escapesEveryCharacterCucumberExpressionsTreatSpecially() throws {
        let text = #"the path /tmp/{x}(y) is \ weird"#
        let sut = try makeSUT([text])

        XCTAssertEqual(sut.entries.map(\.expression), [#"the path \/tmp\/\{x}\(y) is \\ weird"#])
        try assertEachStepMatchesExactlyOneSnippet(sut, [text])
    }

    func test_library_infersParameterTypesOnAStepWithABackslash() throws {
        let text = #"five "a" \ back"#
        let sut = try makeSUT([text])

        XCTAssertEqual(sut.entries.map(\.expression), [#"five {string} \\ back"#])
        try assertEachStepMatchesExactlyOneSnippet(sut, [text])
    }

    func test_library_makesNoSnippetThatWouldMatchAStepThatHasADefinition() throws {
        // "I have {int} cukes" would make the defined "I have 3 cukes" ambiguous: the literal text instead.
        let sut = try makeSUT(["I have 5 cukes"], defined: ["I have 3 cukes"])

        XCTAssertEqual(sut.entries.map(\.expression), ["I have 5 cukes"])
        let pattern = try compiler.compile(.cucumberExpression(sut.entries[0].expression))
        XCTAssertNil(pattern.match("I have 3 cukes"))
    }

    func test_library_listsAsUnresolvedATextUsedWithAndWithoutADocString() throws {
        let steps = [
            SnippetLibrary.Step(text: "the note", keyword: "given"),
            SnippetLibrary.Step(text: "the note", keyword: "given", hasDocString: true),
        ]
        let sut = SnippetLibrary(undefined: steps, defined: [], compiler: compiler)

        XCTAssertEqual(sut.unresolved.count + sut.entries.flatMap(\.steps).count, 2)
        XCTAssertEqual(sut.unresolved.count, 1, "one definition cannot take both")
    }

    func test_library_givesNoSnippetWhoseParameterCannotHoldTheStepsValue() throws {
        // 12345678901234567890 does not fit an Int: "{int}" would fail the step it was made for.
        let text = "the order 12345678901234567890 ships"
        let sut = try makeSUT([text])

        XCTAssertNotEqual(sut.entries.first?.parameterTypes, ["int"])
        let pattern = try compiler.compile(.cucumberExpression(try XCTUnwrap(sut.entries.first).expression))
        XCTAssertTrue(try XCTUnwrap(pattern.match(text)).allSatisfy { (try? $0.value()) != nil })
    }

    func test_file_groupsTheSnippetsByKeywordWithTheStepsTheyWereMadeFor() throws {
        let steps = [
            SnippetLibrary.Step(text: "it is done", keyword: "then", location: "Features/a.feature:4"),
            SnippetLibrary.Step(text: "I have 5 cukes", keyword: "given", location: "Features/a.feature:2"),
            SnippetLibrary.Step(text: "these rows:", keyword: "when", hasDataTable: true, location: "Features/a.feature:3"),
        ]
        let sut = SnippetLibrary(undefined: steps, defined: [], compiler: compiler)
        let file = sut.swiftFile(
            name: "PendingSteps", world: nil, writer: SnippetWriter(compiler: compiler, customTypes: [:]), header: "h")

        let given = try XCTUnwrap(file.range(of: "// MARK: Given")).lowerBound
        let when = try XCTUnwrap(file.range(of: "// MARK: When")).lowerBound
        let then = try XCTUnwrap(file.range(of: "// MARK: Then")).lowerBound
        XCTAssertLessThan(given, when)
        XCTAssertLessThan(when, then)
        XCTAssertTrue(
            file.contains("// Features/a.feature:2: I have 5 cukes\n        steps.given(\"I have {int} cukes\") { (world, int1: Int) in"),
            file)
        XCTAssertTrue(file.contains("steps.when(\"these rows:\") { (world, table: DataTable) in"), file)
        XCTAssertTrue(file.contains("final class PendingStepsWorld: World"), file)
    }

    // MARK: - Helpers

    private let compiler: any PatternCompiler = try! ExpressionCompiler(parameterTypes: [])

    private func makeSUT(_ texts: [String], defined: [String] = []) throws -> SnippetLibrary {
        SnippetLibrary(undefined: texts.map { SnippetLibrary.Step(text: $0, keyword: "given") }, defined: defined, compiler: compiler)
    }

    private func assertEachStepMatchesExactlyOneSnippet(
        _ library: SnippetLibrary, _ texts: [String], file: StaticString = #filePath, line: UInt = #line
    ) throws {
        let patterns = try library.entries.map { try compiler.compile(.cucumberExpression($0.expression)) }
        for text in texts {
            XCTAssertEqual(patterns.filter { $0.match(text) != nil }.count, 1, text, file: file, line: line)
        }
    }
}
