import Messages

extension Supervisor {
    /// Whether the documents are made beside the run: one worker (`Settings.documentsBeside`), so that what the
    /// supervisor learns of its prelude needs no pickle (no `@serial`, no test case named to a worker).
    ///
    /// Made on the spot (the default), they hold up the supervisor's loop while worker 0 parses the same files:
    /// its test cases, its `ready` and so its first `run` wait until the last document is made, and on 2 cores
    /// most of the run's start is spent so. Made beside, the loop learns the plan and hands out work as soon as
    /// worker 0 is ready; the stream still reads meta, every document, then the rest: what the loop would forward
    /// meanwhile waits behind the stream's gate (`StreamAssembler.closeGate`), the documents go past it.
    var makesDocumentsBeside: Bool { settings.documentsBeside && settings.workers == 1 }

    /// Worker 0's `meta` is forwarded: the stream waits for the documents; the pool makes them.
    func documentsBegin() -> [Action] {
        parts.stream.closeGate()
        return [.makeDocuments]
    }

    /// Documents made beside the run, in order: into the stream now, ahead of what waits.
    func documentsMade(_ documents: [Envelope]) {
        for index in documents.indices {
            learn(documents[index])
            parts.stream.forwardAhead(documents[index])
        }
    }

    /// The last document was made (or the making stopped, interrupted): what waited follows them, and work held
    /// back for the gate's sake is handed out.
    func documentsEnded() -> [Action] {
        parts.stream.openGate()
        return dispatch()
    }
}
