import SpecRun

/// CCK `data-tables`: transposes one table and compares it with another.
final class DataTablesWorld: World {
    var transposed: DataTable?
    init() {}
}

enum DataTablesSteps: StepLibrary {
    static func register(_ steps: inout Steps<DataTablesWorld>) {
        steps.when("the following table is transposed:") { (world, table: DataTable) in
            world.transposed = table.transpose()
        }
        steps.then("it should be:") { (world, expected: DataTable) in
            try expect(try unwrap(world.transposed).rows, equals: expected.rows)
        }
    }
}
