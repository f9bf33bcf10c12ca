import Messages

/// The run index's step definitions and hooks, and what it shares of them across test steps: one array of
/// definition ids for every step a definition matched, one copy of the reduced match arguments for every step of
/// the same text and definition.
struct IndexedDefinitions {
    private(set) var steps: [String: StepDefinition] = [:]
    private(set) var order: [String] = []
    /// `uri:line` of each step definition, made once (the console prints one per step).
    private(set) var locations: IdTable<String> = [:]
    /// The locations the console printed last (`RunIndex.indexedDefinitionLocation(ids:)`).
    var locationCache = DefinitionLocationCache()
    private(set) var hooks: [String: Hook] = [:]
    private var idArrays: IdTable<[String]> = [:]
    /// Reduced match arguments by step text and definition.
    private var argumentPool: [ArgumentsKey: [StepMatchArgumentsList]] = [:]

    mutating func add(_ definition: StepDefinition, location: String?) {
        if steps[definition.id] == nil { order.append(definition.id) }
        steps[definition.id] = definition
        locations[id: definition.id] = location
        locationCache = DefinitionLocationCache()
    }

    mutating func add(_ hook: Hook) { hooks[hook.id] = hook }

    /// A test step's definition ids as the index keeps them: one array for every step a definition matched, the
    /// ids sharing the index's copies.
    mutating func sharedIds(_ ids: [String]?) -> [String]? {
        guard let ids else { return nil }
        if ids.count == 1, let shared = idArrays[id: ids[0]] { return shared }
        let canonical = ids.allSatisfy(Compaction.isInline) ? ids : ids.map { Compaction.canonical($0, in: steps) }
        if canonical.count == 1 { idArrays[id: canonical[0]] = canonical }
        return canonical
    }

    /// The match arguments of a test step as the index keeps them (see `Compaction.reduced`), shared with every
    /// step of the same text and definition; nil to keep them as they are.
    mutating func reducedArguments(_ lists: [StepMatchArgumentsList], definitionId: String?, text: String?) -> [StepMatchArgumentsList]? {
        guard let definitionId, let text else { return Compaction.reduced(lists) }
        let key = ArgumentsKey(text: text, definitionId: definitionId)
        if let shared = argumentPool[key] { return shared }
        let reduced = Compaction.reduced(lists) ?? lists
        argumentPool[key] = reduced
        return reduced
    }
}
