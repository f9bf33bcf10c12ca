import SpecRun

/// CCK `markdown`: Markdown with Gherkin (.feature.md): doc strings from code fences, indented tables.
final class MarkdownWorld: World { init() {} }

enum MarkdownSteps: StepLibrary {
    static func register(_ steps: inout Steps<MarkdownWorld>) {
        steps.given("some TypeScript code:") { (_, code: DocString) in
            try expect(!code.content.isEmpty, "the doc string is empty")
        }
        steps.given("some classic Gherkin:") { (_, gherkin: DocString) in
            try expect(!gherkin.content.isEmpty, "the doc string is empty")
        }
        steps.when("we use a data table and attach something and then {word}") { (_, what: String, table: DataTable) in
            try expect(!table.rows.isEmpty, "the data table is empty")
            log("We are logging some plain text (\(what))")
            if what == "fail" { throw StepError("You asked me to fail") }
        }
        steps.then("this might or might not run") { _ in }
    }
}
