import CucumberExpressions
import Foundation
import XCTest

/// Every case of ../shared/conformance/cucumber-expressions/cucumber-expression:
/// tokenizer, parser, transformation and matching (with the exact error messages).
final class CucumberExpressionConformanceTests: XCTestCase {
    private struct TokenizerCase: Decodable {
        struct ExpectedToken: Decodable {
            let type: String
            let start: Int
            let end: Int
            let text: String
        }
        let expression: String
        let expected_tokens: [ExpectedToken]?
        let exception: String?
    }

    private struct ParserCase: Decodable {
        let expression: String
        let expected_ast: ExpectedNode?
        let exception: String?
    }

    private final class ExpectedNode: Decodable {
        let type: String
        let start: Int
        let end: Int
        let nodes: [ExpectedNode]?
        let token: String?

        var rendered: String {
            let children = (nodes ?? []).map(\.rendered).joined(separator: ", ")
            return "\(type)(\(start)..\(end)\(token.map { " \"\($0)\"" } ?? ""))[\(children)]"
        }
    }

    private struct TransformationCase: Decodable {
        let expression: String
        let expected_regex: String
    }

    private struct MatchingCase: Decodable {
        let expression: String
        let text: String?
        let expected_args: [JSONValue]?
        let exception: String?
    }

    func test_tokenize_producesOfficialTokensOrErrorOnEveryTokenizerCase() throws {
        let cases = try ConformanceData.cases(TokenizerCase.self, in: "cucumber-expression/tokenizer")
        XCTAssertFalse(cases.isEmpty, "no tokenizer case found")
        for (file, testCase) in cases {
            let context = "\(file): \"\(testCase.expression)\""
            do {
                let tokens = try CucumberExpressionTokenizer().tokenize(testCase.expression)
                guard let expected = testCase.expected_tokens else {
                    XCTFail("\(context): expected the error \(testCase.exception ?? "?") but got \(tokens.count) tokens")
                    continue
                }
                XCTAssertEqual(
                    tokens.map { "\($0.type.rawValue)(\($0.start)..\($0.end) \"\($0.text)\")" },
                    expected.map { "\($0.type)(\($0.start)..\($0.end) \"\($0.text)\")" },
                    context)
            } catch {
                XCTAssertEqual(message(of: error), testCase.exception, context)
            }
        }
    }

    func test_parse_producesOfficialSyntaxTreeOrErrorOnEveryParserCase() throws {
        let cases = try ConformanceData.cases(ParserCase.self, in: "cucumber-expression/parser")
        XCTAssertFalse(cases.isEmpty, "no parser case found")
        for (file, testCase) in cases {
            let context = "\(file): \"\(testCase.expression)\""
            do {
                let ast = try CucumberExpressionParser().parse(testCase.expression)
                guard let expected = testCase.expected_ast else {
                    XCTFail("\(context): expected the error \(testCase.exception ?? "?") but got \(render(ast))")
                    continue
                }
                XCTAssertEqual(render(ast), expected.rendered, context)
            } catch {
                XCTAssertEqual(message(of: error), testCase.exception, context)
            }
        }
    }

    func test_regexp_isOfficialRegularExpressionOnEveryTransformationCase() throws {
        let cases = try ConformanceData.cases(TransformationCase.self, in: "cucumber-expression/transformation")
        XCTAssertFalse(cases.isEmpty, "no transformation case found")
        for (file, testCase) in cases {
            let context = "\(file): \"\(testCase.expression)\""
            do {
                let sut = try CucumberExpression(testCase.expression, registry: ParameterTypeRegistry())
                XCTAssertEqual(sut.regexp, testCase.expected_regex, context)
            } catch {
                XCTFail("\(context): unexpected error \(error)")
            }
        }
    }

    func test_match_givesOfficialArgumentsOrErrorOnEveryMatchingCase() throws {
        let cases = try ConformanceData.cases(MatchingCase.self, in: "cucumber-expression/matching")
        XCTAssertFalse(cases.isEmpty, "no matching case found")
        for (file, testCase) in cases {
            let context = "\(file): \"\(testCase.expression)\" against \"\(testCase.text ?? "")\""
            do {
                let sut = try CucumberExpression(testCase.expression, registry: ParameterTypeRegistry())
                let values = try sut.match(testCase.text ?? "")?.map { try $0.value() }
                if let exception = testCase.exception {
                    XCTFail("\(context): expected the error \(exception) but got \(String(describing: values))")
                    continue
                }
                assertArguments(values, testCase.expected_args, context)
            } catch {
                XCTAssertEqual(message(of: error), testCase.exception, context)
            }
        }
    }

    private func render(_ node: Node) -> String {
        let children = node.nodes.map(render).joined(separator: ", ")
        return "\(node.type.rawValue)(\(node.start)..\(node.end)\(node.token.map { " \"\($0)\"" } ?? ""))[\(children)]"
    }
}

/// Compares transformed values with the JSON `expected_args` of a conformance case.
func assertArguments(
    _ actual: [(any Sendable)?]?, _ expected: [JSONValue]?, _ context: String,
    file: StaticString = #filePath, line: UInt = #line
) {
    guard let expected else {
        XCTAssertNil(actual.map { $0.map { String(describing: $0) } }, "\(context): expected no match", file: file, line: line)
        return
    }
    guard let actual else {
        XCTFail("\(context): expected a match with \(expected) but the text did not match", file: file, line: line)
        return
    }
    XCTAssertEqual(actual.count, expected.count, "\(context): number of arguments", file: file, line: line)
    for (index, (value, want)) in zip(actual, expected).enumerated() {
        XCTAssertTrue(
            isEqual(value, want),
            "\(context): argument \(index + 1) is \(value.map { "\($0) (\(type(of: $0)))" } ?? "nil"), expected \(want)",
            file: file, line: line)
    }
}

private func isEqual(_ value: (any Sendable)?, _ expected: JSONValue) -> Bool {
    switch expected {
    case .null:
        return value == nil
    case let .bool(want):
        return (value as? Bool) == want
    case let .string(want):
        if let string = value as? String { return string == want }
        if let big = value as? BigInteger { return big.description == want }
        if let decimal = value as? Decimal { return decimal == Decimal(string: want, locale: Locale(identifier: "en_US_POSIX")) }
        return false
    case let .integer(want):
        switch value {
        case let int as Int: return Int64(int) == want
        case let int as Int8: return Int64(int) == want
        case let int as Int16: return Int64(int) == want
        case let int as Int32: return Int64(int) == want
        case let int as Int64: return int == want
        case let float as Float: return float == Float(want)
        case let double as Double: return double == Double(want)
        default: return false
        }
    case let .number(want):
        switch value {
        case let float as Float: return float == Float(want)
        case let double as Double: return double == want
        default: return false
        }
    }
}

func message(of error: Error) -> String {
    (error as? CucumberExpressionError)?.message ?? "\(type(of: error)): \(error)"
}
