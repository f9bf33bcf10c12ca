import Foundation
import Gherkin
import Messages

/// Completion items: the registered expressions as snippets (`{int}` → a placeholder named int), the steps
/// already written in the open documents, and the keywords of the document's language.
enum StepCompletion {
    static func items(definitions: [StepDefinition], usedSteps: [String], language: String) -> [[String: Any]] {
        var items: [[String: Any]] = []
        for definition in definitions {
            let source = definition.pattern.source
            items.append([
                "label": source, "kind": 15, "insertTextFormat": 2, "insertText": snippet(source),
                "detail": CheckCollector.location(of: definition),
            ])
        }
        for step in Set(usedSteps).sorted() {
            items.append(["label": step, "kind": 1, "insertText": step, "detail": "used in the suite"])
        }
        if let dialect = Dialect.named(language) {
            let keywords =
                dialect.feature + dialect.rule + dialect.background + dialect.scenario + dialect.scenarioOutline
                + dialect.examples
            for keyword in Set(keywords).sorted() { items.append(["label": keyword + ":", "kind": 14]) }
            for keyword in Set(dialect.given + dialect.when + dialect.then + dialect.and + dialect.but).sorted() where keyword != "* " {
                items.append(["label": keyword.trimmingCharacters(in: .whitespaces), "kind": 14, "insertText": keyword])
            }
        }
        return items
    }

    /// `I have {int} cukes` → `I have ${1:int} cukes` (a regular expression is offered as written).
    static func snippet(_ expression: String) -> String {
        var out = ""
        var index = 0
        var inside: String?
        for character in expression {
            if inside != nil {
                if character == "}" {
                    index += 1; out += "${\(index):\(inside!.isEmpty ? "value" : inside!)}"; inside = nil
                } else {
                    inside!.append(character)
                }
            } else if character == "{" {
                inside = ""
            } else {
                if character == "$" || character == "\\" { out += "\\" }
                out.append(character)
            }
        }
        return out + (inside.map { "{" + $0 } ?? "")
    }

    /// The parameter types an expression names: `{int}`, `{string}`, custom ones by name.
    static func parameterNames(_ expression: String) -> [String] {
        var names: [String] = []
        var inside: String?
        for character in expression {
            if character == "{" {
                inside = ""
            } else if character == "}", let name = inside {
                names.append(name.isEmpty ? "anonymous" : name); inside = nil
            } else if inside != nil {
                inside!.append(character)
            }
        }
        return names
    }

    /// The step texts of a document (for completing with what the suite already says).
    static func stepTexts(_ text: String) -> [String] {
        guard let document = try? GherkinParser.parse(source: text, ids: IncrementingIdGenerator()) else { return [] }
        return document.stepLocations.isEmpty ? [] : steps(of: document)
    }

    private static func steps(of document: GherkinDocument) -> [String] {
        var texts: [String] = []
        func add(_ steps: [Step]) { texts += steps.map(\.text) }
        for child in document.feature?.children ?? [] {
            child.background.map { add($0.steps) }
            child.scenario.map { add($0.steps) }
            for inner in child.rule?.children ?? [] {
                inner.background.map { add($0.steps) }
                inner.scenario.map { add($0.steps) }
            }
        }
        return texts
    }

    /// The language of a document as the parser reads it (en when it does not parse).
    static func language(of text: String) -> String {
        (try? GherkinParser.parse(source: text, ids: IncrementingIdGenerator()))?.feature?.language ?? "en"
    }
}
