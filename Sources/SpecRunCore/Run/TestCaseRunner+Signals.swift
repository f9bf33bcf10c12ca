import Messages

extension TestCaseRunner {
    /// A step that raised a signal that ends a process (`raise(SIGTERM)`, `pthread_kill(pthread_self(), SIGUSR1)`)
    /// on its own thread, where it stayed pending (a thread of the concurrency pool blocks it): a crash of its
    /// scenario, as it is of a plain process. Found by a hostile sweep: the step passed.
    static func raised(_ signal: Int32) -> CodeOutcome {
        let name = signalNames[signal].map { "signal \(signal) (\($0))" } ?? "signal \(signal)"
        let message =
            "the step raised \(name) on its own process, which ends a process: a crash; the scenario is marked failed "
            + "and the run goes on"
        return CodeOutcome(status: .failed, message: message, exception: Exception(type: "Crash", message: message, stackTrace: nil))
    }

    private static let signalNames: [Int32: String] = [
        1: "SIGHUP", 2: "SIGINT", 3: "SIGQUIT", 10: "SIGUSR1", 12: "SIGUSR2", 13: "SIGPIPE", 14: "SIGALRM", 15: "SIGTERM",
        24: "SIGXCPU", 25: "SIGXFSZ",
    ]
}
