import Foundation
import SharedTestData

/// The generator of the property test (ReportsAgreePropertyTests): small random suites for
/// `specrun-report-fixture` — scenarios whose steps pass, fail, are pending or undefined, crash their process,
/// exit or hang past `--timeout`, BeforeAll/AfterAll hooks that fail — and random option sets. Deterministic
/// from its seed (SplitMix64), so a failing case is replayed by its seed alone.
struct RandomSuite: CustomStringConvertible {
    /// File name → Gherkin text.
    let files: [String: String]
    /// `SPECRUN_REPORT_FIXTURE_HOOKS`.
    let hooks: String
    /// The options of the run compared with a clean serial run.
    let options: [String]
    /// Whether a step crashes, exits or hangs (such a suite cannot run in-process: no `--no-isolation`).
    let hostile: Bool
    let seed: UInt64

    var description: String {
        "seed \(seed): options \(options.joined(separator: " ")); hooks '\(hooks)'\n"
            + files.sorted { $0.key < $1.key }.map { "--- \($0.key)\n\($0.value)" }.joined()
    }

    static func make(seed: UInt64) -> RandomSuite {
        var random = SplitMix64(seed: seed)
        var hostile = false
        var step = 0
        var files: [String: String] = [:]
        for file in 1...random.int(1...2) {
            var text = "Feature: feature \(file)\n"
            for scenario in 1...random.int(2...5) {
                text += "\n  Scenario: scenario \(file).\(scenario)\n"
                for _ in 1...random.int(1...3) {
                    step += 1
                    let outcome = random.pick(weighted: [
                        ("passes", 10), ("fails", 3), ("is pending", 1), ("is undefined here", 1),
                        ("crashes", 1), ("exits", 1), ("hangs", 1),
                    ])
                    if ["crashes", "exits", "hangs"].contains(outcome) { hostile = true }
                    text += "    \(step == 1 ? "Given" : "And") step \(step) \(outcome)\n"
                }
            }
            files["f\(file).feature"] = text
        }
        var hooks: [String] = []
        if random.int(0...2) == 0 { hooks.append("before-pass") }
        if random.int(0...9) == 0 { hooks.append("before-fail") }
        if random.int(0...7) == 0 { hooks.append("after-fail") }
        var options: [String] = []
        if random.bool() { options.append("--predictable-ids") }
        if random.bool() { options += ["-j", String(random.int(2...3))] }
        if random.int(0...2) == 0 { options += ["--retry", "1"] }
        if random.bool() { options += ["--order", "random:\(random.int(1...9999))"] }
        if random.int(0...3) == 0 {
            let count = random.int(2...3)
            options += ["--shard", "\(random.int(1...count))/\(count)"]
        }
        if !hostile, random.int(0...3) == 0, !options.contains("-j") { options.append("--no-isolation") }
        return RandomSuite(files: files, hooks: hooks.joined(separator: ","), options: options, hostile: hostile, seed: seed)
    }
}

/// The suite generator's draws, on the one seeded generator of the test targets.
extension SplitMix64 {
    mutating func int(_ range: ClosedRange<Int>) -> Int {
        range.lowerBound + Int(next() % UInt64(range.count))
    }

    mutating func bool() -> Bool { next() & 1 == 0 }

    mutating func pick(weighted choices: [(String, Int)]) -> String {
        var roll = int(0...(choices.map(\.1).reduce(0, +) - 1))
        for (choice, weight) in choices {
            if roll < weight { return choice }
            roll -= weight
        }
        return choices[0].0
    }
}
