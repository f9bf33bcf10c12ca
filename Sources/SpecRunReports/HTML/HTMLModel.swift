import Messages

/// The data the page renders (see `HTMLContract` for its keys), written straight into the report's bytes one
/// feature at a time: the whole run is never held as JSON values.
struct HTMLModel {
    let index: RunIndex
    let extras: HTMLGherkinExtras
    let title: String
    /// The `file:line` texts steps refer to by index.
    let locations = HTMLLocations()

    /// What the writer knows of each pickle's attempts, by the pickle's slot in the index (an array, not three
    /// tables of ids: 50,000 scenarios' worth at the moment the run's memory peaks).
    struct Attempts {
        struct Runs {
            var final: RunIndex.Attempt?
            /// The pickle's test case (the index's record: no copy per pickle).
            var testCase: CaseRecord?
            var count: Int32 = 0
            var failedBefore = false
        }

        let index: RunIndex
        var bySlot: [Runs]

        init(index: RunIndex) {
            self.index = index
            bySlot = Array(repeating: Runs(), count: index.pickleStore.count)
        }

        mutating func update(_ pickleId: String, _ change: (inout Runs) -> Void) {
            guard let slot = index.pickleSlot(id: pickleId) else { return }
            change(&bySlot[slot])
        }
    }

    func write(to output: DocumentOutput) {
        var json = HTMLDataWriter(output: output)
        let requirements = HTMLRequirements(index: index)
        json.openObject()
        json.key(HTMLContract.Report.run)
        run(&json)
        runHooks(&json)
        parseErrors(&json)
        json.key(HTMLContract.Report.features)
        json.openArray()
        features(&json)
        json.closeArray()
        json.strings(HTMLContract.Report.locations, locations.texts)
        if let requirements {
            json.key(HTMLContract.Report.requirements)
            requirements.write(&json)
        }
        json.closeObject()
        json.flush()
    }

    private func attempts() -> Attempts {
        var result = Attempts(index: index)
        for record in index.allCaseRecords { result.update(record.testCase.pickleId) { $0.testCase = record } }
        for attempt in index.allAttempts() {
            guard let testCase = index.testCase(of: attempt) else { continue }
            let problem = !attempt.isFinal && index.outcomeStatus(of: attempt).isProblem
            result.update(testCase.pickleId) { runs in
                runs.count += 1
                if attempt.isFinal { runs.final = attempt } else if problem { runs.failedBefore = true }
            }
        }
        return result
    }

    private func features(_ json: inout HTMLDataWriter) {
        let attempts = attempts()
        // Pickle slots by feature first; each feature's scenarios are gathered only when it is written (one
        // feature's worth of lineages at a time, not the run's).
        var byUri: [String: [Int]] = [:]
        for slot in index.pickleStore.indices where attempts.bySlot[slot].testCase != nil {
            byUri[index.pickleStore[slot].uri, default: []].append(slot)
        }
        var uris = index.documentOrder.filter { byUri[$0] != nil }
        let listed = Set(uris)
        uris += byUri.keys.filter { !listed.contains($0) }.sorted()
        for uri in uris {
            guard let slots = byUri.removeValue(forKey: uri) else { continue }
            var scenarios = HTMLFeatureScenarios()
            for slot in slots { scenarios.add(PickleView(index: index, slot: slot)) }
            feature(uri, scenarios, attempts, &json)
        }
    }

    private func feature(_ uri: String, _ scenarios: HTMLFeatureScenarios, _ attempts: Attempts, _ json: inout HTMLDataWriter) {
        typealias Key = HTMLContract.Feature
        let tree = index.documents[uri]
        let feature = tree?.feature
        json.openObject()
        json.field(Key.uri, uri)
        json.field(Key.keyword, feature?.keyword ?? "Feature")
        json.field(Key.name, feature?.name ?? uri)
        json.optional(Key.description, feature?.description)
        json.strings(Key.tags, (feature?.tags ?? []).map(\.name))
        if let background = tree?.background {
            json.key(Key.background)
            self.background(background, &json)
        }
        json.key(Key.rules)
        json.openArray()
        for rule in scenarios.rules { self.rule(rule, &json) }
        json.closeArray()
        json.key(Key.scenarios)
        json.openArray()
        var outlineCases: [Int: [[Int]]] = [:]
        // A scenario's anchor is `uri:line`, with a `+` more for each scenario on that line before it.
        var anchorsOnLine: [Int: Int] = [:]
        for (position, entry) in scenarios.pickles.enumerated() {
            let line = entry.view.line ?? entry.view.lineage?.scenario?.location.line ?? 0
            let earlier = anchorsOnLine[line, default: 0]
            anchorsOnLine[line] = earlier + 1
            scenario(entry, position: position, uri: uri, line: line, repeated: earlier, attempts, &json)
            json.flushIfFull()
            if let outline = entry.outline, let examples = entry.view.lineage?.examplesIndex, let row = entry.view.lineage?.rowIndex {
                outlineCases[outline, default: []].append([examples, row, position])
            }
        }
        json.closeArray()
        json.key(Key.outlines)
        json.openArray()
        for (position, scenario) in scenarios.outlines.enumerated() {
            outline(scenario, rule: scenarios.outlineRules[position], cases: outlineCases[position] ?? [], &json)
        }
        json.closeArray()
        json.closeObject()
    }

    private func rule(_ rule: Rule, _ json: inout HTMLDataWriter) {
        typealias Key = HTMLContract.Rule
        json.openObject()
        json.field(Key.keyword, rule.keyword)
        json.field(Key.name, rule.name)
        json.optional(Key.description, rule.description)
        json.strings(Key.tags, rule.tags.map(\.name))
        if let background = rule.children.lazy.compactMap(\.background).first {
            json.key(Key.background)
            self.background(background, &json)
        }
        json.closeObject()
    }

    private func background(_ background: Background, _ json: inout HTMLDataWriter) {
        typealias Key = HTMLContract.Background
        json.openObject()
        json.field(Key.keyword, background.keyword)
        json.optional(Key.name, background.name)
        json.optional(Key.description, background.description)
        json.key(Key.steps)
        json.openArray()
        for step in extras.backgrounds[background.id] ?? [] { stepText(step, &json) }
        json.closeArray()
        json.closeObject()
    }
}

/// The scenarios of one feature file in pickle order, with the rules and outlines they belong to.
struct HTMLFeatureScenarios {
    struct Entry {
        let view: PickleView
        let rule: Int
        let outline: Int?
    }
    var pickles: [Entry] = []
    var rules: [Rule] = []
    var outlines: [Scenario] = []
    var outlineRules: [Int] = []
    private var ruleIndex: [String: Int] = [:]
    private var outlineIndex: [String: Int] = [:]

    mutating func add(_ view: PickleView) {
        let lineage = view.lineage
        var rulePosition = -1
        if let rule = lineage?.rule {
            if let found = ruleIndex[rule.id] {
                rulePosition = found
            } else {
                rulePosition = rules.count
                ruleIndex[rule.id] = rulePosition
                rules.append(rule)
            }
        }
        var outlinePosition: Int?
        if lineage?.examplesIndex != nil, let scenario = lineage?.scenario {
            if let found = outlineIndex[scenario.id] {
                outlinePosition = found
            } else {
                outlinePosition = outlines.count
                outlineIndex[scenario.id] = outlines.count
                outlines.append(scenario)
                outlineRules.append(rulePosition)
            }
        }
        pickles.append(Entry(view: view, rule: rulePosition, outline: outlinePosition))
    }
}
