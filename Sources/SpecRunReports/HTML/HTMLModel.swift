import Messages
import SpecRunReportCore

/// The data the page renders (see `HTMLContract` for its keys), written straight into the report's bytes one
/// feature at a time: the whole run is never held as JSON values.
struct HTMLModel {
    let index: RunIndex
    let extras: HTMLGherkinExtras
    let title: String
    var history: RunHistory? = nil
    /// A parse error's words as the console says them after its place (`ReportOptions.parseErrorWords`); nil: the
    /// parser's own.
    var parseErrorWords: (@Sendable (ParseError) -> String)? = nil
    /// A feature's page of an `html-site` folder: only its features, with the attempts worked out once for every
    /// page; none of the run's own parts (hooks, parse errors, requirements, history: the index has them).
    var page: Page? = nil
    /// A feature's page with `--history`: its feature's slice of the history (the strips on its cards, its
    /// since-lines, new failure and flaky badges).
    var pageHistory: HTMLHistory? = nil

    struct Page {
        let features: [(uri: String, slots: [Int])]
        let attempts: Attempts
    }

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
    }

    func write(to output: DocumentOutput) {
        var json = HTMLDataWriter(output: output, locations: HTMLLocations())
        let requirements = page == nil ? HTMLRequirements(index: index) : nil
        json.openObject()
        json.key(HTMLContract.Report.run)
        run(&json)
        if page == nil {
            runHooks(&json)
            parseErrors(&json)
        }
        json.key(HTMLContract.Report.features)
        json.openArray()
        features(&json)
        json.closeArray()
        json.strings(HTMLContract.Report.locations, json.locations.texts)
        if page == nil, let requirements {
            json.key(HTMLContract.Report.requirements)
            requirements.write(&json)
        }
        if page == nil, let view = HistoryView(history: history, current: HistoryRun.make(from: index, coverage: requirements?.coverage)) {
            json.key(HTMLContract.Report.history)
            HTMLHistory(view: view).write(&json)
        }
        if page != nil, let pageHistory {
            json.key(HTMLContract.Report.history)
            pageHistory.write(&json)
        }
        json.closeObject()
        json.flush()
    }

    func attempts() -> Attempts {
        var result = Attempts(index: index)
        let records = index.allCaseRecords
        // The pickle slot of each test case by its place in the planned order (`order` counts them from 0): an
        // attempt finds its pickle's slot through its test case, without a lookup by id.
        var slotByOrder = [Int](repeating: -1, count: records.count)
        for record in records {
            // The record knows its pickle's slot when the pickle came first (always, but in a merged stream).
            guard let slot = record.pickleSlot >= 0 ? Int(record.pickleSlot) : index.pickleSlot(id: record.testCase.pickleId) else {
                continue
            }
            result.bySlot[slot].testCase = record
            if record.order >= 0 && record.order < slotByOrder.count { slotByOrder[record.order] = slot }
        }
        for attempt in index.allAttempts() {
            guard let record = index.record(of: attempt) else { continue }
            let slot = record.order >= 0 && record.order < slotByOrder.count ? slotByOrder[record.order] : -1
            guard slot >= 0 else { continue }
            let problem = !attempt.isFinal && index.outcomeStatus(of: attempt).isProblem
            result.bySlot[slot].count += 1
            if attempt.isFinal { result.bySlot[slot].final = attempt } else if problem { result.bySlot[slot].failedBefore = true }
        }
        return result
    }

    /// The features, in the documents' order: runs of them rendered on several threads (`HTMLRenderPlan`),
    /// written in order.
    private func features(_ json: inout HTMLDataWriter) {
        let attempts = page?.attempts ?? attempts()
        let features = page?.features ?? featureSlots(attempts)
        let plan = HTMLRenderPlan(scenarioCounts: features.map(\.slots.count))
        // The chunks read the index, the extras and `attempts`, which nothing changes any more.
        let inputs = UncheckedSendable((model: self, features: features, attempts: attempts, chunks: plan.chunks))
        let rendered =
            plan.chunks.isEmpty
            ? nil
            : OrderedParallelMap(count: plan.chunks.count, window: 4 * plan.threads, workers: plan.threads) { number in
                let (model, features, attempts, chunks) = inputs.value
                var piece = HTMLDataWriter(pieceAfterComma: chunks[number].lowerBound > 0)
                for position in chunks[number] { model.feature(features[position], attempts, &piece) }
                return piece.chunk()
            }
        for piece in plan.pieces {
            switch piece {
            case .chunk(let number): json.append(rendered!.take(number))
            case .inline(let position): feature(features[position], attempts, &json)
            }
        }
    }

    /// Each feature's uri and pickle slots, in the documents' order (then the others, by uri).
    func featureSlots(_ attempts: Attempts) -> [(uri: String, slots: [Int])] {
        // Pickle slots by feature first; each feature's scenarios are gathered only when it is rendered (a few
        // features' worth of lineages at a time, not the run's).
        var byUri: [String: [Int]] = [:]
        for slot in index.pickleStore.indices where attempts.bySlot[slot].testCase != nil {
            byUri[index.pickleStore[slot].uri, default: []].append(slot)
        }
        var uris = index.documentOrder.filter { byUri[$0] != nil }
        let listed = Set(uris)
        uris += byUri.keys.filter { !listed.contains($0) }.sorted()
        return uris.map { (uri: $0, slots: byUri.removeValue(forKey: $0) ?? []) }
    }

    private func feature(_ feature: (uri: String, slots: [Int]), _ attempts: Attempts, _ json: inout HTMLDataWriter) {
        var scenarios = HTMLFeatureScenarios()
        for slot in feature.slots { scenarios.add(PickleView(index: index, slot: slot)) }
        self.feature(feature.uri, scenarios, attempts, &json)
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
        // Each entry read in place (a copy of one retains its view's fields).
        scenarios.pickles.withUnsafeBufferPointer { pickles in
            guard let first = pickles.baseAddress else { return }
            for position in pickles.indices {
                let entry = first + position
                let line = entry.pointee.view.line ?? entry.pointee.view.lineage?.scenario?.location.line ?? 0
                let earlier = anchorsOnLine[line, default: 0]
                anchorsOnLine[line] = earlier + 1
                scenario(entry, position: position, uri: uri, line: line, repeated: earlier, attempts, &json)
                json.flushIfFull()
                if let outline = entry.pointee.outline, let examples = entry.pointee.view.lineage?.examplesIndex,
                    let row = entry.pointee.view.lineage?.rowIndex
                {
                    outlineCases[outline, default: []].append([examples, row, position])
                }
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
