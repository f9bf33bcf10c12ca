import Messages

extension Supervisor {
    /// The one stream out, in the planned order whatever order the test cases complete in: the next test case in
    /// the plan streams live; a later one is held, whole, until every one before it is complete. The journal gets
    /// every envelope once, as it comes (`MessageJournal`: what a SIGKILL leaves).
    struct StreamAssembler {
        /// The stream in the planned order (the reports).
        private let output: (Envelope) -> Void
        /// Every envelope as it comes, held ones included, each once.
        var journal: ((Envelope) -> Void)?
        /// The envelopes held back, by test case index.
        private var blocks: [Int: [Envelope]] = [:]
        /// By test case index: whether it is complete.
        private var complete: [Bool] = []
        /// The first test case in the planned order that is not complete: the one that streams live.
        private var head = 0
        /// While the documents are made beside the run (`Supervisor+Documents`), what the stream would get waits here
        /// in order, to follow them (the documents go past it: `forwardAhead`); nil otherwise.
        private var gated: [Envelope]?

        init(output: @escaping (Envelope) -> Void) { self.output = output }

        /// From now until `openGate`, the stream's envelopes wait; only `forwardAhead` reaches it.
        mutating func closeGate() { gated = gated ?? [] }

        /// Whether the gate holds `gateLimit` envelopes other than test cases or more: no more work is handed out
        /// until it opens. (The test cases wait whatever their number: the reports keep them all anyway.)
        var gateIsFull: Bool { gatedResults >= Self.gateLimit }
        private var gatedResults = 0

        /// At most about this many results wait behind the gate: about 3,000 scenarios' steps, a few MiB.
        static let gateLimit = 50_000

        /// The stream gets what waited, in order, and everything from now on.
        mutating func openGate() {
            guard let waiting = gated else { return }
            gated = nil
            gatedResults = 0
            for envelope in waiting { output(envelope) }
        }

        /// Into the stream now, past the gate (the documents made beside the run), and the journal.
        func forwardAhead(_ envelope: Envelope) {
            output(envelope)
            journal?(envelope)
        }

        /// Into the stream, or behind the gate while it is closed.
        @inline(__always)
        private mutating func emit(_ envelope: Envelope) {
            guard gated != nil else { return output(envelope) }
            if envelope.kind != .testCase { gatedResults += 1 }
            gated!.append(envelope)
        }

        /// The plan has this many test cases (none complete yet).
        mutating func plan(count: Int) { complete = Array(repeating: false, count: count) }

        /// Into the stream now (and the journal): an envelope outside any test case.
        mutating func forward(_ envelope: Envelope) {
            emit(envelope)
            journal?(envelope)
        }

        /// An envelope of a test case: into the stream now when the test case is the head and nothing of it is
        /// held, else held; into the journal now.
        mutating func append(_ envelope: Envelope, to index: Int) {
            if index == head && (blocks.isEmpty || blocks[index] == nil) {
                forward(envelope)
            } else {
                blocks[index, default: []].append(envelope)
                journal?(envelope)
            }
        }

        /// Envelopes of a test case made by the supervisor (a crashed one's end): held; into the journal now.
        mutating func hold(_ envelopes: [Envelope], for index: Int) {
            blocks[index, default: []].append(contentsOf: envelopes)
            if let journal { envelopes.forEach(journal) }
        }

        /// A test case is complete: releases those now next in the planned order, and what the new head has sent
        /// so far (the rest of it streams live). False when it was complete already (or is not planned).
        mutating func complete(_ index: Int) -> Bool {
            guard index < complete.count, !complete[index] else { return false }
            complete[index] = true
            while head < complete.count && complete[head] {
                for envelope in blocks.removeValue(forKey: head) ?? [] { emit(envelope) }
                head += 1
            }
            if head < complete.count, let partial = blocks.removeValue(forKey: head) {
                for envelope in partial { emit(envelope) }
            }
            return true
        }

        /// The run ended: the complete test cases still held (behind a gap an interruption left), in the planned
        /// order.
        mutating func releaseComplete() {
            for index in blocks.keys.sorted() where index < complete.count && complete[index] {
                for envelope in blocks.removeValue(forKey: index) ?? [] { emit(envelope) }
            }
        }
    }
}
