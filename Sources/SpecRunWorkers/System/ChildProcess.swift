import Foundation
import SharedState

/// A short command run to its end, its output read (`git` for `--changed-since` and `watch`, `swift build` for
/// `watch`): the OS side of starting a tool that is not a worker.
package enum ChildProcess {
    package struct Output: Sendable, Equatable {
        package var status: Int32
        package var output: String
        package var error: String

        package init(status: Int32, output: String, error: String) {
            self.status = status
            self.output = output
            self.error = error
        }
    }

    /// Runs `arguments` (the first one looked up in `PATH`) in `folder` and waits for it; nil when it cannot be
    /// started (not installed). Standard input is /dev/null. `child`: told of it while it runs (to pass it signals).
    package static func run(_ arguments: [String], in folder: String? = nil, child: RunningChild? = nil) -> Output? {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = arguments
        if let folder { process.currentDirectoryURL = URL(fileURLWithPath: folder) }
        let output = Pipe()
        let error = Pipe()
        process.standardOutput = output
        process.standardError = error
        process.standardInput = FileHandle.nullDevice
        guard startWithSignalsUnblocked(process) else { return nil }
        child?.started(process.processIdentifier)
        defer { child?.ended() }
        // Both read at once: a tool that fills one pipe while the other is read would wait forever.
        let errorText = Locked<Data>(Data())
        let errorRead = DispatchSemaphore(value: 0)
        Thread.detachNewThread {
            let data = error.fileHandleForReading.readDataToEndOfFile()
            errorText.withLock { $0 = data }
            errorRead.signal()
        }
        let outputData = output.fileHandleForReading.readDataToEndOfFile()
        errorRead.wait()
        process.waitUntilExit()
        return Output(
            status: process.terminationStatus, output: String(decoding: outputData, as: UTF8.self),
            error: String(decoding: errorText.value, as: UTF8.self))
    }

    /// Starts the process with no signal blocked. A child inherits the mask of the thread that starts it, and the
    /// threads of Swift's concurrency pool (libdispatch's) block the signals that end runs: a `swift build` started
    /// from one (as `watch` starts it) would hold back the SIGINT or SIGTERM its `RunningChild` passes on, and never
    /// end on it.
    private static func startWithSignalsUnblocked(_ process: Process) -> Bool {
        var none = sigset_t()
        var before = sigset_t()
        sigemptyset(&none)
        pthread_sigmask(SIG_SETMASK, &none, &before)
        defer { pthread_sigmask(SIG_SETMASK, &before, nil) }
        do { try process.run() } catch { return false }
        return true
    }

    /// Runs `arguments` (the first one looked up in `PATH`) with this process's standard output and error, and
    /// waits for it: its exit status, 128 + the signal when one ended it (nil when it cannot be started).
    /// `child`: told of it while it runs (to pass it signals).
    package static func runShowingOutput(_ arguments: [String], in folder: String? = nil, child: RunningChild? = nil) -> Int32? {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = arguments
        if let folder { process.currentDirectoryURL = URL(fileURLWithPath: folder) }
        process.standardInput = FileHandle.nullDevice
        guard startWithSignalsUnblocked(process) else { return nil }
        child?.started(process.processIdentifier)
        process.waitUntilExit()
        child?.ended()
        return process.terminationReason == .uncaughtSignal ? 128 + process.terminationStatus : process.terminationStatus
    }
}
