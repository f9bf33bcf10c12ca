import Messages

/// The run index's Gherkin documents: each uri's feature as a tree (without what `Compaction` leaves out), the uris
/// in the order they first came, and every node by id (`Lineage`).
struct IndexedDocuments {
    private(set) var byUri: [String: DocumentTree] = [:]
    private(set) var order: [String] = []
    private(set) var nodes: IdTable<Lineage> = [:]
    private var uris: Set<String> = []

    /// Keeps a document (a uri sent again replaces the tree, keeping its place in the order); its scenarios
    /// without their own tags unless `keepsScenarioTags` (`RunIndex.keepsScenarioTags`).
    mutating func add(_ document: GherkinDocument, keepsScenarioTags: Bool = true) {
        let uri = document.uri ?? ""
        if uris.insert(uri).inserted { order.append(uri) }
        byUri[uri] = Lineage.index(document, keepsScenarioTags: keepsScenarioTags, into: &nodes)
    }
}
