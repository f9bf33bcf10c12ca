import Foundation
import SpecRun

// A step library whose steps crash the process, hang or exit, for the end-to-end tests of process isolation,
// parallel workers and timeouts (Tests/SpecRunTests/*EndToEndTests.swift). Not part of specrun itself.

final class CrashWorld: World {
    var missing: Int?
    required init() {
        // A World whose making never ends (HostileTimeEndToEndTests): the supervisor's deadline covers it too.
        if getenv("SPECRUN_FIXTURE_WORLD_INIT_HANGS") != nil { while true { sleep(1) } }
    }
    /// Set by a step: the World ends the process when it is released (HostileSignalsEndToEndTests).
    var exitsWhenReleased = false
    deinit { if exitsWhenReleased { exit(0) } }
}

enum CrashSteps: StepLibrary {
    static func register(_ steps: inout Steps<CrashWorld>) {
        steps.given("a passing step") { _ in }
        if ProcessInfo.processInfo.environment["SPECRUN_FIXTURE_BEFORE_ALL"] != nil {
            // Every worker runs it: one started after a crash too (HostileStepsEndToEndTests).
            steps.beforeAll(name: "the fixture's BeforeAll") {}
        }
        let environment = ProcessInfo.processInfo.environment
        if environment["SPECRUN_FIXTURE_BEFORE_ALL_HANGS"] != nil {
            steps.beforeAll(name: "a BeforeAll that never ends") { while true { sleep(1) } }
        }
        if environment["SPECRUN_FIXTURE_BEFORE_ALL_ATTACHES_LATE"] != nil {
            steps.beforeAll(name: "a BeforeAll leaving a Task that attaches") {
                Task {
                    try? await Task.sleep(for: .milliseconds(100))
                    attach("late", mediaType: "text/x.cucumber.log+plain")
                }
            }
        }
        if let log = environment["SPECRUN_FIXTURE_FEATURE_HOOKS_LOG"] {
            // Each BeforeFeature/AfterFeature run, a line each, appended to the file (FeatureHooksEndToEndTests).
            let note: @Sendable (String) -> Void = { line in
                let handle =
                    FileHandle(forWritingAtPath: log)
                    ?? {
                        _ = FileManager.default.createFile(atPath: log, contents: nil)
                        return FileHandle(forWritingAtPath: log)!
                    }()
                handle.seekToEndOfFile()
                handle.write(Data((line + "\n").utf8))
                try? handle.close()
            }
            steps.beforeFeature(name: "log") { feature in note("before \(URL(fileURLWithPath: feature.uri).lastPathComponent)") }
            steps.afterFeature(name: "log") { feature in note("after \(URL(fileURLWithPath: feature.uri).lastPathComponent)") }
        }
        if environment["SPECRUN_FIXTURE_BEFORE_FEATURE_HANGS"] != nil {
            steps.beforeFeature(name: "a BeforeFeature that never ends") { _ in while true { sleep(1) } }
        }
        if environment["SPECRUN_FIXTURE_AFTER_FEATURE_CRASHES"] != nil {
            steps.afterFeature(name: "an AfterFeature that crashes") { _ in fatalError("the AfterFeature hook broke") }
        }
        if environment["SPECRUN_FIXTURE_AFTER_ALL_HANGS"] != nil {
            steps.afterAll(name: "an AfterAll that never ends") { while true { sleep(1) } }
        }
        if environment["SPECRUN_FIXTURE_PASSING_HOOKS"] != nil {
            // Hook steps that pass, beside the scenarios' own (PassedStepsEndToEndTests).
            steps.before(name: "a passing Before hook") { _ in }
            steps.after(name: "a passing After hook") { _ in }
        }
        if environment["SPECRUN_FIXTURE_BEFORE_HANGS"] != nil {
            steps.before(name: "a Before hook that never ends") { _ in while true { sleep(1) } }
        }
        steps.given("a failing step") { _ in throw fail("it broke") }
        steps.when("a step force-unwraps nil") { world in _ = world.missing! + 1 }
        steps.when("a step calls fatalError") { _ in fatalError("the fixture gives up") }
        steps.when("a slow step") { _ in try await Task.sleep(nanoseconds: 5_000_000_000) }
        steps.when("a step sleeps {int} ms") { (_: CrashWorld, ms: Int) in usleep(useconds_t(ms) * 1000) }
        steps.when("a step fails unless {string} exists") { (_: CrashWorld, path: String) in
            guard FileManager.default.fileExists(atPath: path) else { throw fail("\(path) is not there yet") }
        }
        steps.when("a step with a 1 s limit sleeps {int} ms", timeout: .seconds(1)) { (_: CrashWorld, ms: Int) in
            usleep(useconds_t(ms) * 1000)
        }
        steps.when("a step with a 100 ms limit sleeps {int} ms", timeout: .milliseconds(100)) { (_: CrashWorld, ms: Int) in
            usleep(useconds_t(ms) * 1000)
        }
        steps.when("a step with a 5 s limit sleeps {int} ms", timeout: .seconds(5)) { (_: CrashWorld, ms: Int) in
            usleep(useconds_t(ms) * 1000)
        }
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
        steps.when("a step leaves a Task that attaches after {int} ms") { (_: CrashWorld, ms: Int) in
            Task {
                try? await Task.sleep(for: .milliseconds(ms))
                attach("late", mediaType: "text/plain")
                attach("later", mediaType: "text/plain")
            }
        }
        steps.when("a step starts a Thread and a detached Task that attach after {int} ms") { (_: CrashWorld, ms: Int) in
            Thread.detachNewThread {
                usleep(useconds_t(ms) * 1000)
                attach("from a thread", mediaType: "text/plain")
            }
            Task.detached {
                try? await Task.sleep(for: .milliseconds(ms + 20))
                attach("from a detached task", mediaType: "text/plain")
            }
        }
        steps.when("a step leaves a Thread that traps after {int} ms") { (_: CrashWorld, ms: Int) in
            Thread.detachNewThread {
                usleep(useconds_t(ms) * 1000)
                fatalError("the thread left running gives up")
            }
        }
        steps.when("a step leaves a detached Task that traps after {int} ms") { (_: CrashWorld, ms: Int) in
            Task.detached {
                try? await Task.sleep(for: .milliseconds(ms))
                fatalError("the task left running gives up")
            }
        }
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
        steps.when("a step starts a daemon without its environment, its pid in {string}") { (_: CrashWorld, path: String) in
            // Forked twice (the shell backgrounds it and ends), a session of its own, an empty environment: neither
            // the worker's process group nor its token finds it — only its place in the worker's tree.
            // (`\$\$`: the daemon's own pid, not the outer shell's. Not waited for: Foundation's `Process` waits for
            // every holder of a descriptor it gave the shell, and the daemon keeps one.)
            let daemon = "echo \\$\\$ > '\(path).tmp' && mv '\(path).tmp' '\(path)' && exec sleep 300"
            let child = Process()
            child.executableURL = URL(fileURLWithPath: "/bin/sh")
            child.arguments = ["-c", "env -i setsid /bin/sh -c \"\(daemon)\" </dev/null >/dev/null 2>&1 &"]
            try child.run()
            for _ in 0..<1000 where !FileManager.default.fileExists(atPath: path) { usleep(10_000) }
        }
        steps.when("a step starts a tree of processes, their pids in {string}, and hangs") { (_: CrashWorld, path: String) in
            // Five processes: two children of a shell, a daemon in a session of its own without an environment, and
            // its child; each writes its pid, then sleeps. The step then runs until the watchdog ends it.
            let script = """
                F="$1"
                leaf() { sh -c 'echo $$ >> "$0"; exec sleep 300' "$F"; }
                leaf & leaf &
                env -i setsid sh -c 'sh -c "echo \\$\\$ >> \\"\\$0\\"; exec sleep 300" "$0" & echo $$ >> "$0"; exec sleep 300' "$F" &
                echo $$ >> "$F"
                wait
                """
            try script.write(toFile: path + ".sh", atomically: true, encoding: .utf8)
            let child = Process()
            child.executableURL = URL(fileURLWithPath: "/bin/sh")
            child.arguments = [path + ".sh", path]
            try child.run()
            for _ in 0..<1000 {
                if let text = try? String(contentsOfFile: path, encoding: .utf8), text.split(separator: "\n").count >= 5 { break }
                usleep(10_000)
            }
            while true { sleep(1) }
        }
        steps.when("a step forks a child that calls exit") { _ in
            // The child has the worker's atexit handlers and a copy of its message buffer.
            let pid = fork()
            if pid == 0 { exit(0) }
            var status: Int32 = 0
            waitpid(pid, &status, 0)
        }
        steps.when("a step says how its worker started") { _ in
            // An exec'd worker has `--worker` in its arguments; the first one, forked before `main`, the supervisor's.
            print(CommandLine.arguments.contains("--worker") ? "worker: exec'd" : "worker: forked")
        }
        hostile(&steps)
        leftRunning(&steps)
        steps.when("a step attaches {int} MB") { (_: CrashWorld, megabytes: Int) in
            attach(Data(repeating: 0x5A, count: megabytes << 20), mediaType: "application/octet-stream", fileName: "big.bin")
        }
    }
}

extension CrashSteps {
    /// Steps that go for the worker's own process and descriptors (HostileChannelEndToEndTests, the run-side sweep).
    static func hostile(_ steps: inout Steps<CrashWorld>) {
        steps.when("a step reads a line of stdin") { _ in
            // A worker's instructions once came on stdin: this ate the next one.
            if let line = readLine() { print("the step read: \(line)") } else { print("the step read: nothing") }
        }
        steps.when("a step reads stdin to the end") { _ in
            var count = 0
            while readLine() != nil { count += 1 }
            print("the step read \(count) line(s)")
        }
        steps.when("a step stops its own process") { _ in _ = raise(SIGSTOP) }
        steps.when("a step sends SIGSTOP to its own process") { _ in
            // Sent to the process, the signal may be taken by another thread: this one runs on a moment. It waits
            // here, so that the process stops inside this step (not in the next scenario).
            _ = kill(getpid(), SIGSTOP)
            usleep(500_000)
        }
        steps.when("a step ignores SIGTERM and SIGINT and hangs") { _ in
            signal(SIGTERM, SIG_IGN)
            signal(SIGINT, SIG_IGN)
            while true { sleep(1) }
        }
        steps.when("a step closes every descriptor above 2") { _ in
            for fd in Int32(3)..<Int32(65_536) { close(fd) }
        }
        steps.when("a step closes every descriptor above 2 and sleeps {int} ms") { (_: CrashWorld, ms: Int) in
            for fd in Int32(3)..<Int32(65_536) { close(fd) }
            usleep(useconds_t(ms) * 1000)
        }
        steps.when("a step writes garbage to every descriptor") { _ in
            let garbage = Array("not an envelope\n{\"testRunFinished\":{}}\n!Z garbage\n".utf8)
            for fd in Int32(3)..<Int32(4096) { _ = garbage.withUnsafeBytes { write(fd, $0.baseAddress, $0.count) } }
        }
        steps.when("a step forks a child that writes to every descriptor") { _ in
            let garbage = Array("{\"specrunWorker\":{\"kind\":\"ready\"}}\nnoise\n".utf8)
            // (System calls only in the child: a lock another thread held at the fork stays held in it.)
            let pid = garbage.withUnsafeBufferPointer { bytes in
                let base = bytes.baseAddress!
                let count = bytes.count
                let pid = fork()
                if pid == 0 { writeToEveryDescriptorThenExit(from: 0, base, count) }
                return pid
            }
            var status: Int32 = 0
            waitpid(pid, &status, 0)
        }
        steps.when("a step forks a child that goes on after {int} ms") { (_: CrashWorld, ms: Int) in
            // fork() without exec: the child, a copy of the worker with only this thread, returns from the step
            // and goes on running the worker's code (HostileForkEndToEndTests).
            if fork() == 0 { usleep(useconds_t(ms) * 1000) }
        }
        steps.when("a step forks a child that writes a stray line after {int} ms") { (_: CrashWorld, ms: Int) in
            // The line a worker writes when a test case ends, to every descriptor, from a copy forked with the raw
            // system call (no pthread_atfork handler runs in it).
            // The child makes system calls only: forked from a process with other threads, it has no other, and a lock
            // one of them held (malloc's, the Swift runtime's) stays held in it. Anything that allocates — a generic
            // closure's metadata, a range's iterator in a debug build — could wait for it forever, holding the run's
            // stdout and stderr open (a CI run hung on it).
            let line = Array("!E 0 0 0\n".utf8)
            let pause = useconds_t(ms) * 1000
            typealias Syscall = @convention(c) (Int) -> Int
            let syscall = unsafeBitCast(dlsym(nil, "syscall"), to: Syscall.self)  // RTLD_DEFAULT
            line.withUnsafeBufferPointer { bytes in
                let base = bytes.baseAddress!
                let count = bytes.count
                let pid = Int32(truncatingIfNeeded: syscall(57))  // SYS_fork (x86_64)
                if pid == 0 {
                    usleep(pause)
                    writeToEveryDescriptorThenExit(from: 3, base, count)
                }
            }
        }
        steps.when("a step starts a shell that writes to its stdout and stderr") { _ in
            let child = Process()
            child.executableURL = URL(fileURLWithPath: "/bin/sh")
            child.arguments = ["-c", "echo '{\"testRunFinished\":{\"success\":true}}'; echo child-stderr >&2; read x; echo read:$x"]
            try child.run()
            child.waitUntilExit()
        }
        steps.when("a step starts a setsid child that sleeps {int} s") { (_: CrashWorld, seconds: Int) in
            let child = Process()
            child.executableURL = URL(fileURLWithPath: "/usr/bin/setsid")
            child.arguments = ["sleep", String(seconds)]
            try child.run()
        }
        steps.when("a step execs another program") { _ in
            let arguments: [UnsafeMutablePointer<CChar>?] = [strdup("/bin/true"), nil]
            execv("/bin/true", arguments)
        }
        steps.when("a step writes {int} MB to stderr") { (_: CrashWorld, megabytes: Int) in
            let line = Array(repeating: UInt8(ascii: "e"), count: 1023) + [0x0A]
            for _ in 0..<(megabytes * 1024) { _ = line.withUnsafeBytes { write(2, $0.baseAddress, $0.count) } }
        }
        steps.when("a step writes to a closed pipe") { _ in
            var fds: [Int32] = [0, 0]
            _ = pipe(&fds)
            close(fds[0])
            _ = write(fds[1], "x", 1)
            close(fds[1])
        }
        steps.when("a step lowers its open-file limit to {int}") { (_: CrashWorld, count: Int) in
            var limit = rlimit(rlim_cur: rlim_t(count), rlim_max: rlim_t(count))
            _ = setrlimit(__rlimit_resource_t(RLIMIT_NOFILE.rawValue), &limit)
        }
        steps.when("a step lowers its CPU time limit to {int} s and spins") { (_: CrashWorld, seconds: Int) in
            var limit = rlimit(rlim_cur: rlim_t(seconds), rlim_max: rlim_t(seconds + 1))
            _ = setrlimit(__rlimit_resource_t(RLIMIT_CPU.rawValue), &limit)
            var spins: UInt64 = 0
            while true { spins &+= 1; if spins & 0xFFFF_FFFF == 0 { print("", terminator: "") } }
        }
        steps.when("a step sleeps {int} ms and logs {string}") { (_: CrashWorld, ms: Int, name: String) in
            // For tools/sigkill-bound: when each scenario's step ended, by the wall clock, in SPECRUN_FIXTURE_LOG.
            usleep(useconds_t(ms) * 1000)
            guard let path = getenv("SPECRUN_FIXTURE_LOG").map({ String(cString: $0) }) else { return }
            let fd = open(path, O_WRONLY | O_APPEND | O_CREAT, 0o644)
            let line = Array("\(name) \(Date().timeIntervalSince1970)\n".utf8)
            _ = line.withUnsafeBytes { write(fd, $0.baseAddress, $0.count) }
            close(fd)
        }
        steps.when("a step kills its own process group") { _ in _ = kill(0, SIGKILL) }
        steps.when("a step sends SIGTERM to its own process") { _ in _ = kill(getpid(), SIGTERM) }
        steps.when("a step sets its process's umask to 777") { _ in _ = umask(0o777) }
        steps.when("a step makes its World end the process when it is released") { world in world.exitsWhenReleased = true }
        steps.when("a step sends its own process signal {int}") { (_: CrashWorld, signalNumber: Int) in
            _ = kill(getpid(), Int32(signalNumber))
            usleep(200_000)  // the signal may be taken by another thread: give it time to end the process
        }
        steps.when("a step raises signal {int}") { (_: CrashWorld, signalNumber: Int) in
            // On the step's own thread (raise), where a thread of the concurrency pool keeps it pending.
            _ = raise(Int32(signalNumber))
        }
        steps.when("a step writes past its file size limit") { _ in
            // The kernel sends SIGXFSZ to the writing thread itself (no `raise`): it stays pending on a pool thread.
            #if os(Linux)
            let resource = __rlimit_resource_t(RLIMIT_FSIZE.rawValue)
            #else
            let resource = RLIMIT_FSIZE
            #endif
            var limit = rlimit()
            getrlimit(resource, &limit)
            var small = limit
            small.rlim_cur = 0
            setrlimit(resource, &small)
            let path = NSTemporaryDirectory() + "/specrun-fsize-\(getpid())"
            let fd = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
            _ = write(fd, "too long", 8)
            close(fd)
            unlink(path)
            setrlimit(resource, &limit)
        }
        steps.when("a step sends SIGINT to its parent") { _ in _ = kill(getppid(), SIGINT) }
        steps.when("a step changes its folder to the root") { _ in _ = chdir("/") }
        steps.when("a step closes stdout and stderr") { _ in
            close(1); close(2)
        }
        steps.when("a step blocks every signal and hangs") { _ in
            var all = sigset_t()
            sigfillset(&all)
            pthread_sigmask(SIG_BLOCK, &all, nil)
            while true { sleep(1) }
        }
    }
}

extension CrashSteps {
    /// Work a step leaves running, which ends the process later: while another scenario runs (CulpritEndToEndTests).
    static func leftRunning(_ steps: inout Steps<CrashWorld>) {
        steps.when("a step leaves a Thread which {word} after {int} ms") { (_: CrashWorld, what: String, ms: Int) in
            Thread.detachNewThread {
                usleep(useconds_t(ms) * 1000)
                endTheProcess(what)
            }
        }
        steps.when("a step leaves a detached Task which {word} after {int} ms") { (_: CrashWorld, what: String, ms: Int) in
            Task.detached {
                try? await Task.sleep(for: .milliseconds(ms))
                endTheProcess(what)
            }
        }
        steps.when("a step leaves a Task which {word} after {int} ms") { (_: CrashWorld, what: String, ms: Int) in
            Task {
                try? await Task.sleep(for: .milliseconds(ms))
                endTheProcess(what)
            }
        }
        steps.when("a step leaves {int} detached Tasks that spin") { (_: CrashWorld, count: Int) in
            for _ in 0..<count {
                Task.detached {
                    var spins: UInt64 = 0
                    while true {
                        spins &+= 1
                        if spins & 0xFFFF_FFFF == 0 { print("", terminator: "") }
                    }
                }
            }
        }
        steps.when("a step awaits {int} ms") { (_: CrashWorld, ms: Int) in try await Task.sleep(for: .milliseconds(ms)) }
        steps.when("a step leaves a Thread and a detached Task that sleep {int} ms") { (_: CrashWorld, ms: Int) in
            Thread.detachNewThread { usleep(useconds_t(ms) * 1000) }
            Task.detached { try? await Task.sleep(for: .milliseconds(ms)) }
        }
        steps.when("a step {word} itself") { (_: CrashWorld, what: String) in endTheProcess(what) }
        steps.when("a step {word} in a Thread it waits for") { (_: CrashWorld, what: String) in
            let done = DispatchSemaphore(value: 0)
            Thread.detachNewThread {
                endTheProcess(what); done.signal()
            }
            done.wait()
        }
        steps.when("a step {word} in a detached Task it waits for") { (_: CrashWorld, what: String) in
            await Task.detached { endTheProcess(what) }.value
        }
    }
}

/// exits (exit 3), faults (SIGSEGV), overflows (an index out of range: the runtime's line names the standard library).
func endTheProcess(_ what: String) {
    switch what {
    case "exits": exit(3)
    case "faults": UnsafeMutablePointer<Int>(bitPattern: 8 * Int(getpid() % 1 + 1))!.pointee = 1
    default: _ = shortList[shortList.count + Int(getpid() % 1)]
    }
}

nonisolated(unsafe) var shortList = [1, 2]

nonisolated(unsafe) var hoard: [[UInt8]] = []

@inline(never) func recurse(_ depth: Int) -> Int { depth == Int.max ? depth : recurse(depth + 1) + 1 }

await SpecRunCLI.main(libraries: [CrashSteps.self])

/// In a forked child: `count` bytes at `base` written to every descriptor from `first` up, then `_exit(0)`. System
/// calls only (no allocation, no generic code): a lock another thread held at the fork stays held in the child.
private func writeToEveryDescriptorThenExit(from first: Int32, _ base: UnsafePointer<UInt8>, _ count: Int) -> Never {
    var fd = first
    while fd < 4096 {
        _ = write(fd, base, count)
        fd += 1
    }
    _exit(0)
}
