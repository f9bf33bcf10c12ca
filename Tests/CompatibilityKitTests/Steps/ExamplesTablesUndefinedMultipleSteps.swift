import SpecRun

/// CCK `examples-tables-undefined-multiple`: several undefined steps per row, each UNDEFINED with a suggestion.
final class ExamplesTablesUndefinedMultipleWorld: World {
    var count = 0
    init() {}
}

enum ExamplesTablesUndefinedMultipleSteps: StepLibrary {
    static func register(_ steps: inout Steps<ExamplesTablesUndefinedMultipleWorld>) {
        steps.given("there are {int} cucumbers") { (world, initial: Int) in world.count = initial }
        steps.when("I eat {int} cucumbers") { (world, eaten: Int) in world.count -= eaten }
        steps.then("I should have {int} cucumbers") { (world, expected: Int) in
            try expect(world.count, equals: expected)
        }
    }
}
