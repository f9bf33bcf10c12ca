import Foundation
import Gherkin
import Messages
import SharedState

/// The feature files' messages, made on two threads and handed out in file order (`envelopes(at:)` for 0, 1, 2, …
/// from one thread): each thread takes the next file no one took whenever it is free — the caller when the file it
/// asks for is not parsed yet (it parses files ahead of it while the helper parses that one), the helper as soon as
/// it is done with one. A file's ids come from its own part of the run's ids
/// (`PartIds.file`), so they do not depend on which thread parsed it, nor when; a generator that numbers every id
/// in one sequence (`--predictable-ids`) has every file parsed by the caller, in order (`parallel` false).
/// Each thread keeps its own `StepTextPool` (a pool is one thread's): a step text is stored once per thread.
// @unchecked: `state` is locked; `parse` is Sendable; the caller's pool is touched only by the caller's thread.
final class FeatureParsing: @unchecked Sendable {
    private let count: Int
    private let parse: @Sendable (Int, StepTextPool) -> [Envelope]
    private let state = Locked(State())
    /// Signalled once for each file the helper parsed.
    private let arrived = DispatchSemaphore(value: 0)
    private let ownTexts = StepTextPool()

    private struct State {
        /// The next file no one took.
        var next = 0
        /// What was parsed ahead and not handed out yet, by file.
        var parsed: [Int: [Envelope]] = [:]
    }

    /// `parallel`: whether a helper thread parses too (with two files or more).
    init(count: Int, parallel: Bool, parse: @escaping @Sendable (Int, StepTextPool) -> [Envelope]) {
        self.count = count
        self.parse = parse
        guard parallel, count > 1 else { return }
        Thread.detachNewThread { [self] in helpParsing() }
    }

    /// Whether files may be parsed on two threads with `ids`: its parts are generators of their own (a generator
    /// numbering every id in one sequence returns itself, of its own type).
    static func parallel(ids: any IdGenerator) -> Bool {
        type(of: ids.derived(1)) != type(of: ids)
    }

    /// The messages of file `index`; asked for 0, 1, 2, … in order, from one thread.
    func envelopes(at index: Int) -> [Envelope] {
        enum Next {
            /// The next file no one took: this one, or one after it while the helper parses this one.
            case take(Int)
            case parsed([Envelope])
            case wait
        }
        while true {
            let next = state.withLock { state -> Next in
                if let parsed = state.parsed.removeValue(forKey: index) { return .parsed(parsed) }
                guard state.next < count else { return .wait }
                defer { state.next += 1 }
                return .take(state.next)
            }
            switch next {
            case .take(let taken):
                let envelopes = parse(taken, ownTexts)
                if taken == index { return envelopes }
                state.withLock { $0.parsed[taken] = envelopes }
            case .parsed(let envelopes): return envelopes
            case .wait: arrived.wait()
            }
        }
    }

    /// The helper's loop: the next file no one took, until none is left.
    private func helpParsing() {
        let texts = StepTextPool()
        while let index = state.withLock({ state -> Int? in
            guard state.next < count else { return nil }
            defer { state.next += 1 }
            return state.next
        }) {
            let envelopes = parse(index, texts)
            state.withLock { $0.parsed[index] = envelopes }
            arrived.signal()
        }
    }
}
