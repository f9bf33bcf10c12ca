import Foundation

@testable import SpecRunCore

/// What the step definitions of the test libraries did, in order (a spy shared by the World).
final class Journal: @unchecked Sendable {
    static let shared = Journal()
    private let lock = NSLock()
    private var entries: [String] = []

    func record(_ entry: String) { lock.lock(); entries.append(entry); lock.unlock() }
    func take() -> [String] { lock.lock(); defer { entries = []; lock.unlock() }; return entries }
}

final class BasketWorld: World {
    static let made = Counter()
    var items: [String] = []
    var count = 0
    required init() { BasketWorld.made.increment() }
}

final class Counter: @unchecked Sendable {
    private let lock = NSLock()
    private var value = 0
    func increment() { lock.lock(); value += 1; lock.unlock() }
    func take() -> Int { lock.lock(); defer { value = 0; lock.unlock() }; return value }
}

struct BoomError: Error, CustomStringConvertible {
    var description: String { "boom" }
}

/// Steps for every status: passing, failing, pending, skipped, typed arguments, tables, doc strings.
enum BasketSteps: StepLibrary {
    static func register(_ steps: inout Steps<BasketWorld>) {
        steps.given("a step passes") { _ in Journal.shared.record("passes") }
        steps.given("a step fails") { _ in
            Journal.shared.record("fails"); throw BoomError()
        }
        steps.given("a step is pending") { _ in try pending() }
        steps.given("a step is pending because {string}") { (_, why: String) in try pending(why) }
        steps.given("a step skips") { _ in try skip() }
        steps.given("the basket has {int} item(s)") { (world, count: Int) in world.count = count }
        steps.then("the basket holds {int} item(s)") { (world, count: Int) in try expect(world.count, equals: count) }
        steps.when("I add {string}") { (world, item: String) in
            world.items.append(item); world.count += 1
        }
        steps.given("the prices:") { (world, table: DataTable) in
            Journal.shared.record("table " + table.hashes().map { "\($0["item"]!)=\($0["price"]!)" }.joined(separator: ","))
        }
        steps.given("the note:") { (world, note: DocString) in Journal.shared.record("note \(note.content) \(note.mediaType ?? "-")") }
        steps.given("the flag is {word}") { (world, flag: Bool) in Journal.shared.record("flag \(flag)") }
        steps.given("{int} is written down as a word") { (world, text: Bool) in }
        steps.given("a number {float}") { (world, value: Double) in Journal.shared.record("float \(value)") }
        steps.given("a count without a closure parameter {int}") { world in }
        steps.given(regex: #"^(\d+) seconds? pass(?:es)?$"#) { (world, seconds: Int) in Journal.shared.record("seconds \(seconds)") }
        steps.given("the status is {status}") { (world, status: LightStatus) in Journal.shared.record("status \(status)") }
        steps.parameterType(name: "status", regex: "green|red") { (text: String) in LightStatus(rawValue: text)! }
        steps.given("a world counter is bumped") { world in
            world.count += 1; Journal.shared.record("count \(world.count)")
        }
        steps.when("the text {string} is attached") { (_, text: String) in attach(text, mediaType: "text/plain") }
        steps.when("{int} bytes are attached as {string}") { (_, count: Int, name: String) in
            attach(Data((0..<count).map { UInt8($0) }), mediaType: "application/octet-stream", fileName: name)
        }
        steps.when("the line {string} is logged") { (_, text: String) in log(text) }
    }
}

enum LightStatus: String { case green, red }

/// A second library whose pattern overlaps BasketSteps' "a step passes".
enum OverlappingSteps: StepLibrary {
    static func register(_ steps: inout Steps<BasketWorld>) {
        steps.given("a step {word}") { (_, what: String) in }
    }
}

final class OtherWorld: World {
    static let made = Counter()
    required init() { OtherWorld.made.increment() }
}

/// Steps bound only in scenarios tagged @other.
enum ScopedOtherSteps: StepLibrary {
    static let scope: String? = "@other"
    static func register(_ steps: inout Steps<OtherWorld>) {
        steps.given("another world is used") { _ in Journal.shared.record("other") }
        steps.before { _ in Journal.shared.record("other before") }
        steps.beforeAll { Journal.shared.record("other beforeAll") }
    }
}
