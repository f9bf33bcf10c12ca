import Foundation
import Gherkin
import Messages
import SharedState

/// The feature files of a run made file by file, parsed in order on a thread of their own, up to `depth` files
/// ahead of the runner, which takes each file's envelopes as it comes to it (`next`): the runner's thread plans and
/// runs one file while the next ones are parsed.
final class ParseAhead: Sendable {
    private let parsed = Locked<[[Envelope]]>([])
    /// A file parsed and not yet taken.
    private let ready = DispatchSemaphore(value: 0)
    /// Room for one more file ahead.
    private let room: DispatchSemaphore
    private let taken = Locked(0)
    private let count: Int
    /// How many files are parsed ahead at most: a few, so that the parse thread is not the one the runner waits for.
    static let depth = 16

    /// Starts parsing: `parse(i, texts)` makes the envelopes of the file at `i`, for each `i` in `0..<count`, in
    /// order, each distinct step text kept once through `texts` (one pool for the run, used on the parsing thread).
    /// `between(done)` runs on the parsing thread before each file (`done` false) and after the last (true).
    init(
        count: Int, depth: Int = ParseAhead.depth, between: (@Sendable (_ done: Bool) -> Void)? = nil,
        parse: @escaping @Sendable (Int, StepTextPool) -> [Envelope]
    ) {
        self.count = count
        room = DispatchSemaphore(value: depth)
        guard count > 0 else { return }
        let thread = Thread { [parsed, ready, room] in
            let texts = StepTextPool()
            for index in 0..<count {
                room.wait()
                between?(false)
                let envelopes = parse(index, texts)
                parsed.withLock { $0.append(envelopes) }
                ready.signal()
            }
            between?(true)
        }
        thread.name = "specrun-parse"
        thread.start()
    }

    /// The envelopes of the next file, waiting for them; nil after the last.
    func next() -> [Envelope]? {
        let more = taken.withLock { taken -> Bool in
            guard taken < count else { return false }
            taken += 1
            return true
        }
        guard more else { return nil }
        ready.wait()
        defer { room.signal() }
        return parsed.withLock { $0.removeFirst() }
    }
}
