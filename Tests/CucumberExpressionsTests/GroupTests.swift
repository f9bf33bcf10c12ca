import CucumberExpressions
import XCTest

/// Group values, offsets and nesting, as StepMatchArgument messages need them.
final class GroupTests: XCTestCase {
    func test_match_reportsOffsetsInUnicodeScalarsOnMultiByteText() throws {
        let sut = try CucumberExpression("😀 {word} and {int}", registry: ParameterTypeRegistry())
        let arguments = try XCTUnwrap(sut.match("😀 héllo👋 and 7"))

        XCTAssertEqual(arguments[0].group, Group(value: "héllo👋", start: 2, end: 8, children: []))
        XCTAssertEqual(arguments[1].group, Group(value: "7", start: 13, end: 14, children: []))
    }

    func test_match_nestsCaptureGroupsAndSkipsNonCapturingOnes() throws {
        let sut = try RegularExpression(#"^a ((b)(?:c)(d(e))) (?<n>f)(?=g)g([)(])$"#, registry: ParameterTypeRegistry())
        let arguments = try XCTUnwrap(sut.match("a bcde fg("))

        XCTAssertEqual(arguments.count, 3)
        XCTAssertEqual(
            arguments[0].group,
            Group(
                value: "bcde", start: 2, end: 6,
                children: [
                    Group(value: "b", start: 2, end: 3, children: []),
                    Group(value: "de", start: 4, end: 6, children: [Group(value: "e", start: 5, end: 6, children: [])]),
                ]))
        XCTAssertEqual(arguments[1].group, Group(value: "f", start: 7, end: 8, children: []))
        XCTAssertEqual(arguments[2].group, Group(value: "(", start: 9, end: 10, children: []))
    }

    func test_match_givesNilGroupForOptionalGroupThatDidNotMatch() throws {
        let sut = try RegularExpression(#"^I have( no)? (\d+) cukes$"#, registry: ParameterTypeRegistry())
        let arguments = try XCTUnwrap(sut.match("I have 5 cukes"))

        XCTAssertEqual(arguments[0].group, Group(value: nil, start: nil, end: nil, children: []))
        XCTAssertNil(try arguments[0].value())
        XCTAssertNil(arguments[0].parameterTypeName)
        XCTAssertEqual(try arguments[1].value() as? Int, 5, "\\d+ is claimed by {int}")
        XCTAssertEqual(arguments[1].parameterTypeName, "int")
    }

    func test_match_givesStringQuotesGroupWithChildren() throws {
        let sut = try CucumberExpression("say {string}", registry: ParameterTypeRegistry())
        let group = try XCTUnwrap(sut.match("say 'hi'")?.first?.group)

        XCTAssertEqual(group.value, "'hi'")
        XCTAssertEqual(group.start, 4)
        XCTAssertEqual(group.children.map(\.value), [nil, "hi"])
    }

    func test_match_requiresTheWholeText() throws {
        let sut = try CucumberExpression("I have {int} cukes", registry: ParameterTypeRegistry())

        XCTAssertNil(sut.match("I have 5 cukes today"))
        XCTAssertNil(sut.match("so I have 5 cukes"))
        XCTAssertNotNil(sut.match("I have 5 cukes"))
    }

    func test_match_reportsOptionalGroupsAsTheCompatibilityKitExpects() throws {
        let sut = try RegularExpression(#"^a (.*?)(?: and a (.*?))?(?: and a (.*?))?$"#, registry: ParameterTypeRegistry())

        XCTAssertEqual(
            sut.match("a cucumber and a zucchini")?.map(\.group),
            [
                Group(value: "cucumber", start: 2, end: 10, children: []),
                Group(value: "zucchini", start: 17, end: 25, children: []),
                Group(value: nil, start: nil, end: nil, children: []),
            ])
        XCTAssertEqual(sut.match("a cucumber and a zucchini and a gourd")?.last?.group.start, 32)
    }

    func test_match_givesCustomTypeGroupWithChildrenAsTheCompatibilityKitExpects() throws {
        var registry = ParameterTypeRegistry()
        try registry.define(ParameterType.withGroups(name: "flight", regexps: ["([A-Z]{3})-([A-Z]{3})"]) { $0.compactMap { $0 } })
        let sut = try CucumberExpression("{flight} has been delayed", registry: registry)

        XCTAssertEqual(
            sut.match("LHR-CDG has been delayed")?.first?.group,
            Group(
                value: "LHR-CDG", start: 0, end: 7,
                children: [
                    Group(value: "LHR", start: 0, end: 3, children: []),
                    Group(value: "CDG", start: 4, end: 7, children: []),
                ]))
    }
}
