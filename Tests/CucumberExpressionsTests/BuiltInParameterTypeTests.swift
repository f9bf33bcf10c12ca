import CucumberExpressions
import XCTest

/// The Swift types and edge cases of the built-in parameter types (the data only shows values).
final class BuiltInParameterTypeTests: XCTestCase {
    func test_match_transformsEachBuiltInToItsSwiftType() throws {
        XCTAssertEqual(try value("{int}", "-42") as? Int, -42)
        XCTAssertEqual(try value("{float}", "1.5") as? Float, 1.5)
        XCTAssertEqual(try value("{double}", "-2.25") as? Double, -2.25)
        XCTAssertEqual(try value("{byte}", "-128") as? Int8, -128)
        XCTAssertEqual(try value("{short}", "32767") as? Int16, 32767)
        XCTAssertEqual(try value("{long}", "-9223372036854775808") as? Int64, Int64.min)
        XCTAssertEqual(try value("{bigdecimal}", "12.5") as? Decimal, Decimal(string: "12.5"))
        XCTAssertEqual(try value("{biginteger}", "-00123") as? BigInteger, BigInteger("-123"))
        XCTAssertEqual(try value("{word}", "café") as? String, "café")
        XCTAssertEqual(try value("{string}", "\"a b\"") as? String, "a b")
        XCTAssertEqual(try value("{}", "anything at all") as? String, "anything at all")
    }

    func test_value_throwsReadableErrorOnValueOutOfRange() throws {
        let argument = try XCTUnwrap(CucumberExpression("{byte}", registry: ParameterTypeRegistry()).match("300")?.first)

        XCTAssertThrowsError(try argument.value()) { error in
            XCTAssertEqual(
                (error as? CucumberExpressionError)?.message,
                "The text \"300\" matched {byte} but can not be represented as Int8: it is out of range or malformed. "
                    + "Use a wider parameter type (e.g. {long}, {biginteger} or {bigdecimal}).")
        }
    }

    func test_biginteger_keepsEveryDigitAndCompares() throws {
        let digits = String(repeating: "9", count: 60)
        let big = try XCTUnwrap(try value("{biginteger}", digits) as? BigInteger)

        XCTAssertEqual(big.description, digits)
        XCTAssertNil(big.int64Value)
        XCTAssertLessThan(BigInteger("-5")!, BigInteger("3")!)
        XCTAssertLessThan(BigInteger("-50")!, BigInteger("-5")!)
        XCTAssertLessThan(BigInteger("99")!, BigInteger("100")!)
        XCTAssertNil(BigInteger("12a"))
    }

    func test_match_failsOnFloatWithoutDigits() throws {
        let sut = try CucumberExpression("{float}", registry: ParameterTypeRegistry())

        XCTAssertNil(sut.match("."))
        XCTAssertNil(sut.match("E"))
    }

    func test_parameterTypeName_namesTheBuiltIn() throws {
        let sut = try CucumberExpression("{int} and {string} and {}", registry: ParameterTypeRegistry())
        let arguments = try XCTUnwrap(sut.match("1 and 'x' and y"))

        XCTAssertEqual(arguments.map(\.parameterTypeName), ["int", "string", ""])
        XCTAssertEqual(sut.parameterTypes.map(\.typeName), ["Int", "String", "String"])
    }

    private func value(_ expression: String, _ text: String, file: StaticString = #filePath, line: UInt = #line) throws -> Any? {
        let sut = try CucumberExpression(expression, registry: ParameterTypeRegistry())
        let arguments = try XCTUnwrap(sut.match(text), "\(expression) did not match \(text)", file: file, line: line)
        XCTAssertEqual(arguments.count, 1, file: file, line: line)
        return try arguments.first?.value()
    }
}
