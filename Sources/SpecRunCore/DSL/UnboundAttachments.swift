import SharedState

/// `attach` where no step or hook context is bound: a `Thread`, or a `Task.detached` (neither carries the step's
/// task-local context; a plain `Task` started in a step does, and is `AttachmentRecorder`'s late attachment). It
/// has no step to go to: dropped, and the first one of a run named on stderr. Found by a hostile sweep: dropped
/// without the promised line.
enum UnboundAttachments {
    /// Told the first one (a line for stderr), then nil; armed by each run (`SpecRunner.lateAttachment`).
    private static let tell = Locked<(@Sendable (String) -> Void)?>(nil)

    static func arm(_ late: @escaping @Sendable (String) -> Void) {
        tell.withLock { $0 = late }
    }

    static func dropped(_ mediaType: String) {
        let late = tell.withLock { tell in
            defer { tell = nil }
            return tell
        }
        late?(
            "specrun: an attachment (\(mediaType)) was made outside any step or hook — from a Thread or a Task.detached, "
                + "which do not carry the step's context; it is dropped, as is any more from such work "
                + "(attach in the step, or from a Task it starts and awaits)\n")
    }
}
