import Messages
import SpecRunReportCore

extension HTMLModel {
    /// One step of a scenario: the test step at `position` of the test case `view`'s pickle became, and its
    /// outcome in `attempt` (by position when `byPosition`: the attempt is of that test case); hooks only when
    /// they did not pass or attached something.
    ///
    /// The test step is read in place through `step` (the test case's storage, which nothing changes while the
    /// report is written): a copy of it per step would retain and release its five fields.
    /// `attached`: whether the attempt has attachments at all (asked once per scenario, not of each step).
    func step(
        _ step: UnsafePointer<TestStep>, at position: Int, _ attempt: RunIndex.Attempt?, byPosition: Bool,
        attached: Bool, _ view: inout PickleView, _ json: inout HTMLDataWriter
    ) {
        typealias Key = HTMLContract.Step
        let finished = attempt.flatMap { byPosition ? $0.outcome(at: position) : index.outcome(of: step.pointee, in: $0) }
        let status = finished?.status ?? .unknown
        var attachments: [Attachment] = []
        var externals: [ExternalAttachment] = []
        if attached, let attempt {
            attachments = attempt.attachments.isEmpty ? [] : attempt.attachments[step.pointee.id] ?? []
            externals = attempt.externalAttachments.isEmpty ? [] : attempt.externalAttachments[step.pointee.id] ?? []
        }
        // The pickle step: found in the pickle by position (test steps run its steps in order), else looked up.
        let hasPickleStep = step.pointee.pickleStepId != nil
        var stepPosition: Int?
        var fallback: StepText?
        if hasPickleStep {
            stepPosition = view.position(of: step.pointee.pickleStepId!)
            if stepPosition == nil { fallback = index.text(of: step.pointee) }
        }
        let isStep = stepPosition != nil || fallback != nil
        if !isStep {
            guard (status != .passed && status != .skipped && status != .unknown) || !attachments.isEmpty || !externals.isEmpty else {
                return
            }
        }
        json.openObject()
        if let stepPosition {
            let keyword = view.keyword(at: stepPosition)
            json.field(Key.k, keyword)
            json.field(Key.x, view.steps[stepPosition].text)
            if view.steps[stepPosition].type == .outcome, !Self.outcomeWords.contains(String(keyword.filter { !$0.isWhitespace })) {
                json.field(Key.o, true)
            }
        } else if let fallback {
            json.field(Key.k, fallback.keyword)
            json.field(Key.x, fallback.text)
        }
        if isStep {
            if let arguments = step.pointee.stepMatchArgumentsLists?.first?.stepMatchArguments, !arguments.isEmpty {
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
            let hook = index.hook(of: step.pointee)
            json.field(Key.h, TerminalText.hookLabel(hook))
            if let reference = hook?.sourceReference, let location = index.location(of: reference) {
                json.location(Key.l, number: json.locations.number(location))
            }
        }
        if status != .passed { json.field(Key.s, status.lowercased) }
        if let finished {
            let nanos = finished.durationNanos
            if nanos > 0 { json.field(Key.d, nanos) }
        }
        if hasPickleStep, let number = json.locations.number(definitionOf: step, in: index) {
            json.location(Key.l, number: number)
        }
        if let finished, finished.hasDetails, status == .failed || status == .pending || status == .skipped {
            let result = finished.testStepResult
            json.optional(
                Key.e, (result.exception?.stackTrace ?? result.message ?? result.exception?.message).map { ProjectPath.relativeInText($0) })
        }
        let argument = stepPosition.map { view.steps[$0].argument } ?? fallback?.argument
        if let argument {
            if let table = argument.dataTable { self.table(table.rows.map { $0.cells.map(\.value) }, &json) }
            if let doc = argument.docString { docString(doc.content, doc.mediaType, &json) }
        }
        if status == .undefined, let code = index.firstSnippet(step.pointee.pickleStepId) { json.field(Key.sn, code) }
        if status == .ambiguous {
            json.strings(
                Key.am,
                (step.pointee.stepDefinitionIds ?? []).compactMap { id in
                    index.stepDefinitions[id].map { "\($0.pattern.source)  # \(index.location(of: $0.sourceReference) ?? "?")" }
                })
        }
        if !attachments.isEmpty || !externals.isEmpty {
            json.key(Key.at)
            self.attachments(attachments, externals, &json)
        }
        json.closeObject()
    }

    /// The keywords the page reads as an outcome by themselves (`Then`) or after one (`And`, `But`, `*`): an
    /// outcome step with another keyword (another language's) is marked `o`.
    static let outcomeWords: Set<String> = ["Then", "And", "But", "*"]

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
