import Messages

/// The data the page renders, as compact JSON (short keys keep a 10,000-scenario report small):
/// run `{ti, start, du, os, rt, impl, ok, problems}`, features `{n, kw, u, d, tg, r: [rule], sc: [scenario]}`,
/// scenario `{id, n, kw, l, r, tg, s, du, d, ex, at, st: [step]}`,
/// step `{k, t, s, du, l, e, tb, ds, sn, am, at, h}`.
/// Written straight into the report's bytes, one feature at a time.
struct HTMLModel {
    let index: RunIndex
    let title: String

    /// The scenarios of one feature file, in pickle order, and the rules they belong to.
    private struct FeatureScenarios {
        var pickles: [(pickle: Pickle, lineage: Lineage?, rule: Int)] = []
        var rules: [Rule] = []
        var ruleIndex: [String: Int] = [:]
    }

    func write(to output: DocumentOutput) {
        var json = HTMLDataWriter(output: output)
        json.openObject()
        json.key("run")
        run(&json)
        json.key("features")
        json.openArray()
        features(&json)
        json.closeArray()
        json.closeObject()
    }

    private func run(_ json: inout HTMLDataWriter) {
        json.openObject()
        json.field("ti", title)
        if let start = index.runStart { json.field("start", ISOTime.string(start.totalNanos, withMillis: true)) }
        json.field("du", index.runDuration)
        if let meta = index.metas.first {
            json.field("os", [meta.os.name, meta.os.version].compactMap { $0 }.joined(separator: " "))
            json.field("rt", [meta.runtime.name, meta.runtime.version].compactMap { $0 }.joined(separator: " "))
            json.field("impl", [meta.implementation.name, meta.implementation.version].compactMap { $0 }.joined(separator: " "))
            json.field("cpu", meta.cpu.name)
        }
        if let success = index.success { json.field("ok", success) }
        let problems = ConsoleText(index: index, style: ConsoleStyle(colors: false), options: ReportOptions()).runProblems()
        if !problems.isEmpty { json.field("problems", problems) }
        json.closeObject()
    }

    private func features(_ json: inout HTMLDataWriter) {
        // The last attempt of each test case, by pickle.
        var attemptByPickle: [String: RunIndex.Attempt] = [:]
        for attempt in index.finalAttempts() {
            if let testCase = index.testCase(of: attempt) { attemptByPickle[testCase.pickleId] = attempt }
        }
        var attemptCount: [String: Int] = [:]
        for attempt in index.allAttempts() {
            if let testCase = index.testCase(of: attempt) { attemptCount[testCase.pickleId, default: 0] += 1 }
        }
        var testCaseByPickle: [String: TestCase] = [:]
        for testCase in index.testCases.values { testCaseByPickle[testCase.pickleId] = testCase }

        var byUri: [String: FeatureScenarios] = [:]
        for pickleId in index.pickleOrder {
            guard let pickle = index.pickles[pickleId], testCaseByPickle[pickleId] != nil else { continue }
            let lineage = index.lineage(of: pickle)
            var ruleIndex = -1
            if let rule = lineage?.rule {
                if let found = byUri[pickle.uri]?.ruleIndex[rule.id] {
                    ruleIndex = found
                } else {
                    ruleIndex = byUri[pickle.uri]?.rules.count ?? 0
                    byUri[pickle.uri, default: FeatureScenarios()].rules.append(rule)
                    byUri[pickle.uri]!.ruleIndex[rule.id] = ruleIndex
                }
            }
            byUri[pickle.uri, default: FeatureScenarios()].pickles.append((pickle, lineage, ruleIndex))
        }

        var uris = index.documentOrder.filter { byUri[$0] != nil }
        let listed = Set(uris)
        uris += byUri.keys.filter { !listed.contains($0) }.sorted()
        for uri in uris {
            guard let scenarios = byUri.removeValue(forKey: uri) else { continue }
            let feature = index.documents[uri]?.feature
            json.openObject()
            json.field("u", uri)
            json.field("kw", feature?.keyword ?? "Feature")
            json.field("n", feature?.name ?? uri)
            json.field("d", feature?.description ?? "")
            json.strings("tg", (feature?.tags ?? []).map(\.name))
            json.key("r")
            json.openArray()
            for rule in scenarios.rules {
                json.openObject()
                json.field("kw", rule.keyword)
                json.field("n", rule.name)
                json.field("d", rule.description)
                json.strings("tg", rule.tags.map(\.name))
                json.closeObject()
            }
            json.closeArray()
            json.key("sc")
            json.openArray()
            var usedAnchors: Set<String> = []
            for (pickle, lineage, ruleIndex) in scenarios.pickles {
                let line = pickle.location?.line ?? lineage?.scenario?.location.line ?? 0
                var anchor = "\(pickle.uri):\(line)"
                while usedAnchors.contains(anchor) { anchor += "+" }
                usedAnchors.insert(anchor)
                let attempt = attemptByPickle[pickle.id]
                json.openObject()
                json.field("id", anchor)
                json.field("n", pickle.name)
                let scenario = lineage?.scenario
                json.field("kw", scenario?.keyword ?? "Scenario")
                json.field("l", Int64(line))
                json.field("r", Int64(ruleIndex))
                json.strings("tg", pickle.tags.map(\.name))
                json.field("s", attempt.map { index.status(of: $0).lowercased } ?? "unknown")
                json.field("du", attempt.map { index.duration(of: $0) } ?? 0)
                if let description = scenario?.description, !description.isEmpty { json.field("d", description) }
                if let examples = lineage?.examples { json.field("ex", examples.name) }
                if let count = attemptCount[pickle.id], count > 1 { json.field("at", Int64(count)) }
                json.key("st")
                json.openArray()
                if let testCase = testCaseByPickle[pickle.id] {
                    for step in testCase.testSteps { self.step(step, attempt, &json) }
                }
                json.closeArray()
                json.closeObject()
            }
            json.closeArray()
            json.closeObject()
            json.output.flushIfFull()
        }
    }
}
