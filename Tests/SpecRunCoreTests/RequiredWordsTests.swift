import XCTest

@testable import SpecRunCore

final class RequiredWordsTests: XCTestCase {
    func test_init_keepsOnlyTheTopLevelLiteralWordsLongestFirst() {
        XCTAssertEqual(words("I have {int} cuke(s) in my belly/stomach"), ["have", "in", "my"])
        XCTAssertEqual(words("I have (a lot of) cukes"), ["cukes", "have", "I"])
        XCTAssertEqual(words("a \\{literal} b{int} c"), ["a", "c"])
        XCTAssertEqual(words("{int} {string}"), [])
    }

    func test_mayMatch_isFalseOnlyWhenARequiredWordIsMissing() {
        let sut = RequiredWords(cucumberExpression: "I have {int} cuke(s) in my belly/stomach")

        XCTAssertTrue(sut.mayMatch("I have 3 cukes in my stomach"))
        XCTAssertFalse(sut.mayMatch("I have 3 cukes on my stomach"))
        XCTAssertTrue(RequiredWords().mayMatch("anything"))
        XCTAssertTrue(RequiredWords(cucumberExpression: "café {int}").mayMatch("café 1"))
        XCTAssertFalse(RequiredWords(cucumberExpression: "cafe {int}").mayMatch("café 1"))
    }

    func test_contains_findsAWordAnywhereOnlyWhenWhole() {
        XCTAssertTrue(contains("have", in: "have"))
        XCTAssertTrue(contains("ab", in: "aaab"))
        XCTAssertTrue(contains("ab", in: "abxx"))
        XCTAssertTrue(contains("a", in: "xxxa"))
        XCTAssertFalse(contains("ab", in: "xxxa"))
        XCTAssertFalse(contains("abc", in: "ab"))
        XCTAssertFalse(contains("aab", in: "ababa"))
        XCTAssertTrue(contains("", in: ""))
        XCTAssertFalse(contains("a", in: ""))
    }

    private func contains(_ word: String, in text: String) -> Bool {
        var text = text
        return text.withUTF8 { RequiredWords.contains($0, Array(word.utf8)) }
    }

    private func words(_ source: String) -> [String] {
        RequiredWords(cucumberExpression: source).words.map { String(decoding: $0, as: UTF8.self) }
    }
}
