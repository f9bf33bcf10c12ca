import Foundation
// runner-bench: the runner's own overhead on a generated corpus with trivial step definitions.
//
//     swift run -c release runner-bench [CORPUS_DIR] [--repeat N] [--ndjson]
//
// CORPUS_DIR is the output of ../shared/bench/gen_corpus.py (default: generates c10k —
// 200 features × 50 scenarios × 6 steps — into a temporary folder). Prints steps/s and scenarios/s of
// the whole run (discovery, parsing, pickles, matching, execution, envelopes); `--ndjson` also encodes
// every envelope as NDJSON, as `--format message` would.
import Messages

#if canImport(SpecRun)
import SpecRun
#else
import SpecRunCore
#endif

final class CartWorld: World {
    var store = ""
    var user = ""
    var items = 0
    var note = ""
    required init() {}
}

enum CartSteps: StepLibrary {
    static func register(_ steps: inout Steps<CartWorld>) {
        steps.given("the store {string} is open") { (world, name: String) in
            world.store = name; world.items = 0
        }
        steps.given("the user {string} has {int} items") { (world, name: String, n: Int) in
            world.user = name; world.items = n
        }
        steps.given("the user {string} has these items:") { (world, name: String, table: SpecRunCore.DataTable) in
            world.user = name
            world.items = table.hashes().reduce(0) { $0 + (Int($1["qty"] ?? "") ?? 0) }
        }
        steps.when("they add {int} items") { (world, n: Int) in world.items += n }
        steps.when("they remove {int} items") { (world, n: Int) in world.items -= n }
        steps.when("they double the items") { world in world.items *= 2 }
        steps.when("they write the note:") { (world, note: SpecRunCore.DocString) in world.note = note.content }
        steps.then("the note mentions {string}") { (world, word: String) in try expect(world.note.contains(word), "note mentions \(word)") }
        steps.then("the cart total is {int}") { (world, n: Int) in try expect(world.items, equals: n) }
        steps.then("the user is {string}") { (world, name: String) in try expect(world.user, equals: name) }
    }
}

struct Options {
    var corpus: String?
    var repeats = 3
    var ndjson = false

    init(_ arguments: [String]) {
        var rest = arguments[...]
        while let argument = rest.popFirst() {
            switch argument {
            case "--repeat": repeats = Int(rest.popFirst() ?? "") ?? repeats
            case "--ndjson": ndjson = true
            default: corpus = argument
            }
        }
    }
}

func generateCorpus() -> String? {
    let script = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("shared/bench/gen_corpus.py").path
    guard FileManager.default.fileExists(atPath: script) else { return nil }
    let out = NSTemporaryDirectory() + "runner-bench-c10k"
    if FileManager.default.fileExists(atPath: out + "/manifest.json") { return out }  // same arguments → same bytes
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = ["python3", script, out, "--features", "200", "--scenarios", "50", "--steps", "6", "--force"]
    process.standardOutput = FileHandle.nullDevice
    guard (try? process.run()) != nil else { return nil }
    process.waitUntilExit()
    return process.terminationStatus == 0 ? out : nil
}

final class CountingSink {
    var envelopes = 0
    var bytes = 0
    let encode: Bool
    init(encode: Bool) { self.encode = encode }
    func handle(_ envelope: Envelope) {
        envelopes += 1
        if encode, let line = try? NDJSON.encode(envelope) { bytes += line.utf8.count + 1 }
    }
}

let options = Options(Array(CommandLine.arguments.dropFirst()))
guard let corpus = options.corpus ?? generateCorpus() else {
    FileHandle.standardError.write(Data("runner-bench: give a corpus folder (made by ../shared/bench/gen_corpus.py)\n".utf8))
    exit(2)
}
let features = corpus.hasSuffix("/features") ? corpus : corpus + "/features"
print("runner-bench: corpus \(features)\(options.ndjson ? " (with NDJSON encoding)" : "")")

var best = Double.infinity
var last = RunSummary()
for round in 1...max(1, options.repeats) {
    let runner = SpecRunner(
        libraries: [CartSteps.self],
        configuration: RunConfiguration(paths: [features], strict: true),
        ids: IncrementingIdGenerator(), environment: [:])
    let sink = CountingSink(encode: options.ndjson)
    let start = Date()
    do {
        last = try await runner.run(emit: sink.handle)
    } catch {
        FileHandle.standardError.write(Data("runner-bench: \(error)\n".utf8))
        exit(2)
    }
    let seconds = Date().timeIntervalSince(start)
    best = min(best, seconds)
    print(
        String(
            format: "round %d: %.3f s, %d envelopes%@", round, seconds, sink.envelopes,
            options.ndjson ? String(format: ", %.1f MB NDJSON", Double(sink.bytes) / 1e6) : ""))
}
let steps = last.steps.total
let scenarios = last.scenarios.total
print("scenarios: \(scenarios) (\(last.scenarios)), steps: \(steps) (\(last.steps))")
print(
    String(
        format: "best of %d: %.3f s → %.0f steps/s, %.0f scenarios/s (%.1f µs per step, whole run)",
        options.repeats, best, Double(steps) / best, Double(scenarios) / best, best / Double(max(steps, 1)) * 1e6))
if !last.success { print("runner-bench: WARNING, the corpus did not pass"); exit(1) }
