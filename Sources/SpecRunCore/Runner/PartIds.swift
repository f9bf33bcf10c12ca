import Messages

/// The keys of a run's id parts (see `IdGenerator.derived`): a feature file's ids come from its path, a test case's
/// plan's from its pickle's id. Every process of a run that shares the seed then names a file's nodes and pickles,
/// and a pickle's test case and test steps, alike — whichever files it parses, in whatever order it plans.
enum PartIds {
    static func file(_ uri: String, of ids: any IdGenerator) -> any IdGenerator {
        ids.derived(uri, salt: 0xF11E_5EED_0000_0001)
    }

    static func plan(ofPickle pickleId: String, of ids: any IdGenerator) -> any IdGenerator {
        ids.derived(pickleId, salt: 0x9A1A_5EED_0000_0002)
    }
}
