import Foundation
import SpecRun

// A step library whose steps crash the process, hang or exit, for the end-to-end tests of process isolation,
// parallel workers and timeouts (Tests/SpecRunTests/*EndToEndTests.swift). Not part of specrun itself.

final class CrashWorld: World {
    var missing: Int?
    required init() {}
}

enum CrashSteps: StepLibrary {
    static func register(_ steps: inout Steps<CrashWorld>) {
        steps.given("a passing step") { _ in }
        if ProcessInfo.processInfo.environment["SPECRUN_FIXTURE_BEFORE_ALL"] != nil {
            // Every worker runs it: one started after a crash too (HostileStepsEndToEndTests).
            steps.beforeAll(name: "the fixture's BeforeAll") {}
        }
        steps.given("a failing step") { _ in throw fail("it broke") }
        steps.when("a step force-unwraps nil") { world in _ = world.missing! + 1 }
        steps.when("a step calls fatalError") { _ in fatalError("the fixture gives up") }
        steps.when("a slow step") { _ in try await Task.sleep(nanoseconds: 5_000_000_000) }
        steps.when("a step sleeps {int} ms") { (_: CrashWorld, ms: Int) in usleep(useconds_t(ms) * 1000) }
        steps.when("a step loops forever") { _ in
            // Never ends in a release build either: the optimiser removes a loop that does nothing it can see
            // (one that ends when its counter wraps, or one that never ends); this one could print, once in 2^32.
            var spins: UInt64 = 0
            while true {
                spins &+= 1
                if spins & 0xFFFF_FFFF == 0 { print("", terminator: "") }
            }
        }
        steps.when("a step awaits forever") { _ in
            await withCheckedContinuation { (_: CheckedContinuation<Void, Never>) in }
        }
        steps.when("a step calls exit {int}") { (_: CrashWorld, code: Int) in exit(Int32(code)) }
        steps.when("a step recurses without end") { _ in _ = recurse(1) }
        steps.when("a step prints an envelope-shaped line") { _ in
            print(#"{"testRunFinished":{"success":true,"timestamp":{"seconds":0,"nanos":0}}}"#)
        }
        steps.when("a step fails with a message of {int} KiB") { (_: CrashWorld, size: Int) in
            throw fail(String(repeating: "x", count: size * 1024))
        }
        steps.when("a step allocates memory without end") { _ in
            // Never touched, so only the limit is reached, not the machine's memory.
            while true { hoard.append(Array(unsafeUninitializedCapacity: 16 << 20) { _, count in count = 16 << 20 }) }
        }
        steps.when("a step starts a process that outlives it, its pid in {string}") { (_: CrashWorld, path: String) in
            let child = Process()
            child.executableURL = URL(fileURLWithPath: "/bin/sh")
            child.arguments = ["-c", "echo $$ > '\(path).tmp' && mv '\(path).tmp' '\(path)' && exec sleep 300"]
            try child.run()  // stdout and stderr inherited: it holds the worker's pipes
            for _ in 0..<1000 where !FileManager.default.fileExists(atPath: path) { usleep(10_000) }  // up to 10 s on a busy machine
        }
        steps.when("a step says how its worker started") { _ in
            // An exec'd worker has `--worker` in its arguments; the first one, forked before `main`, the supervisor's.
            print(CommandLine.arguments.contains("--worker") ? "worker: exec'd" : "worker: forked")
        }
        steps.when("a step attaches {int} MB") { (_: CrashWorld, megabytes: Int) in
            attach(Data(repeating: 0x5A, count: megabytes << 20), mediaType: "application/octet-stream", fileName: "big.bin")
        }
    }
}

nonisolated(unsafe) var hoard: [[UInt8]] = []

@inline(never) func recurse(_ depth: Int) -> Int { depth == Int.max ? depth : recurse(depth + 1) + 1 }

await SpecRunCLI.main(libraries: [CrashSteps.self])
