import Foundation
@testable import SpecRunCore

struct CCKError: Error, CustomStringConvertible {
    let description: String
    init(_ message: String) { description = message }
}

/// Swift step definitions for the CCK samples of CompatibilityKitSubsetTests, written from each STEPS.md.
enum CCK {
    final class W: World {
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
}
