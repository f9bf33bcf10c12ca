import Messages
import SpecRunReportCore

extension HTMLModel {
    /// One scenario record. `repeated`: how many scenarios on the same line came before it (its anchor is
    /// `uri:line` with as many `+`).
    /// The entry is read in place (`HTMLFeatureScenarios.pickles`' storage): only its view is copied.
    func scenario(
        _ entry: UnsafePointer<HTMLFeatureScenarios.Entry>, position: Int, uri: String, line: Int, repeated: Int,
        _ attempts: Attempts, _ json: inout HTMLDataWriter
    ) {
        typealias Key = HTMLContract.Scenario
        var view = entry.pointee.view
        let rule = entry.pointee.rule, outline = entry.pointee.outline
        let runs = attempts.bySlot[view.slot]
        let attempt = runs.final
        let status = attempt.map { index.outcomeStatus(of: $0) }
        let lineage = view.lineage
        json.openObject()
        if repeated > 0 { json.field(Key.id, "\(uri):\(line)" + String(repeating: "+", count: repeated)) }
        json.field(Key.n, view.name)
        json.field(Key.k, lineage?.scenarioKeyword ?? "Scenario")
        json.field(Key.l, line)
        if rule >= 0 { json.field(Key.r, rule) }
        json.tagNames(Key.t, view.tags)
        if status != .passed { json.field(Key.s, status?.lowercased ?? "unknown") }
        if let attempt {
            let duration = index.duration(of: attempt)
            if duration > 0 { json.field(Key.d, duration) }
        }
        if outline == nil { json.optional(Key.m, lineage?.scenarioDescription) }
        if let outline, let examples = lineage?.examplesIndex, let row = lineage?.rowIndex {
            json.field(Key.o, outline)
            json.field(Key.e, examples)
            json.field(Key.w, row)
        }
        if runs.count > 1 {
            json.field(Key.a, Int(runs.count))
            if status == .passed, runs.failedBefore { json.field(Key.fl, true) }
        }
        let fromBackground = view.backgroundStepCount
        if fromBackground > 0 { json.field(Key.b, fromBackground) }
        json.key(Key.p)
        json.openArray()
        if let record = runs.testCase {
            let byPosition = attempt.map { index.record(of: $0) === record } ?? false
            let attached = attempt.map { !$0.attachments.isEmpty || !$0.externalAttachments.isEmpty } ?? false
            // Each test step read in place (an array subscript copies the step, a dozen fields retained).
            record.testCase.testSteps.withUnsafeBufferPointer { steps in
                guard let first = steps.baseAddress else { return }
                for position in steps.indices {
                    step(first + position, at: position, attempt, byPosition: byPosition, attached: attached, &view, &json)
                }
            }
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
