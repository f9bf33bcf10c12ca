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
    var stdoutIsTerminal: Bool { get }
    var environment: [String: String] { get }
}

final class SystemConsole: Console, @unchecked Sendable {
    private let lock = NSLock()

    func out(_ text: String) { write(text, to: FileHandle.standardOutput) }
    func err(_ text: String) { write(text, to: FileHandle.standardError) }

    var stdoutIsTerminal: Bool { isatty(STDOUT_FILENO) == 1 }
    var environment: [String: String] { ProcessInfo.processInfo.environment }

    private func write(_ text: String, to handle: FileHandle) {
        lock.lock(); defer { lock.unlock() }
        handle.write(Data(text.utf8))
    }

    static func exit(_ code: Int32) -> Never {
        Foundation.exit(code)
    }
}

extension Console {
    /// Colours: forced by --color/--no-color, otherwise only on a terminal and never with NO_COLOR.
    func wantsColor(_ flag: Bool?) -> Bool {
        if let flag { return flag }
        if let noColor = environment["NO_COLOR"], !noColor.isEmpty { return false }
        if environment["TERM"] == "dumb" { return false }
        return stdoutIsTerminal
    }
}
