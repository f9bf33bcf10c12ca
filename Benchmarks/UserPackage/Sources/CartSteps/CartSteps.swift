import SpecRun

/// The step vocabulary of `../shared/bench/gen_corpus.py` (its manifest's Cucumber Expressions), with the same
/// semantics as the generated behave steps: trivial arithmetic, so a run measures the runner, not the steps.
public enum CartSteps: StepLibrary {
    public static func register(_ steps: inout Steps<CartWorld>) {
        registerGivens(&steps)
        registerWhens(&steps)
        registerThens(&steps)
    }

    static func registerGivens(_ steps: inout Steps<CartWorld>) {
        steps.given("the store {string} is open") { (world, name: String) in
            world.store = name
            world.items = 0
        }
        steps.given("the user {string} has {int} items") { (world, name: String, count: Int) in
            world.user = name
            world.items = count
        }
        steps.given("the user {string} has these items:") { (world, name: String, table: DataTable) in
            world.user = name
            world.items = table.hashes().reduce(0) { $0 + (Int($1["qty"] ?? "") ?? 0) }
        }
    }

    static func registerWhens(_ steps: inout Steps<CartWorld>) {
        steps.when("they add {int} items") { (world, count: Int) in world.items += count }
        steps.when("they remove {int} items") { (world, count: Int) in world.items -= count }
        steps.when("they double the items") { world in world.items *= 2 }
        steps.when("they write the note:") { (world, note: DocString) in world.note = note.content }
    }

    static func registerThens(_ steps: inout Steps<CartWorld>) {
        steps.then("the note mentions {string}") { (world, word: String) in
            try expect(world.note.contains(word), "the note should mention \(word)")
        }
        steps.then("the cart total is {int}") { (world, count: Int) in try expect(world.items, equals: count) }
        steps.then("the user is {string}") { (world, name: String) in try expect(world.user, equals: name) }
    }
}
