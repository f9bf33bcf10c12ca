import SpecRun

/// CCK `examples-tables`: Scenario Outlines with several Examples tables; the @failing rows fail.
final class ExamplesTablesWorld: World {
    var count = 0
    var friends = 0
    init() {}
}

enum ExamplesTablesSteps: StepLibrary {
    static func register(_ steps: inout Steps<ExamplesTablesWorld>) {
        steps.given("there are {int} cucumbers") { (world, initial: Int) in world.count = initial }
        steps.given("there are {int} friends") { (world, friends: Int) in world.friends = friends }
        steps.when("I eat {int} cucumbers") { (world, eaten: Int) in world.count -= eaten }
        steps.then("I should have {int} cucumbers") { (world, expected: Int) in
            try expect(world.count, equals: expected)
        }
        steps.then("each person can eat {int} cucumbers") { (world, share: Int) in
            let each = Int((Double(world.count) / Double(1 + world.friends)).rounded(.down))
            try expect(each, equals: share)
        }
    }
}
