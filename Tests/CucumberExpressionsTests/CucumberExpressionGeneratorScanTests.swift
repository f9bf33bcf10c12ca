import Foundation
import SharedTestData
import XCTest

@testable import CucumberExpressions

/// The hand-written scanners of the built-in snippet regexps against NSRegularExpression running the same
/// regexps (the former implementation), on tricky and on random texts.
final class CucumberExpressionGeneratorScanTests: XCTestCase {
    func test_generate_matchesTheRegexGeneratorOnTrickyTexts() {
        let texts = [
            "", "1", "-1", "a-1", "x-12y", "- 5", "I - have 5", "+3", "a+3", "1.5", ".5", "1.", "1..2", "-.5", "+.5x 2",
            "1E5", "1.5E+3 apples", "3 cukes", "3cukes", "v1.2.3", "1,000", "a1 and 5b", "(1) {2} /3/",
            "\"quoted\"", "a\"b\" \"c\"", "'single' and \"double\"", "\"unclosed", "\"esc \\\" aped\" x",
            "\"a\\\nb\"", "'it\\'s' 2", "\"\" ''", "\"\\\"\" 4", "x\"\\\"y\" z", "٣ apples", "price ٣٫٥", "𝟙 and 2",
            "😀1 2😀 😀", "é1 ÷2 €3 «4»", "1\n2", "tab\t3\t", "line\u{2028}4", "9 \"x\" 'y' 1.5 -2 +3",
            "a/b (c) {d} \\e", "100% sure", "-", "--1", "1-2-3", "4.5.6 7", "'a \"b\" c'", "\"a 'b' c\"",
        ]
        for text in texts { assertSameAsRegex(text) }
    }

    func test_generate_matchesTheRegexGeneratorOnRandomTexts() {
        let alphabet: [String] = [
            "1", "2", "0", "-", "+", ".", "\"", "'", "\\", " ", " ", "a", "E", "\n", "é", "٣",
            "😀", "(", "{", "/", "x", ",", "e",
        ]
        var random = SplitMix64(seed: 11)
        for _ in 0..<3_000 {
            let length = Int(random.next() % 16)
            let text = (0..<length).map { _ in alphabet[Int(random.next() % UInt64(alphabet.count))] }.joined()
            assertSameAsRegex(text)
        }
    }

    func test_generate_matchesTheRegexGeneratorOnTheConformanceCorpusSteps() throws {
        // (FileManager.enumerator(atPath:) gives an enumerator for a missing folder on Linux: look it up first.)
        let corpus = try SharedData.require("conformance/corpus/files", "the corpus steps")
        guard let files = FileManager.default.enumerator(atPath: corpus.path) else {
            return XCTFail("\(corpus.path) cannot be listed")
        }
        var texts = Set<String>()
        for case let file as String in files where file.hasSuffix(".feature") {
            guard let content = try? String(contentsOf: corpus.appendingPathComponent(file), encoding: .utf8) else { continue }
            for line in content.split(separator: "\n") {
                let words = line.drop(while: { $0 == " " || $0 == "\t" }).split(separator: " ", maxSplits: 1)
                if words.count == 2 { texts.insert(String(words[1])) }
            }
        }
        XCTAssertGreaterThan(texts.count, 1_000)
        for text in texts.sorted().prefix(6_000) { assertSameAsRegex(text) }
    }

    func test_generate_suggestsOnceForAOneMegabyteLineOfWords() {
        let text = String(repeating: "lorem ipsum 1a-b ", count: 70_000) + "and 7"

        let sources = CucumberExpressionGenerator(registry: ParameterTypeRegistry()).generateExpressions(text).map(\.source)

        // {int} then {float} for the 7, but the first alone is past the 1 MiB budget.
        XCTAssertEqual(sources.count, 1)
        XCTAssertEqual(sources.first?.hasSuffix("and {int}"), true)
        XCTAssertEqual(sources.first?.utf8.count, text.utf8.count + 4)
    }

    func test_generate_stopsAtAMebibyteOfExpressionsOnALineOfManyNumbersWithoutRecursing() {
        let text = String(repeating: "1 ", count: 20_000)

        let generated = CucumberExpressionGenerator(registry: ParameterTypeRegistry()).generateExpressions(text)

        let length = generated[0].source.utf8.count
        XCTAssertEqual(generated.count, (CucumberExpressionGenerator.maxTotalLength + length - 1) / length)
        XCTAssertEqual(generated[0].parameterTypes.count, 20_000)
        XCTAssertEqual(generated[1].parameterTypes.last?.name, "float")
    }

    func test_generate_keeps256ExpressionsOnAKilobyteLine() {
        let text = (1...200).map(String.init).joined(separator: " ")

        XCTAssertEqual(CucumberExpressionGenerator(registry: ParameterTypeRegistry()).generateExpressions(text).count, 256)
    }

    private func assertSameAsRegex(_ text: String, file: StaticString = #filePath, line: UInt = #line) {
        let registry = ParameterTypeRegistry()
        let scanned = CucumberExpressionGenerator(registry: registry, scanByHand: true).generateExpressions(text)
        let oracle = CucumberExpressionGenerator(registry: registry, scanByHand: false).generateExpressions(text)
        XCTAssertEqual(scanned.map(\.source), oracle.map(\.source), "text: \(text.debugDescription)", file: file, line: line)
    }
}
