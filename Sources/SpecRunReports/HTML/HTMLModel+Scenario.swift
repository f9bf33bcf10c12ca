import Messages

extension HTMLModel {
    /// One scenario record.
    func scenario(_ entry: HTMLFeatureScenarios.Entry, position: Int, anchor: String, line: Int, _ attempts: Attempts,
                  _ json: inout HTMLDataWriter) {
        typealias Key = HTMLContract.Scenario
        let pickle = entry.pickle
        let runs = attempts[pickle.id]
        let attempt = runs.final
        let status = attempt.map { index.status(of: $0).lowercased } ?? "unknown"
        let scenario = entry.lineage?.scenario
        json.openObject()
        if anchor != "\(pickle.uri):\(line)" { json.field(Key.id, anchor) }
        json.field(Key.n, pickle.name)
        json.field(Key.k, scenario?.keyword ?? "Scenario")
        json.field(Key.l, line)
        if entry.rule >= 0 { json.field(Key.r, entry.rule) }
        json.strings(Key.t, pickle.tags.map(\.name))
        if status != "passed" { json.field(Key.s, status) }
        if let attempt, index.duration(of: attempt) > 0 { json.field(Key.d, index.duration(of: attempt)) }
        if entry.outline == nil { json.optional(Key.m, scenario?.description) }
        if let outline = entry.outline, let examples = entry.lineage?.examplesIndex, let row = entry.lineage?.rowIndex {
            json.field(Key.o, outline)
            json.field(Key.e, examples)
            json.field(Key.w, row)
        }
        if runs.count > 1 {
            json.field(Key.a, Int(runs.count))
            if status == "passed", runs.failedBefore { json.field(Key.fl, true) }
        }
        let fromBackground = pickle.steps.prefix { step in
            let lineage = index.lineage(of: step)
            return lineage?.background != nil && lineage?.scenario == nil
        }.count
        if fromBackground > 0 { json.field(Key.b, fromBackground) }
        json.key(Key.p)
        json.openArray()
        if let testCase = runs.testCase?.testCase {
            for step in testCase.testSteps { self.step(step, attempt, in: pickle, &json) }
        }
        json.closeArray()
        json.closeObject()
    }

    /// A Scenario Outline once: its steps as written and its Examples, each row with the scenario it became.
    /// `cases` are `[examples, row, scenario position]`.
    func outline(_ scenario: Scenario, rule: Int, cases: [[Int]], _ json: inout HTMLDataWriter) {
        typealias Key = HTMLContract.Outline
        typealias ExamplesKey = HTMLContract.Examples
        let extra = extras.outlines[scenario.id]
        json.openObject()
        json.field(Key.keyword, scenario.keyword)
        json.field(Key.name, scenario.name)
        json.optional(Key.description, scenario.description)
        json.field(Key.line, scenario.location.line)
        json.field(Key.rule, rule)
        json.strings(Key.tags, scenario.tags.map(\.name))
        json.key(Key.steps)
        json.openArray()
        for step in extra?.steps ?? [] { stepText(step, &json) }
        json.closeArray()
        json.key(Key.examples)
        json.openArray()
        for (examplesIndex, examples) in (extra?.examples ?? []).enumerated() {
            json.openObject()
            json.field(ExamplesKey.keyword, examples.keyword)
            json.field(ExamplesKey.name, examples.name)
            json.optional(ExamplesKey.description, examples.description)
            json.strings(ExamplesKey.tags, examples.tags)
            json.strings(ExamplesKey.header, examples.header)
            json.key(ExamplesKey.rows)
            json.openArray()
            for row in examples.rows {
                json.openArray()
                for cell in row { json.string(cell) }
                json.closeArray()
            }
            json.closeArray()
            var byRow = [Int](repeating: -1, count: examples.rows.count)
            for entry in cases where entry[0] == examplesIndex && entry[1] < byRow.count { byRow[entry[1]] = entry[2] }
            json.key(ExamplesKey.cases)
            json.openArray()
            for position in byRow { json.int(Int64(position)) }
            json.closeArray()
            json.closeObject()
        }
        json.closeArray()
        json.closeObject()
    }

    /// A step as written in the document (Background and outline steps): `{k, x, tb?, ds?}`.
    func stepText(_ step: HTMLGherkinExtras.StepText, _ json: inout HTMLDataWriter) {
        typealias Key = HTMLContract.Step
        json.openObject()
        json.field(Key.k, step.keyword)
        json.field(Key.x, step.text)
        if let table = step.table { self.table(table, &json) }
        if let doc = step.docString { docString(doc.content, doc.mediaType, &json) }
        json.closeObject()
    }

    func table(_ rows: [[String]], _ json: inout HTMLDataWriter) {
        json.key(HTMLContract.Step.tb)
        json.openArray()
        for row in rows {
            json.openArray()
            for cell in row { json.string(cell) }
            json.closeArray()
        }
        json.closeArray()
    }

    func docString(_ content: String, _ mediaType: String?, _ json: inout HTMLDataWriter) {
        json.key(HTMLContract.Step.ds)
        json.openObject()
        json.field(HTMLContract.DocString.c, content)
        json.optional(HTMLContract.DocString.m, mediaType)
        json.closeObject()
    }
}
