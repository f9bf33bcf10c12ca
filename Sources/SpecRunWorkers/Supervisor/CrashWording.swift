import Foundation

/// What the reports say about a worker that died.
package enum CrashWording {
    static let exceptionType = "Crash"

    /// A number of seconds as a person writes it: `30`, `0.5`.
    package static func seconds(_ value: Double) -> String {
        value == value.rounded() ? String(Int(value)) : String(value)
    }

    /// `interrupted`: specrun itself was interrupted (Ctrl-C, SIGTERM) and passed the signal on. A worker ended by
    /// SIGINT or SIGTERM otherwise was signalled by someone else (its own step): a crash like any other.
    static func message(
        for exit: WorkerExit, what: String, detail: String?, goesOn: Bool = true,
        memoryLimit: UInt64? = nil, interrupted: Bool = true
    ) -> String {
        var message: String
        switch exit {
        case .signaled(let signal) where Supervisor.interruptions.contains(signal) && interrupted:
            return "the run was interrupted (\(exit.description)) during this \(what); the scenario is marked failed"
        case .signaled(let signal) where Supervisor.interruptions.contains(signal):
            message = "the \(what)'s process was ended by \(exit.description), not sent by specrun (did the step signal its own process?)"
        case .signaled:
            message = "the \(what) crashed the process: \(exit.description)"
            if let detail, ranOutOfMemory(detail) {
                message +=
                    " — it ran out of memory" + (memoryLimit.map { ": the worker's --memory-limit of \(size($0)) was reached" } ?? "")
            } else if let cause = exit.likelyCause {
                message += " — \(cause)"
            }
        case .exited:
            message = "the \(what) ended the process (\(exit.description)) before its scenario finished"
        }
        message += goesOn ? "; the scenario is marked failed and the run goes on" : "; the run is marked failed"
        if let detail { message += "\n\(detail)" }
        return message
    }

    /// The Swift runtime's words for an allocation that failed ("failed to allocate N bytes of memory", older
    /// runtimes "Could not allocate memory").
    static func ranOutOfMemory(_ line: String) -> Bool {
        line.contains("failed to allocate") || line.contains("Could not allocate memory")
    }

    /// 512M, 2G, or bytes.
    static func size(_ bytes: UInt64) -> String {
        if bytes % (1 << 30) == 0 { return "\(bytes >> 30)G" }
        if bytes % (1 << 20) == 0 { return "\(bytes >> 20)M" }
        return "\(bytes) bytes"
    }

    /// The Swift runtime's last "…: Fatal error: …" line (or a precondition/assertion failure) on stderr, if any.
    static func fatalErrorLine(in stderr: String) -> String? {
        let markers = ["Fatal error:", "Precondition failed:", "Assertion failed:", "Fatal error"]
        return stderr.split(separator: "\n").last { line in markers.contains { line.contains($0) } }
            .map { String($0).trimmingCharacters(in: .whitespaces) }
    }
}
