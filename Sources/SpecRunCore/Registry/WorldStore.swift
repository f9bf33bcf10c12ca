/// The Worlds of one scenario: made lazily, one per World type, fresh for every test case attempt.
final class WorldStore {
    private var worlds: [ObjectIdentifier: AnyObject] = [:]

    init() {}

    func world<W: World>(_ type: W.Type) -> W {
        if let existing = worlds[ObjectIdentifier(type)] as? W { return existing }
        let made = W()
        worlds[ObjectIdentifier(type)] = made
        return made
    }
}
