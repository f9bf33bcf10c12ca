import Messages

/// The data the page renders, as compact JSON (short keys keep a 10,000-scenario report small):
/// run `{ti, start, du, os, rt, impl, ok, problems}`, features `{n, kw, u, d, tg, r: [rule], sc: [scenario]}`,
/// scenario `{id, n, kw, l, r, tg, s, du, d, ex, at, st: [step]}`,
/// step `{k, t, s, du, l, e, tb, ds, sn, am, at, h}`.
struct HTMLModel {
    let index: RunIndex
    let title: String

    func json() -> JSONValue {
        .object([
            ("run", run()),
            ("features", .array(features())),
        ])
    }

    private func run() -> JSONValue {
        let meta = index.metas.first
        var members: [(String, JSONValue)] = [("ti", .string(title))]
        if let start = index.runStart { members.append(("start", .string(ISOTime.string(start.totalNanos, withMillis: true)))) }
        members.append(("du", .int(index.runDuration)))
        if let meta {
            members.append(("os", .string([meta.os.name, meta.os.version].compactMap { $0 }.joined(separator: " "))))
            members.append(("rt", .string([meta.runtime.name, meta.runtime.version].compactMap { $0 }.joined(separator: " "))))
            members.append(("impl", .string([meta.implementation.name, meta.implementation.version].compactMap { $0 }.joined(separator: " "))))
            members.append(("cpu", .string(meta.cpu.name)))
        }
        if let success = index.success { members.append(("ok", .bool(success))) }
        let problems = ConsoleText(index: index, style: ConsoleStyle(colors: false), options: ReportOptions()).runProblems()
        if !problems.isEmpty { members.append(("problems", .string(problems))) }
        return .object(members)
    }

    private func features() -> [JSONValue] {
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

        var scenariosByUri: [String: [JSONValue]] = [:]
        var rulesByUri: [String: [String]] = [:]
        var ruleObjects: [String: [JSONValue]] = [:]
        var usedAnchors: Set<String> = []
        for pickleId in index.pickleOrder {
            guard let pickle = index.pickles[pickleId], let testCase = testCaseByPickle[pickleId] else { continue }
            let lineage = index.lineage(of: pickle)
            var ruleIndex = -1
            if let rule = lineage?.rule {
                if let found = rulesByUri[pickle.uri]?.firstIndex(of: rule.id) {
                    ruleIndex = found
                } else {
                    rulesByUri[pickle.uri, default: []].append(rule.id)
                    ruleObjects[pickle.uri, default: []].append(.object([
                        ("kw", .string(rule.keyword)), ("n", .string(rule.name)), ("d", .string(rule.description)),
                        ("tg", .array(rule.tags.map { .string($0.name) })),
                    ]))
                    ruleIndex = rulesByUri[pickle.uri]!.count - 1
                }
            }
            let line = pickle.location?.line ?? lineage?.scenario?.location.line ?? 0
            var anchor = "\(pickle.uri):\(line)"
            while usedAnchors.contains(anchor) { anchor += "+" }
            usedAnchors.insert(anchor)
            let attempt = attemptByPickle[pickleId]
            var members: [(String, JSONValue)] = [
                ("id", .string(anchor)),
                ("n", .string(pickle.name)),
                ("kw", .string(lineage?.scenario?.keyword ?? "Scenario")),
                ("l", .int(Int64(line))),
                ("r", .int(Int64(ruleIndex))),
                ("tg", .array(pickle.tags.map { .string($0.name) })),
                ("s", .string(attempt.map { index.status(of: $0).lowercased } ?? "unknown")),
                ("du", .int(attempt.map { index.duration(of: $0) } ?? 0)),
            ]
            if let description = lineage?.scenario?.description, !description.isEmpty { members.append(("d", .string(description))) }
            if let examples = lineage?.examples { members.append(("ex", .string(examples.name))) }
            if let count = attemptCount[pickleId], count > 1 { members.append(("at", .int(Int64(count)))) }
            members.append(("st", .array(steps(testCase, attempt))))
            scenariosByUri[pickle.uri, default: []].append(.object(members))
        }

        var uris = index.documentOrder.filter { scenariosByUri[$0] != nil }
        uris += scenariosByUri.keys.filter { !uris.contains($0) }.sorted()
        return uris.map { uri in
            let feature = index.documents[uri]?.feature
            return .object([
                ("u", .string(uri)),
                ("kw", .string(feature?.keyword ?? "Feature")),
                ("n", .string(feature?.name ?? uri)),
                ("d", .string(feature?.description ?? "")),
                ("tg", .array((feature?.tags ?? []).map { .string($0.name) })),
                ("r", .array(ruleObjects[uri] ?? [])),
                ("sc", .array(scenariosByUri[uri] ?? [])),
            ])
        }
    }

    private func steps(_ testCase: TestCase, _ attempt: RunIndex.Attempt?) -> [JSONValue] {
        testCase.testSteps.compactMap { step -> JSONValue? in
            let finished = attempt?.stepFinished[step.id]
            let result = finished?.testStepResult
            let status = result?.status ?? .unknown
            let attachments = attempt?.attachments[step.id] ?? []
            let externals = attempt?.externalAttachments[step.id] ?? []
            var members: [(String, JSONValue)] = []
            if let text = index.text(of: step) {
                members.append(("k", .string(text.keyword)))
                members.append(("t", .string(text.text)))
            } else {
                // Hooks show only when they did not pass or attached something.
                guard (status != .passed && status != .skipped && status != .unknown) || !attachments.isEmpty || !externals.isEmpty else { return nil }
                let hook = index.hook(of: step)
                members.append(("h", .string(ConsoleText.hookLabel(hook))))
                if let reference = hook?.sourceReference, let location = index.location(of: reference) {
                    members.append(("l", .string(location)))
                }
            }
            members.append(("s", .string(status.lowercased)))
            if let nanos = result?.duration.totalNanos, nanos > 0 { members.append(("du", .int(nanos))) }
            if step.pickleStepId != nil, let definition = index.stepDefinition(of: step),
               let location = index.location(of: definition.sourceReference) {
                members.append(("l", .string(location)))
            }
            if let result, status == .failed || status == .pending || status == .skipped,
               let error = result.exception?.stackTrace ?? result.message ?? result.exception?.message {
                members.append(("e", .string(error)))
            }
            if let argument = step.pickleStepId.flatMap({ index.pickleSteps[$0] })?.argument {
                if let table = argument.dataTable {
                    members.append(("tb", .array(table.rows.map { .array($0.cells.map { .string($0.value) }) })))
                }
                if let doc = argument.docString {
                    var docMembers: [(String, JSONValue)] = [("c", .string(doc.content))]
                    if let media = doc.mediaType { docMembers.append(("m", .string(media))) }
                    members.append(("ds", .object(docMembers)))
                }
            }
            if status == .undefined, let code = step.pickleStepId.flatMap({ index.suggestions[$0] })?.first?.snippets.first?.code {
                members.append(("sn", .string(code)))
            }
            if status == .ambiguous {
                members.append(("am", .array((step.stepDefinitionIds ?? []).compactMap { id in
                    index.stepDefinitions[id].map { .string("\($0.pattern.source)  # \(index.location(of: $0.sourceReference) ?? "?")") }
                })))
            }
            if !attachments.isEmpty || !externals.isEmpty {
                members.append(("at", .array(externals.map { external in
                    .object([("m", .string(external.mediaType)), ("b", .string("")), ("url", .string(external.url))])
                } + attachments.map { attachment in
                    var a: [(String, JSONValue)] = [("m", .string(attachment.mediaType))]
                    if let name = attachment.fileName { a.append(("n", .string(name))) }
                    if attachment.contentEncoding == .base64 { a.append(("b64", .bool(true))) }
                    a.append(("b", .string(attachment.body)))
                    if let url = attachment.url { a.append(("url", .string(url))) }
                    return .object(a)
                })))
            }
            return .object(members)
        }
    }
}
