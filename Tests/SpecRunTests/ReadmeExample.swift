import SpecRun

/// The scenario's state: a fresh instance for every scenario.
final class BasketWorld: World {
    var items: [String: Int] = [:]
    var note = ""
    var log: [String] = []
    required init() {}
}

enum Status: String { case open, closed }

enum BasketSteps: StepLibrary {
    static let scope: String? = "@basket"  // optional: these steps only bind in scenarios matching this tag expression

    static func register(_ steps: inout Steps<BasketWorld>) {
        steps.given("the basket is empty") { world in world.items = [:] }
        steps.when("I add {int} {string}") { (world, count: Int, item: String) in
            world.items[item, default: 0] += count
        }
        steps.then("the basket holds {int} {string}") { (world, count: Int, item: String) in
            try expect(world.items[item] ?? 0, equals: count)
        }
        steps.given("these items:") { (world, table: DataTable) in
            for row in table.hashes() { world.items[row["item"]!] = Int(row["count"]!) }
        }
        steps.given("the note:") { (world, body: DocString) in world.note = body.content }
        steps.then(regex: #"^the basket has (\d+) kinds? of items?$"#) { (world, kinds: Int) in
            try expect(world.items.count, equals: kinds)
        }
        steps.then("the shop is {status}") { (world, status: Status) in
            try expect(status, equals: .open, "the shop should be open")
        }

        steps.before(tags: "@logged") { world in world.log.append("before") }
        steps.after { world in attach(world.log.joined(separator: ","), mediaType: "text/plain") }  // also after a failed step
        steps.parameterType(name: "status", regex: "open|closed") { (text: String) in Status(rawValue: text)! }
    }
}
