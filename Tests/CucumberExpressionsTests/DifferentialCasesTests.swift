import CucumberExpressions
import Foundation
import XCTest

/// The Swift side of tools/differential: when `SPECRUN_DIFFERENTIAL_CUCUMBER_CASES` names a JSON file of cases
/// (`[{"expression": "{int} cucumber(s)", "texts": ["5 cucumbers"]}]`, `"regular": true` for a regular expression),
/// writes what this implementation makes of each to `SPECRUN_DIFFERENTIAL_RESULTS`: the tokens and the syntax tree
/// (or their errors), the regular expression (or the error of building it), and per text the arguments
/// (`[{"kind": "int", "value": "5"}]`), null for no match, or `{"error": message}`. Skips otherwise.
final class DifferentialCasesTests: XCTestCase {
    private struct Case: Decodable {
        let expression: String
        let texts: [String]
        let regular: Bool?
    }

    private struct JSONToken: Encodable {
        let type: String
        let text: String
        let start: Int
        let end: Int
    }

    private struct Value: Encodable {
        let kind: String
        let value: String?
    }

    private struct Match: Encodable {
        var arguments: [Value]?
        var error: String?
    }

    private struct Result: Encodable {
        var tokens: [JSONToken]?
        var tokenError: String?
        var ast: JSONNode?
        var parseError: String?
        var regexp: String?
        var error: String?
        var matches: [Match]?
    }

    private final class JSONNode: Encodable {
        let type: String
        let start: Int
        let end: Int
        let token: String?
        let nodes: [JSONNode]?

        init(_ node: Node) {
            type = node.type.rawValue
            start = node.start
            end = node.end
            token = node.token
            nodes = node.token == nil ? node.nodes.map(JSONNode.init) : nil
        }
    }

    func test_differentialCases_writesResultsWhenNamed() throws {
        let environment = ProcessInfo.processInfo.environment
        guard let input = environment["SPECRUN_DIFFERENTIAL_CUCUMBER_CASES"],
            let output = environment["SPECRUN_DIFFERENTIAL_RESULTS"]
        else { throw XCTSkip("SPECRUN_DIFFERENTIAL_CUCUMBER_CASES is not set: run by tools/differential only") }
        let cases = try JSONDecoder().decode([Case].self, from: Data(contentsOf: URL(fileURLWithPath: input)))
        let registry = ParameterTypeRegistry()
        let results = cases.map { result(of: $0, registry: registry) }
        try JSONEncoder().encode(results).write(to: URL(fileURLWithPath: output))
    }

    private func result(of testCase: Case, registry: ParameterTypeRegistry) -> Result {
        var result = Result()
        if testCase.regular == true {
            do {
                let expression = try RegularExpression(testCase.expression, registry: registry)
                result.regexp = expression.regexp
                result.matches = testCase.texts.map { match($0, expression) }
            } catch {
                result.error = message(of: error)
            }
            return result
        }
        do {
            result.tokens = try CucumberExpressionTokenizer().tokenize(testCase.expression).map {
                JSONToken(type: $0.type.rawValue, text: $0.text, start: $0.start, end: $0.end)
            }
        } catch {
            result.tokenError = message(of: error)
        }
        do {
            result.ast = JSONNode(try CucumberExpressionParser().parse(testCase.expression))
        } catch {
            result.parseError = message(of: error)
        }
        let expression: CucumberExpression
        do {
            expression = try CucumberExpression(testCase.expression, registry: registry)
        } catch {
            result.error = message(of: error)
            return result
        }
        result.regexp = expression.regexp
        result.matches = testCase.texts.map { match($0, expression) }
        return result
    }

    private func match(_ text: String, _ expression: any StepExpression) -> Match {
        do {
            return Match(arguments: try expression.match(text)?.map { Self.value(try $0.value()) })
        } catch {
            return Match(error: message(of: error))
        }
    }

    private static func value(_ value: (any Sendable)?) -> Value {
        switch value {
        case nil: return Value(kind: "null", value: nil)
        case let string as String: return Value(kind: "string", value: string)
        case let number as Float: return Value(kind: "float", value: "\(number)")
        case let number as Double: return Value(kind: "float", value: "\(number)")
        case let number as Decimal: return Value(kind: "decimal", value: "\(number)")
        case let number as BigInteger: return Value(kind: "int", value: number.description)
        case let number as any BinaryInteger: return Value(kind: "int", value: "\(number)")
        case let other?: return Value(kind: "\(type(of: other))", value: "\(other)")
        }
    }
}
