import SpecRun

/// CCK `rules`: Rule blocks; a chocolate vending machine.
final class RulesWorld: World {
    var money = 0
    var stock: [String] = []
    var bought: String?
    init() {}
}

enum RulesSteps: StepLibrary {
    static func register(_ steps: inout Steps<RulesWorld>) {
        steps.given("the customer has {int} cents") { (world, money: Int) in world.money = money }
        steps.given("there are chocolate bars in stock") { world in world.stock = ["Mars"] }
        steps.given("there are no chocolate bars in stock") { world in world.stock = [] }
        steps.when("the customer tries to buy a {int} cent chocolate bar") { (world, price: Int) in
            if world.money >= price, !world.stock.isEmpty {
                world.bought = world.stock.removeFirst()
            }
        }
        steps.then("the sale should not happen") { world in try expectNil(world.bought) }
        steps.then("the sale should happen") { world in _ = try unwrap(world.bought) }
    }
}
