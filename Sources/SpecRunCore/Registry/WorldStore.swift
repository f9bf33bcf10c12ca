/// The Worlds of one scenario: made lazily, one per World type, fresh for every test case attempt.
final class WorldStore: @unchecked Sendable {
    // @unchecked: one test case attempt's, used by its task alone (its steps run one after another).
    private var worlds: [ObjectIdentifier: AnyObject] = [:]
    /// The World asked for last (most scenarios use one World type): found again without a lookup or a cast.
    private var last: (type: ObjectIdentifier, world: AnyObject)?

    init() {}

    func world<W: World>(_ type: W.Type) -> W {
        let key = ObjectIdentifier(type)
        // (Stored under `W`'s identifier, so it is a `W`.)
        if let last, last.type == key { return unsafeDowncast(last.world, to: W.self) }
        let found: W
        if let existing = worlds[key] as? W {
            found = existing
        } else {
            found = W()
            worlds[key] = found
        }
        last = (key, found)
        return found
    }

    /// Lets the scenario's Worlds go (their `deinit` runs now, inside the scenario, not in the next one's time).
    func releaseAll() {
        last = nil
        worlds = [:]
    }
}
