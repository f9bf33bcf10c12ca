import XCTest

@testable import SpecRunCore

final class StepsRegistrationTests: XCTestCase {
    func test_register_recordsEveryDefinitionHookAndParameterTypeInOrder() {
        var steps = Steps<SampleWorld>()
        SampleSteps.register(&steps)

        XCTAssertEqual(
            steps.code.map(\.kindName),
            [
                "parameterType:status", "step:I have {int} cukes", "step:I say {string} and {int}",
                "step:these answers:", "step:the server replies:", "step:^(\\d+) seconds pass$",
                "hook:before", "hook:after", "hook:beforeAll", "step:nothing",
            ])
    }

    func test_register_capturesTheCallersFileAndLine() throws {
        var steps = Steps<SampleWorld>()
        let line = #line + 1
        steps.given("a step") { _ in }

        guard case .step(let definition) = try XCTUnwrap(steps.code.first) else { return XCTFail("not a step") }
        XCTAssertEqual(definition.location, SourceLocation(file: #filePath, line: line))
    }

    func test_register_recordsTheClosureArgumentTypes() throws {
        var steps = Steps<SampleWorld>()
        steps.then("{int} and {string}") { (_, a: Int, b: String) in }

        guard case .step(let definition) = try XCTUnwrap(steps.code.first) else { return XCTFail("not a step") }
        XCTAssertEqual(definition.argumentTypeNames, ["Int", "String"])
    }

    func test_libraryScope_defaultsToNil() {
        XCTAssertNil(SampleSteps.scope)
        XCTAssertEqual(ScopedSteps.scope, "@quiz")
    }
}

final class SampleWorld: World {
    var cukes = 0
    required init() {}
}

enum Status: String { case online, offline }

enum SampleSteps: StepLibrary {
    static func register(_ steps: inout Steps<SampleWorld>) {
        steps.parameterType(name: "status", regex: "online|offline") { (text: String) in Status(rawValue: text)! }
        steps.given("I have {int} cukes") { (world, count: Int) in world.cukes = count }
        steps.when("I say {string} and {int}") { (world, text: String, count: Int) in
            try expect(text.count, equals: count)
        }
        steps.given("these answers:") { (world, table: DataTable) in _ = table.hashes() }
        steps.given("the server replies:") { (world, body: DocString) in _ = body.content }
        steps.then(regex: #"^(\d+) seconds pass$"#) { (world, seconds: Int) in
            try await Task.sleep(nanoseconds: 0)
        }
        steps.before { world in world.cukes = 0 }
        steps.after(tags: "@network") { world in _ = world }
        steps.beforeAll {}
        steps.step("nothing") { world in try pending() }
    }
}

enum ScopedSteps: StepLibrary {
    static let scope: String? = "@quiz"
    static func register(_ steps: inout Steps<SampleWorld>) {}
}

extension SupportCode {
    var kindName: String {
        switch self {
        case .step(let code): return "step:\(code.pattern.source)"
        case .hook(let code): return "hook:\(code.kind)"
        case .parameterType(let code): return "parameterType:\(code.name)"
        }
    }
}

final class StepRegistryTests: XCTestCase {
    func test_collect_registersALibraryListedTwiceOnce() {
        XCTAssertEqual(
            StepRegistry.collect([SampleSteps.self, SampleSteps.self]).count,
            StepRegistry.collect([SampleSteps.self]).count)
    }

    func test_collect_givesStepsAndHooksTheirLibrarysScope() {
        let code = StepRegistry.collect([ScopedOtherSteps.self])
        XCTAssertEqual(code.count, 3)
        for entry in code {
            switch entry {
            case .step(let step): XCTAssertEqual(step.scope, "@other")
            case .hook(let hook): XCTAssertEqual(hook.scope, hook.kind == .beforeAll ? nil : "@other")
            case .parameterType: XCTFail("no parameter type expected")
            }
        }
    }
}
