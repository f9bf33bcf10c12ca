import CucumberExpressions
import XCTest

/// Custom parameter types and the registry's errors.
final class CustomParameterTypeTests: XCTestCase {
    private enum Color: String, Sendable { case red, blue }
    private struct Flight: Sendable, Equatable { let from: String, to: String }

    func test_match_transformsWithCustomParameterType() throws {
        var registry = ParameterTypeRegistry()
        try registry.define(ParameterType(name: "color", regexps: ["red|blue"]) { Color(rawValue: $0) })
        let sut = try CucumberExpression("a {color} ball", registry: registry)

        XCTAssertEqual(sut.regexp, "^a (red|blue) ball$")
        XCTAssertEqual(try sut.match("a blue ball")?.first?.value() as? Color, .blue)
        XCTAssertEqual(sut.match("a blue ball")?.first?.parameterTypeName, "color")
        XCTAssertNil(sut.match("a green ball"))
    }

    func test_match_passesEveryCaptureGroupToGroupTransformer() throws {
        var registry = ParameterTypeRegistry()
        try registry.define(
            ParameterType.withGroups(name: "flight", regexps: ["([A-Z]{3})-([A-Z]{3})"]) { groups in
                Flight(from: groups[0] ?? "", to: groups[1] ?? "")
            })
        let sut = try CucumberExpression("flight {flight}", registry: registry)

        XCTAssertEqual(try sut.match("flight LHR-CDG")?.first?.value() as? Flight, Flight(from: "LHR", to: "CDG"))
    }

    func test_regexp_joinsSeveralRegexpsOfOneType() throws {
        var registry = ParameterTypeRegistry()
        try registry.define(ParameterType(name: "answer", regexps: ["yes", "no"]) { $0 == "yes" })
        let sut = try CucumberExpression("{answer}", registry: registry)

        XCTAssertEqual(sut.regexp, "^((?:yes)|(?:no))$")
        XCTAssertEqual(try sut.match("no")?.first?.value() as? Bool, false)
    }

    func test_define_throwsOnDuplicateName() throws {
        var registry = ParameterTypeRegistry()

        XCTAssertThrowsError(try registry.define(ParameterType(name: "int", regexps: ["\\d"]) { $0 })) { error in
            XCTAssertEqual((error as? CucumberExpressionError)?.message, "There is already a parameter type with name int")
        }
        XCTAssertThrowsError(try registry.define(ParameterType(name: "", regexps: ["x"]) { $0 })) { error in
            XCTAssertEqual((error as? CucumberExpressionError)?.message, "The anonymous parameter type has already been defined")
        }
    }

    func test_define_throwsOnIllegalName() {
        var registry = ParameterTypeRegistry()

        XCTAssertThrowsError(try registry.define(ParameterType(name: "a/b", regexps: ["x"]) { $0 })) { error in
            XCTAssertEqual(
                (error as? CucumberExpressionError)?.message,
                "Illegal character in parameter name {a/b}. Parameter names may not contain '{', '}', '(', ')', '\\' or '/'")
        }
    }

    func test_define_throwsOnSecondPreferentialTypeForOneRegexp() throws {
        var registry = ParameterTypeRegistry()
        try registry.define(ParameterType(name: "a", regexps: ["x+"], preferForRegexpMatch: true) { $0 })

        XCTAssertThrowsError(try registry.define(ParameterType(name: "b", regexps: ["x+"], preferForRegexpMatch: true) { $0 })) { error in
            XCTAssertEqual(
                (error as? CucumberExpressionError)?.message,
                "There can only be one preferential parameter type per regexp. The regexp /x+/ is used for two preferential "
                    + "parameter types, {a} and {b}")
        }
    }

    func test_regularExpression_usesPreferentialTypeAmongSeveral() throws {
        var registry = ParameterTypeRegistry()
        try registry.define(ParameterType(name: "plain", regexps: ["[a-z]+"]) { $0 })
        try registry.define(ParameterType(name: "shout", regexps: ["[a-z]+"], preferForRegexpMatch: true) { $0.uppercased() })
        let sut = try RegularExpression("^say ([a-z]+)$", registry: registry)

        XCTAssertEqual(try sut.match("say hi")?.first?.value() as? String, "HI")
    }

    func test_regularExpression_throwsOnAmbiguousParameterTypes() throws {
        var registry = ParameterTypeRegistry()
        try registry.define(ParameterType(name: "plain", regexps: ["[a-z]+"]) { $0 })
        try registry.define(ParameterType(name: "other", regexps: ["[a-z]+"]) { $0 })

        XCTAssertThrowsError(try RegularExpression("^say ([a-z]+)$", registry: registry)) { error in
            let message = (error as? CucumberExpressionError)?.message ?? ""
            XCTAssertTrue(
                message.hasPrefix(
                    "Your Regular Expression /^say ([a-z]+)$/\nmatches multiple parameter types with regexp /[a-z]+/:\n   {other}\n   {plain}\n"
                ), message)
        }
    }

    func test_init_throwsUndefinedParameterTypeWithCaret() {
        XCTAssertThrowsError(try CucumberExpression("I have {color} cukes", registry: ParameterTypeRegistry())) { error in
            XCTAssertEqual(
                (error as? CucumberExpressionError)?.message,
                """
                This Cucumber Expression has a problem at column 8:

                I have {color} cukes
                       ^-----^
                Undefined parameter type 'color'.
                Please register a ParameterType for 'color'
                """)
            XCTAssertEqual((error as? CucumberExpressionError)?.undefinedParameterTypeName, "color")
        }
    }

    func test_init_leavesUndefinedParameterTypeNameNilOnSyntaxError() {
        XCTAssertThrowsError(try CucumberExpression("{int", registry: ParameterTypeRegistry())) { error in
            XCTAssertNotNil(error as? CucumberExpressionError)
            XCTAssertNil((error as? CucumberExpressionError)?.undefinedParameterTypeName)
        }
    }

    func test_init_throwsReadableErrorOnInvalidParameterTypeRegexp() throws {
        var registry = ParameterTypeRegistry()
        try registry.define(ParameterType(name: "broken", regexps: ["(unclosed"]) { $0 })

        XCTAssertThrowsError(try CucumberExpression("{broken}", registry: registry)) { error in
            XCTAssertTrue(
                (error as? CucumberExpressionError)?.message.hasPrefix("The regular expression /^((unclosed)$/ is not valid") == true,
                "\(error)")
        }
    }
}
