import SharedState

/// The Worlds of one scenario: made lazily, one per World type, fresh for every test case attempt. Used by the
/// attempt's task, one step at a time — and by a step left running past its scoped timeout while the next ones run.
final class WorldStore: Sendable {
    private struct State {
        var worlds: [ObjectIdentifier: AnyObject] = [:]
        /// The World asked for last (most scenarios use one World type): found again without a lookup or a cast.
        var last: (type: ObjectIdentifier, world: AnyObject)?
    }

    private let state = LockedValue(State())

    init() {}

    func world<W: World>(_ type: W.Type) -> W {
        let key = ObjectIdentifier(type)
        return state.withLock { state in
            // (Stored under `W`'s identifier, so it is a `W`.)
            if let last = state.last, last.type == key { return unsafeDowncast(last.world, to: W.self) }
            let found: W
            if let existing = state.worlds[key] as? W {
                found = existing
            } else {
                found = W()
                state.worlds[key] = found
            }
            state.last = (key, found)
            return found
        }
    }

    /// Lets the scenario's Worlds go (their `deinit` runs now, inside the scenario, not in the next one's time; and
    /// outside the lock).
    func releaseAll() {
        let released = state.withLock { state in
            defer { state = State() }
            return state.worlds
        }
        _ = consume released
    }
}
