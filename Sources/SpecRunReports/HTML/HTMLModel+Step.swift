import Messages

extension HTMLModel {
    /// One step of a scenario; hooks only when they did not pass or attached something.
    func step(_ step: TestStep, _ attempt: RunIndex.Attempt?, in pickle: Pickle, _ json: inout HTMLDataWriter) {
        typealias Key = HTMLContract.Step
        let finished = attempt.flatMap { index.outcome(of: step, in: $0) }
        let result = finished?.testStepResult
        let status = result?.status ?? .unknown
        let attachments = attempt?.attachments[step.id] ?? []
        let externals = attempt?.externalAttachments[step.id] ?? []
        let text = index.text(of: step, in: pickle)
        if text == nil {
            guard (status != .passed && status != .skipped && status != .unknown) || !attachments.isEmpty || !externals.isEmpty else { return }
        }
        json.openObject()
        if let text {
            json.field(Key.k, text.keyword)
            json.field(Key.x, text.text)
            if let arguments = step.stepMatchArgumentsLists?.first?.stepMatchArguments, !arguments.isEmpty {
                json.key(Key.g)
                json.openArray()
                for argument in arguments {
                    guard let start = argument.group.start, let value = argument.group.value else { continue }
                    json.openArray()
                    json.int(Int64(start))
                    json.int(Int64(value.unicodeScalars.count))
                    json.closeArray()
                }
                json.closeArray()
            }
        } else {
            let hook = index.hook(of: step)
            json.field(Key.h, ConsoleText.hookLabel(hook))
            if let reference = hook?.sourceReference, let location = index.location(of: reference) {
                json.field(Key.l, locations.number(location))
            }
        }
        if status != .passed { json.field(Key.s, status.lowercased) }
        if let nanos = result?.duration.totalNanos, nanos > 0 { json.field(Key.d, nanos) }
        if step.pickleStepId != nil, let location = index.definitionLocation(of: step) {
            json.field(Key.l, locations.number(location))
        }
        if let result, status == .failed || status == .pending || status == .skipped {
            json.optional(Key.e, result.exception?.stackTrace ?? result.message ?? result.exception?.message)
        }
        if let argument = text?.argument {
            if let table = argument.dataTable { self.table(table.rows.map { $0.cells.map(\.value) }, &json) }
            if let doc = argument.docString { docString(doc.content, doc.mediaType, &json) }
        }
        if status == .undefined, let code = index.firstSnippet(step.pickleStepId) { json.field(Key.sn, code) }
        if status == .ambiguous {
            json.strings(Key.am, (step.stepDefinitionIds ?? []).compactMap { id in
                index.stepDefinitions[id].map { "\($0.pattern.source)  # \(index.location(of: $0.sourceReference) ?? "?")" }
            })
        }
        if !attachments.isEmpty || !externals.isEmpty {
            json.key(Key.at)
            self.attachments(attachments, externals, &json)
        }
        json.closeObject()
    }

    func attachments(_ attachments: [Attachment], _ externals: [ExternalAttachment], _ json: inout HTMLDataWriter) {
        typealias Key = HTMLContract.Attachment
        json.openArray()
        for external in externals {
            json.openObject()
            json.field(Key.m, external.mediaType)
            json.field(Key.u, external.url)
            json.closeObject()
        }
        for attachment in attachments {
            json.openObject()
            json.field(Key.m, attachment.mediaType)
            json.optional(Key.n, attachment.fileName)
            if attachment.contentEncoding == .base64 { json.field(Key.b64, true) }
            json.field(Key.b, attachment.body)
            json.optional(Key.u, attachment.url)
            json.closeObject()
        }
        json.closeArray()
    }
}
