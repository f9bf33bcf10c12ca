import Messages
import SharedState

/// The live one-line progress of a run on a terminal: a listener of the run's envelopes like the reports. It
/// shows nothing for the first `delay` seconds (a short run stays as it was), then redraws the line on each tick
/// and after each batch of the reports' output, erasing it before the batch (so report text is never mixed into
/// it), and erases it for good when the run finishes (before the closing summary).
final class LiveProgress: Sendable {
    private struct State {
        var tally: ProgressTally
        var start: Double
        /// Whether the line is on the terminal now.
        var shown = false
        /// A batch of the reports' output is being written: the timer does not draw meanwhile.
        var inBatch = false
        var finished = false
    }

    static let erase = "\r\u{1B}[K"
    private let state: Locked<State>
    private let now: @Sendable () -> Double
    private let columns: @Sendable () -> Int
    private let write: @Sendable (String) -> Void
    private let delay: Double

    /// `now`: a monotonic clock in seconds; `write`: to the terminal, at once (not held with the reports' output).
    init(
        expected: [String: Double] = [:], delay: Double = 2, now: @escaping @Sendable () -> Double,
        columns: @escaping @Sendable () -> Int, write: @escaping @Sendable (String) -> Void
    ) {
        state = Locked(State(tally: ProgressTally(expected: expected), start: now()))
        self.now = now
        self.columns = columns
        self.write = write
        self.delay = delay
    }

    func handle(_ envelope: Envelope) {
        state.withLock { state in
            state.tally.handle(envelope)
            if envelope.testRunFinished != nil { state.finished = true }
        }
    }

    /// Around one batch of the listeners, inside the console's hold: `output` writes held text (with the batch).
    /// The line is erased before the batch's text and drawn again after it, in the same write.
    func around(output: (String) -> Void, _ body: () -> Void) {
        let erase = state.withLock { state -> Bool in
            state.inBatch = true
            defer { state.shown = false }
            return state.shown
        }
        if erase { output(Self.erase) }
        body()
        if let line = state.withLock({ line(&$0) }) { output(line) }
    }

    /// After the batch's held text is written: the timer may draw again.
    func batchWritten() { state.withLock { $0.inBatch = false } }

    /// The timer's redraw (the elapsed time moves without envelopes).
    func tick() {
        state.withLock { state in
            guard !state.inBatch, let line = line(&state) else { return }
            write(line)
        }
    }

    /// The run's end (or its interruption): the line erased, never drawn again.
    func finish() {
        state.withLock { state in
            state.finished = true
            if state.shown, !state.inBatch { write(Self.erase) }
            state.shown = false
        }
    }

    /// The line to draw now, if one is due (marking it shown), with what erases the one before.
    private func line(_ state: inout State) -> String? {
        let elapsed = now() - state.start
        if state.finished {
            defer { state.shown = false }
            return state.shown ? Self.erase : nil
        }
        guard elapsed >= delay else { return nil }
        state.shown = true
        return Self.erase + ProgressLine.text(state.tally, elapsed: elapsed, columns: columns())
    }
}
