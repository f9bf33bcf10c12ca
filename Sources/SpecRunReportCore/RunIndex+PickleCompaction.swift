import Messages

// How the run index keeps pickles small: a 10,000-scenario run has 70,000 pickle steps, and each step's text and
// AST node ids were a heap allocation each.
extension RunIndex {
    /// Makes `pickle` as the index keeps it: its AST node ids sharing the index's copies (`Compaction.canonical`),
    /// each step's text shared with every step of the same text, the steps in a new array of their exact size (the
    /// message's is not copied to be changed) and, when every step's AST node ids are what its position in the
    /// scenario gives (`derivedIds`), none kept for them. True when they were left out (`restored` puts them back).
    func compact(_ pickle: inout Pickle) -> Bool {
        let lineage = canonicalizeNodeIds(&pickle)
        // One string for the uri of all of a document's pickles: its document's (found without hashing the uri
        // when the pickle's scenario is in it).
        if let lineage, lineage.tree.uri == pickle.uri {
            pickle.uri = lineage.tree.uri
        } else if let uri = documents[pickle.uri]?.uri {
            pickle.uri = uri
        }
        var derived = lineage != nil
        if let lineage {
            // The scenario's runs of Gherkin steps, looked up once for all its steps.
            let runs = lineage.stepRuns
            for position in pickle.steps.indices where derived {
                derived = Self.idsAreDerived(pickle.steps[position].astNodeIds, at: position, of: pickle, runs)
            }
        }
        // Changed in place (a step copied out and appended to a new array was a retain and a release of each of
        // its fields, and an array made a pickle).
        let shares = sharesRepeatedParts
        for position in pickle.steps.indices {
            if shares && !Compaction.isInline(pickle.steps[position].text) {
                pickle.steps[position].text = sharedStepText(pickle.steps[position].text)
            }
            if derived {
                pickle.steps[position].astNodeIds = []
            } else if !pickle.steps[position].astNodeIds.allSatisfy(Compaction.isInline) {
                pickle.steps[position].astNodeIds = pickle.steps[position].astNodeIds.map { Compaction.canonical($0, in: nodes) }
            }
        }
        return derived
    }

    /// Makes the pickle's AST node ids share the index's copies (`Compaction.canonical`); its lineage
    /// (`lineage(of:)`), found by the same lookups.
    private func canonicalizeNodeIds(_ pickle: inout Pickle) -> Lineage? {
        let ids = pickle.astNodeIds
        guard !ids.allSatisfy(Compaction.isInline) else { return lineage(of: pickle) }
        var canonical: [String] = []
        canonical.reserveCapacity(ids.count)
        var first: Lineage?
        var last: Lineage?
        for (number, id) in ids.enumerated() {
            guard let found = nodes.index(forKey: IdKey(id)) else {
                canonical.append(id)
                continue
            }
            canonical.append(Compaction.isInline(id) ? id : nodes.keys[found].id)
            if number == 0 { first = nodes.values[found] }
            if number == ids.count - 1 { last = nodes.values[found] }
        }
        pickle.astNodeIds = canonical
        return last ?? first
    }

    /// The pickle in `slot` with its steps' AST node ids.
    func restored(slot: Int) -> Pickle {
        var pickle = pickleStore[slot]
        guard derivedStepIds[slot] else { return pickle }
        for position in pickle.steps.indices {
            pickle.steps[position].astNodeIds = derivedIds(at: position, of: pickle) ?? []
        }
        return pickle
    }

    /// The AST node ids of the pickle step at `position`, as the Gherkin pickle compiler makes them: its Gherkin
    /// step's id (found by position: backgrounds' steps first), and for a scenario step of an outline row the row's.
    func derivedIds(at position: Int, of pickle: Pickle) -> [String]? {
        guard let found = lineage(of: pickle)?.stepId(position: position) else { return nil }
        if found.isScenarios && pickle.astNodeIds.count == 2 { return [found.id, pickle.astNodeIds[1]] }
        return [found.id]
    }

    private static func idsAreDerived(_ ids: borrowing [String], at position: Int, of pickle: borrowing Pickle, _ runs: StepRuns) -> Bool {
        guard let found = runs.step(position: position) else { return false }
        if !found.background && pickle.astNodeIds.count == 2 {
            return ids.count == 2 && ids[0] == runs.tree.steps.all[found.index].id && ids[1] == pickle.astNodeIds[1]
        }
        return ids.count == 1 && ids[0] == runs.tree.steps.all[found.index].id
    }
}
