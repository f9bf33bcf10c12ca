import Foundation
import SharedState
import SpecRunCore
import SpecRunSystem

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The one place that talks to the OS: standard streams, the terminal, the environment, the exit status.
/// Everything else in the CLI takes a `Console` so tests can run it in memory. Written to from any thread (a
/// late attachment's warning comes from wherever the step left it running).
package protocol Console: AnyObject, Sendable {
    func out(_ text: String)
    func err(_ text: String)
    /// Bytes of UTF-8 to standard output (`specrun gherkin`'s megabytes of NDJSON, with no `String` between).
    func out(bytes: UnsafeBufferPointer<UInt8>)
    var stdoutIsTerminal: Bool { get }
    /// The width of the terminal standard output writes to (nil: not a terminal, or unknown).
    var terminalColumns: Int? { get }
    var environment: [String: String] { get }
    /// Runs `body` with what it writes to standard output held and written at once after it (a batch of the run's
    /// events prints many scenarios); anything written to standard error meanwhile comes after what was held.
    func holdingOutput(_ body: () -> Void)
    /// For a run in this process (`--no-isolation`): what steps print to standard output goes to standard error
    /// (as a worker's does), and the reports keep standard output to themselves: the descriptor they write it to.
    func separateStepOutput() -> Int32
    /// Why standard output lost bytes it was given to a file that is full (`specrun … > junit.xml` on a full disk),
    /// or nil. A reader that went away (`| head`) or a closed stream is no such loss: those bytes had no reader.
    var standardOutputLoss: String? { get }
}

extension Console {
    func separateStepOutput() -> Int32 { STDOUT_FILENO }
    package var standardOutputLoss: String? { nil }
    package var terminalColumns: Int? { nil }

    /// A mistake in what this process was given (arguments, configuration, a worker's first line): one line on
    /// standard error and a pointer to `<program> --help`, named as the user typed it; the usage exit code.
    package func usageFailure(_ error: any Error) -> Int32 {
        let program = ProgramName.current
        err("\(program): \(error)\nRun '\(program) --help' for the options.\n")
        return ExitCode.usage.rawValue
    }
}

/// The name this executable was started by — `specrun`, or a user's spec executable such as `shop-specs` — for its
/// help, completions and usage errors; `specrun` when run from a test bundle.
package enum ProgramName {
    package static var current: String {
        let name = URL(fileURLWithPath: CommandLine.arguments.first ?? "specrun").lastPathComponent
        return name.isEmpty || name.hasSuffix(".xctest") || name.contains("PackageTests") ? "specrun" : name
    }
}

package final class SystemConsole: Console {
    private struct State {
        /// Standard output being held (`holdingOutput`), nil when written as it comes.
        var held: [UInt8]?
        /// Set once, by `separateStepOutput`, before a run starts.
        var stdout: Int32
        /// The first error of a write to stdout that lost bytes a file should hold (`standardOutputLoss`).
        var loss: Int32?

        /// Writes what is held.
        mutating func writeHeld() {
            guard let bytes = held, !bytes.isEmpty else { return }
            held = []
            let written = bytes.withUnsafeBufferPointer { FileDescriptorIO.writeAll(stdout, $0) }
            if !written { noteFailedWrite() }
        }

        /// After a write to stdout failed: a full file system (or quota) lost the output; EPIPE and EBADF did not.
        mutating func noteFailedWrite() {
            let number = errno
            if loss == nil, number == ENOSPC || number == EDQUOT { loss = number }
        }
    }

    private let state: Locked<State>
    private let stderr: Int32

    /// Other descriptors than the standard ones in tests.
    package init(stdout: Int32 = STDOUT_FILENO, stderr: Int32 = STDERR_FILENO) {
        state = Locked(State(stdout: stdout))
        self.stderr = stderr
    }

    package func out(_ text: String) { write(text, toStandardOutput: true) }
    package func err(_ text: String) { write(text, toStandardOutput: false) }

    package func out(bytes: UnsafeBufferPointer<UInt8>) {
        state.withLock { state in
            if state.held != nil { state.held?.append(contentsOf: bytes); return }
            if !FileDescriptorIO.writeAll(state.stdout, bytes) { state.noteFailedWrite() }
        }
    }

    package var standardOutputLoss: String? {
        state.withLock { $0.loss }.map { String(cString: strerror($0)) }
    }

    package func holdingOutput(_ body: () -> Void) {
        let outer = state.withLock { state in
            let outer = state.held != nil
            if !outer { state.held = []; state.held?.reserveCapacity(1 << 16) }
            return outer
        }
        body()
        guard !outer else { return }
        state.withLock { state in
            state.writeHeld()
            state.held = nil
        }
    }

    /// Descriptor 1 becomes a copy of stderr, so `print` in a step lands there; the console and the reports meant
    /// for stdout write to a copy of the real one (close-on-exec). With `--no-isolation
    /// --format message`, a step (or a Task it left running) printing an envelope-shaped line put a forged
    /// `testRunFinished` into the stream on stdout. Nothing changes when stdout or stderr is closed.
    package func separateStepOutput() -> Int32 {
        guard state.withLock({ $0.stdout }) == STDOUT_FILENO, stderr == STDERR_FILENO else { return STDOUT_FILENO }
        fflush(nil)
        let own = fcntl(STDOUT_FILENO, F_DUPFD_CLOEXEC, 3)
        guard own >= 0 else { return STDOUT_FILENO }
        guard fcntl(STDERR_FILENO, F_GETFD) >= 0, dup2(STDERR_FILENO, STDOUT_FILENO) >= 0 else { close(own); return STDOUT_FILENO }
        state.withLock { $0.stdout = own }
        return own
    }

    package var stdoutIsTerminal: Bool { isatty(state.withLock { $0.stdout }) == 1 }
    package var terminalColumns: Int? {
        var size = winsize()
        guard ioctl(state.withLock { $0.stdout }, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 0 else { return nil }
        return Int(size.ws_col)
    }
    /// Read once (each read of ProcessInfo's environment makes the dictionary again).
    package let environment: [String: String] = ProcessInfo.processInfo.environment

    /// With write(2), not FileHandle: its `write(_:)` traps when the stream is closed (`specrun … >&-`).
    private func write(_ text: String, toStandardOutput: Bool) {
        var text = text
        state.withLock { state in
            let descriptor = toStandardOutput ? state.stdout : stderr
            if state.held != nil {
                guard descriptor != state.stdout else { state.held?.append(contentsOf: text.utf8); return }
                state.writeHeld()
            }
            // A closed or broken stream ends the output there, as before (its bytes have nowhere to go).
            let written = text.withUTF8 { FileDescriptorIO.writeAll(descriptor, $0) }
            if !written, descriptor == state.stdout { state.noteFailedWrite() }
        }
    }

    /// A reader that goes away (`specrun … | head`) must not end the run before its reports are written: writes
    /// to it fail (EPIPE) instead of killing the process. Workers put the default back (their steps' processes
    /// inherit it).
    package static func ignoreBrokenPipes() {
        // A handler, not SIG_IGN: SIGPIPE that another process sends is heard once the run listens (`signals.c`).
        var sigpipe = SIGPIPE
        if specrun_watch_signals(-1, &sigpipe, 1) != 0 { signal(SIGPIPE, SIG_IGN) }
    }

    package static func exit(_ code: Int32) -> Never {
        // A step's `exit` is held in its handlers (`StepExit`): a second `exit` would be undefined.
        if StepExit.inProgress {
            fflush(nil)
            _exit(code)
        }
        Foundation.exit(code)
    }
}

extension Console {
    func out(bytes: UnsafeBufferPointer<UInt8>) { out(String(decoding: bytes, as: UTF8.self)) }
    func holdingOutput(_ body: () -> Void) { body() }

    /// Colours: forced by --color/--no-color, otherwise only on a terminal and never with NO_COLOR.
    package func wantsColor(_ flag: Bool?) -> Bool {
        if let flag { return flag }
        if let noColor = environment["NO_COLOR"], !noColor.isEmpty { return false }
        if environment["TERM"] == "dumb" { return false }
        return stdoutIsTerminal
    }
}
