import Messages

extension HTMLModel {
    /// One step of a scenario `{k, t, s, du, l, e, tb, ds, sn, am, at, h}`; hooks only when they did not pass
    /// or attached something.
    func step(_ step: TestStep, _ attempt: RunIndex.Attempt?, _ json: inout HTMLDataWriter) {
        let finished = attempt.flatMap { index.outcome(of: step, in: $0) }
        let result = finished?.testStepResult
        let status = result?.status ?? .unknown
        let attachments = attempt?.attachments[step.id] ?? []
        let externals = attempt?.externalAttachments[step.id] ?? []
        let text = index.text(of: step)
        let hook = text == nil ? index.hook(of: step) : nil
        if text == nil {
            guard (status != .passed && status != .skipped && status != .unknown) || !attachments.isEmpty || !externals.isEmpty else { return }
        }
        json.openObject()
        if let text {
            json.field("k", text.keyword)
            json.field("t", text.text)
        } else {
            json.field("h", ConsoleText.hookLabel(hook))
            if let reference = hook?.sourceReference, let location = index.location(of: reference) {
                json.field("l", location)
            }
        }
        json.field("s", status.lowercased)
        if let nanos = result?.duration.totalNanos, nanos > 0 { json.field("du", nanos) }
        if step.pickleStepId != nil, let definition = index.stepDefinition(of: step),
           let location = index.location(of: definition.sourceReference) {
            json.field("l", location)
        }
        if let result, status == .failed || status == .pending || status == .skipped,
           let error = result.exception?.stackTrace ?? result.message ?? result.exception?.message {
            json.field("e", error)
        }
        if let argument = step.pickleStepId.flatMap({ index.pickleStep($0) })?.argument {
            if let table = argument.dataTable {
                json.key("tb")
                json.openArray()
                for row in table.rows {
                    json.openArray()
                    for cell in row.cells { json.string(cell.value) }
                    json.closeArray()
                }
                json.closeArray()
            }
            if let doc = argument.docString {
                json.key("ds")
                json.openObject()
                json.field("c", doc.content)
                if let media = doc.mediaType { json.field("m", media) }
                json.closeObject()
            }
        }
        if status == .undefined, let code = index.firstSnippet(step.pickleStepId) {
            json.field("sn", code)
        }
        if status == .ambiguous {
            json.strings("am", (step.stepDefinitionIds ?? []).compactMap { id in
                index.stepDefinitions[id].map { "\($0.pattern.source)  # \(index.location(of: $0.sourceReference) ?? "?")" }
            })
        }
        if !attachments.isEmpty || !externals.isEmpty {
            json.key("at")
            json.openArray()
            for external in externals {
                json.openObject()
                json.field("m", external.mediaType)
                json.field("b", "")
                json.field("url", external.url)
                json.closeObject()
            }
            for attachment in attachments {
                json.openObject()
                json.field("m", attachment.mediaType)
                if let name = attachment.fileName { json.field("n", name) }
                if attachment.contentEncoding == .base64 { json.field("b64", true) }
                json.field("b", attachment.body)
                if let url = attachment.url { json.field("url", url) }
                json.closeObject()
            }
            json.closeArray()
        }
        json.closeObject()
    }
}
