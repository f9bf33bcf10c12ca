import Foundation
@testable import SpecRunCore

struct CCKError: Error, CustomStringConvertible {
    let description: String
    init(_ message: String) { description = message }
}

/// Swift step definitions for the CCK samples of CompatibilityKitSubsetTests, written from each STEPS.md.
enum CCK {
    final class W: World {
        var money = 0
        var stock: [String] = []
        var bought: [String] = []
        var count = 0
        var friends = 0
        var table: DataTable?
        required init() {}
    }

    static let calls = Box([String: Int]())
    static func reset() { calls.set([:]) }
    static func call(_ name: String) -> Int {
        var value = 0
        calls.update { $0[name, default: 0] += 1; value = $0[name]! }
        return value
    }

    enum Minimal: StepLibrary {
        static func register(_ steps: inout Steps<W>) {
            steps.given("I have {int} cukes in my belly") { (_, _: Int) in }
        }
    }

    enum Hooks: StepLibrary {
        static func register(_ steps: inout Steps<W>) {
            steps.before { _ in }
            steps.when("a step passes") { _ in }
            steps.when("a step fails") { _ in throw CCKError("Exception in step") }
            steps.after { _ in }
        }
    }

    enum HooksSkipped: StepLibrary {
        static func register(_ steps: inout Steps<W>) {
            steps.before { _ in }
            steps.before(tags: "@skip-before") { _ in try skip() }
            steps.before { _ in }
            steps.given("a normal step") { _ in }
            steps.given("a step that skips") { _ in try skip() }
            steps.after { _ in }
            steps.after(tags: "@skip-after") { _ in try skip() }
            steps.after { _ in }
        }
    }

    enum HooksConditional: StepLibrary {
        static func register(_ steps: inout Steps<W>) {
            steps.before(tags: "@passing-hook") { _ in }
            steps.before(tags: "@fail-before") { _ in throw CCKError("Exception in conditional hook") }
            steps.when("a step passes") { _ in }
            steps.after(tags: "@fail-after") { _ in throw CCKError("Exception in conditional hook") }
            steps.after(tags: "@passing-hook") { _ in }
        }
    }

    enum HooksNamed: StepLibrary {
        static func register(_ steps: inout Steps<W>) {
            steps.before(name: "A named before hook") { _ in }
            steps.when("a step passes") { _ in }
            steps.after(name: "A named after hook") { _ in }
        }
    }

    enum GlobalHooks: StepLibrary {
        static func register(_ steps: inout Steps<W>) {
            steps.beforeAll {}
            steps.beforeAll {}
            steps.when("a step passes") { _ in }
            steps.when("a step fails") { _ in throw CCKError("Exception in step") }
            steps.afterAll {}
            steps.afterAll {}
        }
    }

    enum BeforeAllError: StepLibrary {
        static func register(_ steps: inout Steps<W>) {
            steps.beforeAll {}
            steps.beforeAll { throw CCKError("BeforeAll hook went wrong") }
            steps.beforeAll {}
            steps.when("a step passes") { _ in }
            steps.afterAll {}
            steps.afterAll {}
        }
    }

    enum AfterAllError: StepLibrary {
        static func register(_ steps: inout Steps<W>) {
            steps.beforeAll {}
            steps.beforeAll {}
            steps.when("a step passes") { _ in }
            steps.afterAll {}
            steps.afterAll { throw CCKError("AfterAll hook went wrong") }
            steps.afterAll {}
        }
    }

    enum Failedish: StepLibrary {
        static func register(_ steps: inout Steps<W>) {
            steps.given(regex: "^a step$") { _ in }
            steps.given(regex: "^a failing step$") { _ in throw CCKError("whoops") }
            steps.given(regex: "^a pending step$") { _ in try pending() }
            steps.given(regex: "^a skipped step$") { _ in try skip() }
            steps.given(regex: "^an ambiguous (.*?)$") { (_, _: String) in }
            steps.given(regex: "^(.*?) ambiguous step$") { (_, _: String) in }
        }
    }

    enum FailedishCombinations: StepLibrary {
        static func register(_ steps: inout Steps<W>) {
            steps.given(regex: "^a step$") { _ in }
            steps.given(regex: "^a skipped step$") { _ in try skip() }
            steps.given(regex: "^a pending step$") { _ in try pending() }
            steps.given(regex: "^an ambiguous (.*?)$") { (_, _: String) in }
            steps.given(regex: "^(.*?) ambiguous step$") { (_, _: String) in }
            steps.given(regex: "^a failing step$") { _ in throw CCKError("whoops") }
        }
    }

    enum Undefined: StepLibrary {
        static func register(_ steps: inout Steps<W>) {
            steps.given("an implemented step") { _ in }
            steps.given("a step that will be skipped") { _ in }
        }
    }

    enum Ambiguous: StepLibrary {
        static func register(_ steps: inout Steps<W>) {
            steps.given(regex: "^a (.*?) with (.*?)$") { (_, _: String, _: String) in }
            steps.given(regex: "^a step with (.*?)$") { (_, _: String) in }
        }
    }

    enum Pending: StepLibrary {
        static func register(_ steps: inout Steps<W>) {
            steps.given("an implemented non-pending step") { _ in }
            steps.given("an implemented step that is skipped") { _ in }
            steps.given("an unimplemented pending step") { _ in try pending() }
        }
    }

    enum Skipped: StepLibrary {
        static func register(_ steps: inout Steps<W>) {
            steps.given("a step that does not skip") { _ in }
            steps.given("a step that is skipped") { _ in }
            steps.given("I skip a step") { _ in try skip() }
        }
    }

    enum Retry: StepLibrary {
        static func register(_ steps: inout Steps<W>) {
            steps.given("a step that always passes") { _ in }
            steps.given("a step that passes the second time") { _ in
                if call("second") < 2 { throw CCKError("Exception in step") }
            }
            steps.given("a step that passes the third time") { _ in
                if call("third") < 3 { throw CCKError("Exception in step") }
            }
            steps.given("a step that always fails") { _ in throw CCKError("Exception in step") }
        }
    }

    enum RetryAmbiguous: StepLibrary {
        static func register(_ steps: inout Steps<W>) {
            steps.given("an ambiguous step") { _ in }
            steps.given("an ambiguous step") { _ in }
        }
    }

    enum RetryPending: StepLibrary {
        static func register(_ steps: inout Steps<W>) {
            steps.given("a pending step") { _ in try pending() }
        }
    }

    enum UnknownParameterType: StepLibrary {
        static func register(_ steps: inout Steps<W>) {
            steps.given("{airport} is closed because of a strike") { (_, _: String) in
                throw CCKError("Should not be called because airport parameter type has not been defined")
            }
        }
    }

    enum Orders: StepLibrary {
        static func register(_ steps: inout Steps<W>) {
            steps.given("an order for {string}") { (_, _: String) in }
        }
    }

    enum Backgrounds: StepLibrary {
        static func register(_ steps: inout Steps<W>) {
            steps.given("an order for {string}") { (_, _: String) in }
            steps.when("an action") { _ in }
            steps.then("an outcome") { _ in }
        }
    }

    enum Regex: StepLibrary {
        static func register(_ steps: inout Steps<W>) {
            steps.given(regex: "^a (.*?)(?: and a (.*?))?(?: and a (.*?))?$") { (_, _: String, _: String?, _: String?) in }
        }
    }

    struct Flight: Equatable { let from: String; let to: String }

    enum ParameterTypes: StepLibrary {
        static func register(_ steps: inout Steps<W>) {
            steps.parameterType(name: "flight", regex: "([A-Z]{3})-([A-Z]{3})") { (groups: [String]) in
                Flight(from: groups[0], to: groups[1])
            }
            steps.given("{flight} has been delayed") { (_, flight: Flight) in
                try expect(flight, equals: Flight(from: "LHR", to: "CDG"))
            }
        }
    }

    enum DataTables: StepLibrary {
        static func register(_ steps: inout Steps<W>) {
            steps.when("the following table is transposed:") { (world, table: DataTable) in world.table = table.transpose() }
            steps.then("it should be:") { (world, expected: DataTable) in try expect(world.table?.rows, equals: expected.rows) }
        }
    }

    enum DocStrings: StepLibrary {
        static func register(_ steps: inout Steps<W>) {
            steps.given("a doc string:") { (_, _: DocString) in }
        }
    }

    enum StackTraces: StepLibrary {
        static func register(_ steps: inout Steps<W>) {
            steps.when("a step throws an exception") { _ in throw CCKError("BOOM") }
        }
    }

    static func file(_ sample: String, _ name: String) -> Data {
        FileManager.default.contents(atPath: CompatibilityKitSubsetTests.cck + "/\(sample)/\(name)") ?? Data()
    }

    enum Attachments: StepLibrary {
        static func register(_ steps: inout Steps<W>) {
            steps.when("the string {string} is attached as {string}") { (_, text: String, type: String) in attach(text, mediaType: type) }
            steps.when("the string {string} is logged") { (_, text: String) in log(text) }
            steps.when("text with ANSI escapes is logged") { _ in
                log("This displays a \u{1b}[31mr\u{1b}[0m\u{1b}[91ma\u{1b}[0m\u{1b}[33mi\u{1b}[0m\u{1b}[32mn\u{1b}[0m\u{1b}[34mb\u{1b}[0m\u{1b}[95mo\u{1b}[0m\u{1b}[35mw\u{1b}[0m")
            }
            steps.when("the following string is attached as {string}:") { (_, type: String, text: DocString) in attach(text.content, mediaType: type) }
            steps.when("an array with {int} bytes is attached as {string}") { (_, size: Int, type: String) in
                attach(Data((0..<size).map { UInt8($0 % 256) }), mediaType: type)
            }
            steps.when("a PDF document is attached and renamed") { _ in
                attach(file("attachments", "document.pdf"), mediaType: "application/pdf", fileName: "renamed.pdf")
            }
            steps.when("a link to {string} is attached") { (_, uri: String) in attach(uri, mediaType: "text/uri-list") }
            steps.when("the string {string} is attached as {string} before a failure") { (_, text: String, type: String) in
                attach(text, mediaType: type)
                throw CCKError("whoops")
            }
        }
    }

    enum HooksAttachment: StepLibrary {
        static func register(_ steps: inout Steps<W>) {
            steps.before { _ in attach(file("hooks-attachment", "cucumber.svg"), mediaType: "image/svg+xml") }
            steps.when("a step passes") { _ in }
            steps.after { _ in attach(file("hooks-attachment", "cucumber.svg"), mediaType: "image/svg+xml") }
        }
    }

    enum HooksUndefined: StepLibrary {
        static func register(_ steps: inout Steps<W>) {
            steps.before { _ in }
            steps.after { _ in }
        }
    }

    enum GlobalHooksAttachments: StepLibrary {
        static func register(_ steps: inout Steps<W>) {
            steps.beforeAll { attach("Attachment from BeforeAll hook", mediaType: "text/plain") }
            steps.when("a step passes") { _ in }
            steps.afterAll { attach("Attachment from AfterAll hook", mediaType: "text/plain") }
        }
    }

    enum ExamplesTablesAttachment: StepLibrary {
        static func register(_ steps: inout Steps<W>) {
            steps.when("a JPEG image is attached") { _ in attach(file("examples-tables-attachment", "cucumber.jpeg"), mediaType: "image/jpeg") }
            steps.when("a PNG image is attached") { _ in attach(file("examples-tables-attachment", "cucumber.png"), mediaType: "image/png") }
        }
    }

    enum Cucumbers: StepLibrary {
        static func register(_ steps: inout Steps<W>) {
            steps.given("there are {int} cucumbers") { (world, count: Int) in world.count = count }
            steps.given("there are {int} friends") { (world, friends: Int) in world.friends = friends }
            steps.when("I eat {int} cucumbers") { (world, eaten: Int) in world.count -= eaten }
            steps.then("I should have {int} cucumbers") { (world, expected: Int) in try expect(world.count, equals: expected) }
            steps.then("each person can eat {int} cucumbers") { (world, share: Int) in
                try expect(Int((Double(world.count) / Double(1 + world.friends)).rounded(.down)), equals: share)
            }
        }
    }

    enum CucumbersUndefined: StepLibrary {
        static func register(_ steps: inout Steps<W>) {
            steps.given("there are {int} cucumbers") { (world, count: Int) in world.count = count }
            steps.when("I eat {int} cucumbers") { (world, eaten: Int) in world.count -= eaten }
            steps.then("I should have {int} cucumbers") { (world, expected: Int) in try expect(world.count, equals: expected) }
        }
    }

    enum SkippedFailingHook: StepLibrary {
        static func register(_ steps: inout Steps<W>) {
            steps.given("a step that skips") { _ in try skip() }
            steps.after { _ in throw CCKError("whoops") }
        }
    }

    enum PendingException: StepLibrary {
        static func register(_ steps: inout Steps<W>) {
            steps.given("an unimplemented pending step") { _ in try pending("TODO") }
        }
    }

    enum SkippedException: StepLibrary {
        static func register(_ steps: inout Steps<W>) {
            steps.given("I skip a step") { _ in try skip("skipping") }
        }
    }

    enum UnusedSteps: StepLibrary {
        static func register(_ steps: inout Steps<W>) {
            steps.given("a step that is used") { _ in }
            steps.given("a step that is not used") { _ in }
        }
    }

    enum CData: StepLibrary {
        static func register(_ steps: inout Steps<W>) {
            steps.given("I have {int} <![CDATA[cukes]]> in my belly") { (_, _: Int) in }
        }
    }

    enum Markdown: StepLibrary {
        static func register(_ steps: inout Steps<W>) {
            steps.given("some TypeScript code:") { (_, code: DocString) in try expect(!code.content.isEmpty, "code") }
            steps.given("some classic Gherkin:") { (_, gherkin: DocString) in try expect(!gherkin.content.isEmpty, "gherkin") }
            steps.when("we use a data table and attach something and then {word}") { (_, what: String, table: DataTable) in
                try expect(!table.rows.isEmpty, "table")
                log("We are logging some plain text (\(what))")
                if what == "fail" { throw CCKError("You asked me to fail") }
            }
            steps.then("this might or might not run") { _ in }
        }
    }

    enum Rules: StepLibrary {
        static func register(_ steps: inout Steps<W>) {
            steps.given("the customer has {int} cents") { (world, money: Int) in world.money = money }
            steps.given("there are chocolate bars in stock") { world in world.stock = ["Mars"] }
            steps.given("there are no chocolate bars in stock") { world in world.stock = [] }
            steps.when("the customer tries to buy a {int} cent chocolate bar") { (world, price: Int) in
                if world.money >= price, !world.stock.isEmpty { world.bought.append(world.stock.removeFirst()) }
            }
            steps.then("the sale should not happen") { world in try expect(world.bought.isEmpty, "no sale") }
            steps.then("the sale should happen") { world in try expect(!world.bought.isEmpty, "a sale") }
        }
    }
}
