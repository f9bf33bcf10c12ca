/// How a worker process ended, and what the supervisor tells people about it.
enum WorkerExit: Equatable, Sendable {
    case exited(Int32)
    case signaled(Int32)

    /// "signal 4 (SIGILL)" or "exit status 3".
    var description: String {
        switch self {
        case .exited(let status): return "exit status \(status)"
        case .signaled(let signal): return "signal \(signal)" + (Self.signalName(signal).map { " (\($0))" } ?? "")
        }
    }

    /// What usually raises this signal in a Swift test, to point people at the cause.
    var likelyCause: String? {
        guard case .signaled(let signal) = self, let name = Self.signalName(signal) else { return nil }
        switch name {
        case "SIGILL", "SIGTRAP": return "a Swift runtime trap such as a force unwrap of nil, fatalError or an index out of range"
        case "SIGSEGV", "SIGBUS": return "a memory error such as an unsafe pointer misuse or a stack overflow from deep recursion"
        case "SIGABRT": return "an abort, such as a failed C assertion or an uncaught Objective-C exception"
        case "SIGKILL": return "killed from outside, for example by the out-of-memory killer"
        case "SIGFPE": return "an arithmetic error such as an integer division by zero"
        default: return nil
        }
    }

    static func signalName(_ signal: Int32) -> String? {
        switch signal {
        case 1: return "SIGHUP"
        case 2: return "SIGINT"
        case 3: return "SIGQUIT"
        case 4: return "SIGILL"
        case 5: return "SIGTRAP"
        case 6: return "SIGABRT"
        case 8: return "SIGFPE"
        case 9: return "SIGKILL"
        case 11: return "SIGSEGV"
        case 13: return "SIGPIPE"
        case 15: return "SIGTERM"
        #if os(Linux)
        case 7: return "SIGBUS"
        #else
        case 10: return "SIGBUS"
        #endif
        default: return nil
        }
    }
}

/// What a worker run came to: how it ended, and the end of what it wrote on stderr (which the supervisor
/// passes through as it comes), to quote the runtime's own "Fatal error: …" line in the report.
struct WorkerResult: Equatable, Sendable {
    var exit: WorkerExit
    var stderrTail: String = ""
    /// Its message channel ended while it went on running (a step closed its descriptors): the supervisor killed it.
    var channelBroke = false
}
