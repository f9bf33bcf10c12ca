import Messages
import SpecRunWorkers

extension RunCommand {
    /// The one `testRunFinished` of an in-process run. Two roads make one: the runner's own end (marked interrupted
    /// after a signal) and a second signal that ends the run at once while a step still runs. When the step ends
    /// after that second signal, the runner goes on to its own end: without this gate the stream held two
    /// `testRunFinished` (one passed, one interrupted), and `specrun report` of the run's own stream called it
    /// contradictory. The first one through is the run's end; nothing after it is sent.
    struct OneRunEnd: Sendable {
        private(set) var ended = false

        /// Whether `envelope` may go to the reports: anything before the run's end, and that end once.
        mutating func admit(_ envelope: Envelope) -> Bool {
            if ended { return false }
            // (By its kind: the accessor would copy every envelope's message out.)
            if envelope.kind == .testRunFinished { ended = true }
            return true
        }
    }

    /// The exit code once the reports are written. A signal that ends a run and came after the run's end was
    /// decided (while the reports were being written, or the run's last moments) still ends the process as asked,
    /// 128 + the signal, as a CI runner or a terminal that sent it expects; the reports are whole, as they say
    /// (the run had finished), and one line on stderr says so. Before this, such a signal was swallowed: exit 0.
    static func exitCode(_ code: Int32, interrupted: Int32?, lateSignal: Int32?) -> (code: Int32, note: String?) {
        guard interrupted == nil, let lateSignal else { return (code, nil) }
        return (
            128 + lateSignal,
            "\(ProgramName.current): signal \(lateSignal) came after the run had finished, while its reports were written; they are "
                + "whole and say how the run ended; ending with \(128 + lateSignal) as the signal asks\n"
        )
    }
}
