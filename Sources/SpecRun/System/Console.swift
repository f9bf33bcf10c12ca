import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The one place that talks to the OS: standard streams, the terminal, the environment, the exit status.
/// Everything else in the CLI takes a `Console` so tests can run it in memory.
protocol Console: AnyObject {
    func out(_ text: String)
    func err(_ text: String)
    /// Bytes of UTF-8 to standard output (`specrun gherkin`'s megabytes of NDJSON, with no `String` between).
    func out(bytes: UnsafeBufferPointer<UInt8>)
    var stdoutIsTerminal: Bool { get }
    var environment: [String: String] { get }
}

final class SystemConsole: Console, @unchecked Sendable {
    private let lock = NSLock()

    func out(_ text: String) { write(text, to: STDOUT_FILENO) }
    func err(_ text: String) { write(text, to: STDERR_FILENO) }

    func out(bytes: UnsafeBufferPointer<UInt8>) {
        lock.lock(); defer { lock.unlock() }
        FileDescriptorIO.writeAll(STDOUT_FILENO, bytes)
    }

    var stdoutIsTerminal: Bool { isatty(STDOUT_FILENO) == 1 }
    /// Read once (each read of ProcessInfo's environment makes the dictionary again).
    let environment: [String: String] = ProcessInfo.processInfo.environment

    /// With write(2), not FileHandle: its `write(_:)` traps when the stream is closed (`specrun … >&-`).
    private func write(_ text: String, to descriptor: Int32) {
        var text = text
        lock.lock(); defer { lock.unlock() }
        // A closed or broken stream ends the output there, as before (its bytes have nowhere to go).
        _ = text.withUTF8 { FileDescriptorIO.writeAll(descriptor, $0) }
    }

    /// A reader that goes away (`specrun … | head`) must not end the run before its reports are written: writes
    /// to it fail (EPIPE) instead of killing the process. Workers put the default back (their steps' processes
    /// inherit it).
    static func ignoreBrokenPipes() {
        signal(SIGPIPE, SIG_IGN)
    }

    static func exit(_ code: Int32) -> Never {
        Foundation.exit(code)
    }
}

extension Console {
    func out(bytes: UnsafeBufferPointer<UInt8>) { out(String(decoding: bytes, as: UTF8.self)) }

    /// Colours: forced by --color/--no-color, otherwise only on a terminal and never with NO_COLOR.
    func wantsColor(_ flag: Bool?) -> Bool {
        if let flag { return flag }
        if let noColor = environment["NO_COLOR"], !noColor.isEmpty { return false }
        if environment["TERM"] == "dumb" { return false }
        return stdoutIsTerminal
    }
}
