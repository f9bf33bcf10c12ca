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

        init(output: @escaping (Envelope) -> Void) { self.output = output }

        /// The plan has this many test cases (those added not complete yet): once whole, or growing file by file.
        mutating func plan(count: Int) {
            if count > complete.count { complete.append(contentsOf: repeatElement(false, count: count - complete.count)) }
        }

        /// Into the stream now (and the journal): an envelope outside any test case.
        func forward(_ envelope: Envelope) {
            output(envelope)
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
                for envelope in blocks.removeValue(forKey: head) ?? [] { output(envelope) }
                head += 1
            }
            if head < complete.count, let partial = blocks.removeValue(forKey: head) {
                for envelope in partial { output(envelope) }
            }
            return true
        }

        /// The run ended: the complete test cases still held (behind a gap an interruption left), in the planned
        /// order.
        mutating func releaseComplete() {
            for index in blocks.keys.sorted() where index < complete.count && complete[index] {
                for envelope in blocks.removeValue(forKey: index) ?? [] { output(envelope) }
            }
        }
    }
}
