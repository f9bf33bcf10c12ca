import Foundation
import Messages
import XCTest

@testable import SpecRun
@testable import SpecRunEditor

/// Steps whose expressions use what Cucumber Expressions allow beyond parameters: optional text, alternatives,
/// escapes, a custom parameter type, a regular expression.
enum CompletionSteps: StepLibrary {
    static func register(_ steps: inout Steps<CLITestWorld>) {
        steps.parameterType(name: "colour", regex: "red|green|blue") { (text: String) in text }
        steps.given("I pick a {colour} bag") { (_, _: String) in }
        steps.given("I have {int} cucumber(s) in my belly") { (_, _: Int) in }
        steps.when("I eat/drink {int} more") { (_, _: Int) in }
        steps.when("prepare\\(\\) is called") { _ in }
        steps.then("{int} bags are left") { (_, _: Int) in }
        steps.given("the note {string} is pinned") { (_, _: String) in }
        steps.when("{word} logs in") { (_, _: String) in }
        steps.then("the parcel weighs {float} kg") { (_, _: Float) in }
        steps.then(regex: #"^I have (\d+) cucumbers? (left|remaining)$"#) { (_, _: Int, _: String) in }
    }
}

/// Completion as an editor applies it: what an item inserts, and which text it replaces.
final class LanguageServerCompletionTests: XCTestCase {
    private let uri = "file:///tmp/specrun-lsp-completion/a.feature"

    private func complete(_ text: String, line: Int, character: Int, uri: String? = nil) async throws -> [[String: Any]] {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("specrun-completion-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        addTeardownBlock { try? FileManager.default.removeItem(at: folder) }
        let sut = LanguageServer(context: EditorAnalysis.Context(libraries: [CompletionSteps.self], environment: [:], folder: folder))
        sut.suiteFolder = folder.appendingPathComponent("Features").path  // none: no suite steps among the items
        await sut.initialize()
        let uri = uri ?? self.uri
        let open: [String: Any] = [
            "jsonrpc": "2.0", "method": "textDocument/didOpen",
            "params": ["textDocument": ["uri": uri, "languageId": "cucumber", "version": 1, "text": text]],
        ]
        _ = await sut.handle(try JSONSerialization.data(withJSONObject: open))
        let request: [String: Any] = [
            "jsonrpc": "2.0", "id": 2, "method": "textDocument/completion",
            "params": ["textDocument": ["uri": uri], "position": ["line": line, "character": character]],
        ]
        let replies = await sut.handle(try JSONSerialization.data(withJSONObject: request))
        return try XCTUnwrap(replies.first?["result"] as? [[String: Any]])
    }

    /// What the editor's line becomes when the item is taken: its text edit applied, placeholders as their names.
    private func applied(_ item: [String: Any], to line: String) -> String {
        let edit = item["textEdit"] as? [String: Any] ?? [:]
        let range = edit["range"] as? [String: Any] ?? [:]
        let start = ((range["start"] as? [String: Any])?["character"] as? Int) ?? line.utf16.count
        let end = ((range["end"] as? [String: Any])?["character"] as? Int) ?? line.utf16.count
        let text = edit["newText"] as? String ?? item["insertText"] as? String ?? item["label"] as? String ?? ""
        let units = Array(line.utf16)
        return String(decoding: units[..<start], as: UTF16.self) + Self.typed(text)
            + String(decoding: units[end...], as: UTF16.self)
    }

    /// The expression of a step definition's item.
    private static func expression(_ item: [String: Any]) -> String? {
        (item["labelDetails"] as? [String: Any])?["description"] as? String
    }

    /// A snippet as the editor writes it: each placeholder its name, escapes undone.
    private static func typed(_ snippet: String) -> String {
        let placeholders = snippet.replacingOccurrences(of: #"\$\{[0-9]+:([^}]*)\}"#, with: "$1", options: .regularExpression)
        return placeholders.replacingOccurrences(of: #"\\(.)"#, with: "$1", options: .regularExpression)
    }

    func test_completion_replacesTheStepTextTypedSoFarOnAStepLine() async throws {
        let line = "    Given I pick a re"
        let items = try await complete("Feature: F\n  Scenario: S\n\(line)\n", line: 2, character: line.utf16.count)
        let item = try XCTUnwrap(items.first { Self.expression($0) == "I pick a {colour} bag" }, "\(items)")
        XCTAssertEqual(applied(item, to: line), "    Given I pick a colour bag", "the step text typed is replaced, not the last word")
        XCTAssertFalse(items.contains { $0["kind"] as? Int == 14 }, "no keyword after a keyword: \(items.map { $0["label"] ?? "" })")
        XCTAssertEqual(items.compactMap(Self.expression), ["I pick a {colour} bag"], "only steps starting with what is typed")
        // (Neovim 0.7's omnifunc takes the start of the text to replace only from items without filterText.)
        XCTAssertFalse(items.contains { $0["filterText"] != nil }, "\(items)")
    }

    func test_completion_labelsAnItemWithTheTextItInsertsOnAStepDefinition() async throws {
        let line = "    Given I pi"
        let items = try await complete("Feature: F\n  Scenario: S\n\(line)\n", line: 2, character: line.utf16.count)
        let item = try XCTUnwrap(items.first { Self.expression($0) == "I pick a {colour} bag" }, "\(items)")
        // (Neovim 0.11's omnifunc inserts a snippet item's label when it is as long as its text, else its first word.)
        XCTAssertEqual(item["label"] as? String, "I pick a colour bag")
        let used = try await complete(
            "Feature: F\n  Scenario: S\n    Given I pick a red bag\n\(line)\n", line: 3, character: line.utf16.count)
        let step = try XCTUnwrap(used.first { $0["label"] as? String == "I pick a red bag" }, "\(used)")
        XCTAssertEqual(step["insertTextFormat"] as? Int, 2, "a snippet too: Neovim 0.11 inserts a plain item's first word")
    }

    func test_completion_insertsAStepItsDefinitionMatchesOnOptionalTextAlternativesAndEscapes() async throws {
        let line = "    When "
        let items = try await complete("Feature: F\n  Scenario: S\n\(line)\n", line: 2, character: line.utf16.count)
        let inserted = Dictionary(
            items.compactMap { item in Self.expression(item).map { ($0, applied(item, to: line)) } }, uniquingKeysWith: { a, _ in a })
        XCTAssertEqual(inserted["I have {int} cucumber(s) in my belly"], "    When I have int cucumbers in my belly")
        XCTAssertEqual(inserted["I eat/drink {int} more"], "    When I eat int more")
        XCTAssertEqual(inserted["prepare\\(\\) is called"], "    When prepare() is called")
        XCTAssertEqual(inserted[#"^I have (\d+) cucumbers? (left|remaining)$"#], "    When I have 0 cucumbers left")
    }

    func test_completion_replacesTheWholeStepTextOnACursorInsideIt() async throws {
        let line = "    Given I pick a red bag  "
        let cursor = "    Given I pick a re".utf16.count
        let items = try await complete(
            "Feature: F\n  Scenario: S\n    Given I pick a reddish bag\n\(line)\n", line: 3, character: cursor)

        let item = try XCTUnwrap(items.first { Self.expression($0) == "I pick a {colour} bag" }, "\(items)")
        XCTAssertEqual(applied(item, to: line), "    Given I pick a colour bag  ", "the text after the cursor is not left behind")
        let used = try XCTUnwrap(items.first { $0["label"] as? String == "I pick a reddish bag" }, "\(items)")
        XCTAssertEqual(applied(used, to: line), "    Given I pick a reddish bag  ", "a step of the suite replaces it too")
    }

    func test_completion_offersTheStepsWhoseParametersTakeTheValuesTyped() async throws {
        let cases: [(typed: String, expression: String)] = [
            ("Then 3 bags", "{int} bags are left"),
            ("Given the note \"x", "the note {string} is pinned"),
            ("Given the note \"to do\" is", "the note {string} is pinned"),
            ("When alice logs", "{word} logs in"),
            ("Then the parcel weighs 2.5 k", "the parcel weighs {float} kg"),
            ("Given I pick a gr", "I pick a {colour} bag"),
            ("Given I PICK a Green b", "I pick a {colour} bag"),
        ]
        for (typed, expression) in cases {
            let line = "    " + typed
            let items = try await complete("Feature: F\n  Scenario: S\n\(line)\n", line: 2, character: line.utf16.count)
            XCTAssertEqual(items.compactMap(Self.expression), [expression], "typed: \(typed)")
        }
    }

    func test_completion_leavesOutTheStepsWhoseParametersDoNotTakeTheValuesTyped() async throws {
        for typed in ["Then x bags", "Given I pick a purple", "Given the note x", "Then the parcel weighs heavy"] {
            let line = "    " + typed
            let items = try await complete("Feature: F\n  Scenario: S\n\(line)\n", line: 2, character: line.utf16.count)
            XCTAssertEqual(items.compactMap(Self.expression), [], "typed: \(typed)")
        }
    }

    func test_parameterNames_readsTheExpressionsSyntaxTreeOnEscapesAnonymousParametersAndRegularExpressions() {
        let sut = CompletionExpressions()
        let cases: [(pattern: StepDefinitionPattern, names: [String])] = [
            (StepDefinitionPattern(source: "I have {int} {word}(s)", type: .cucumberExpression), ["int", "word"]),
            (StepDefinitionPattern(source: #"the set \{a} costs {}"#, type: .cucumberExpression), ["anonymous"]),
            (StepDefinitionPattern(source: #"^I have (\d{2}) cukes$"#, type: .regularExpression), []),
            (StepDefinitionPattern(source: "a {int", type: .cucumberExpression), []),
        ]
        for (pattern, names) in cases {
            XCTAssertEqual(sut.parameterNames(pattern), names, pattern.source)
        }
    }

    func test_snippet_writesAStepTheExpressionMatchesOnEscapesAlternationsAndOptionalText() {
        let cases: [(expression: String, snippet: String)] = [
            (#"prepare\(\) is called"#, "prepare() is called"),
            (#"the set \{a} is {word}"#, #"the set {a\} is ${1:word}"#),
            (#"a \(b) \/ c"#, "a (b) / c"),
            ("I pay by card/cash", "I pay by card"),
            ("I pay by card/cash/cheque now", "I pay by card now"),
            ("{int} cucumber(s)/gherkin(s)", "${1:int} cucumbers"),
            ("I have {int} cucumber(s)", "I have ${1:int} cucumbers"),
            ("{} costs {float} $", #"${1:value} costs ${2:float} \$"#),
            (#"a back\\slash"#, #"a back\\slash"#),
        ]
        for (expression, snippet) in cases {
            XCTAssertEqual(StepCompletion.snippet(expression), snippet, expression)
        }
    }

    func test_completion_offersTheKeywordsOfTheDocumentsLanguageReplacingWhatIsTypedOnAStepLineWithoutKeyword() async throws {
        let line = "    Qua"
        let items = try await complete(
            "# language: fr\nFonctionnalité: F\n  Scénario: S\n\(line)\n", line: 3, character: line.utf16.count)
        let item = try XCTUnwrap(items.first { $0["label"] as? String == "Quand" }, "\(items.map { $0["label"] ?? "" })")
        XCTAssertEqual(applied(item, to: line), "    Quand ")
    }

    func test_completion_replacesTheStepTextAfterTheListItemOnAMarkdownStep() async throws {
        let line = "* Given I pick"
        let items = try await complete(
            "# Feature: F\n\n## Scenario: S\n\n\(line)\n", line: 4, character: line.utf16.count,
            uri: "file:///tmp/specrun-lsp-completion/a.feature.md")
        let item = try XCTUnwrap(items.first { Self.expression($0) == "I pick a {colour} bag" }, "\(items)")
        XCTAssertEqual(applied(item, to: line), "* Given I pick a colour bag")
    }
}
