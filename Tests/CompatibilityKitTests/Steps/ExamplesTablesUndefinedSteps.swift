import SpecRun

/// CCK `examples-tables-undefined`: rows whose values are not integers make steps UNDEFINED.
final class ExamplesTablesUndefinedWorld: World {
    var count = 0
    init() {}
}

enum ExamplesTablesUndefinedSteps: StepLibrary {
    static func register(_ steps: inout Steps<ExamplesTablesUndefinedWorld>) {
        steps.given("there are {int} cucumbers") { (world, initial: Int) in world.count = initial }
        steps.when("I eat {int} cucumbers") { (world, eaten: Int) in world.count -= eaten }
        steps.then("I should have {int} cucumbers") { (world, expected: Int) in
            try expect(world.count, equals: expected)
        }
    }
}
