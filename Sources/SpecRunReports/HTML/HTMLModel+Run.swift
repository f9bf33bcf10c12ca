import Messages
import SpecRunReportCore

extension HTMLModel {
    func run(_ json: inout HTMLDataWriter) {
        typealias Key = HTMLContract.Run
        json.openObject()
        json.field(Key.title, title)
        if let start = index.runStart { json.field(Key.start, ISOTime.string(start.totalNanos, withMillis: true)) }
        json.field(Key.duration, index.runDuration)
        if let meta = index.metas.first {
            json.field(Key.os, [meta.os.name, meta.os.version].compactMap { $0 }.joined(separator: " "))
            json.field(Key.runtime, [meta.runtime.name, meta.runtime.version].compactMap { $0 }.joined(separator: " "))
            json.field(
                Key.implementation, [meta.implementation.name, meta.implementation.version].compactMap { $0 }.joined(separator: " "))
            json.field(Key.cpu, meta.cpu.name)
        }
        if let success = index.success { json.field(Key.success, success) }
        var problems: [String] = []
        for finished in index.runFinished {
            if let exception = finished.exception {
                problems.append("The run failed: \(exception.type)\(exception.message.map { ": \($0)" } ?? "")")
            } else if let message = finished.message, !message.isEmpty {
                problems.append("The run failed: \(message)")
            }
        }
        if !problems.isEmpty { json.field(Key.problems, problems.joined(separator: "\n")) }
        json.closeObject()
    }

    /// BeforeAll/AfterAll hooks that did not pass or attached something, then run-level attachments of no hook
    /// (the requirements document aside).
    func runHooks(_ json: inout HTMLDataWriter) {
        typealias Key = HTMLContract.RunHook
        var byHook: [String: [Attachment]] = [:]
        var loose: [Attachment] = []
        for attachment in index.runAttachments {
            if let id = attachment.testRunHookStartedId { byHook[id, default: []].append(attachment) } else { loose.append(attachment) }
        }
        let shown = index.runHookFinished.filter { $0.result.status != .passed || byHook[$0.testRunHookStartedId] != nil }
        guard !shown.isEmpty || !loose.isEmpty else { return }
        json.key(HTMLContract.Report.runHooks)
        json.openArray()
        for finished in shown {
            let hook = index.runHookStarted[finished.testRunHookStartedId].flatMap { index.hooks[$0.hookId] }
            json.openObject()
            json.field(Key.name, TerminalText.hookLabel(hook))
            json.field(Key.status, finished.result.status.lowercased)
            json.optional(Key.location, hook.flatMap { index.location(of: $0.sourceReference) })
            json.optional(Key.error, finished.result.exception?.stackTrace ?? finished.result.message ?? finished.result.exception?.message)
            if let attachments = byHook[finished.testRunHookStartedId] {
                json.key(Key.attachments)
                self.attachments(attachments, [], &json)
            }
            json.closeObject()
        }
        if !loose.isEmpty {
            json.openObject()
            json.field(Key.name, "Attachments of the run")
            json.field(Key.status, "passed")
            json.key(Key.attachments)
            attachments(loose, [], &json)
            json.closeObject()
        }
        json.closeArray()
    }

    func parseErrors(_ json: inout HTMLDataWriter) {
        typealias Key = HTMLContract.ParseError
        guard !index.parseErrors.isEmpty else { return }
        json.key(HTMLContract.Report.parseErrors)
        json.openArray()
        for error in index.parseErrors {
            json.openObject()
            json.field(Key.uri, error.source.uri ?? "?")
            if let location = error.source.location {
                json.field(Key.line, location.line)
                if let column = location.column { json.field(Key.column, column) }
            }
            json.field(Key.message, parseErrorWords?(error) ?? error.messageWithoutLocation)
            json.closeObject()
        }
        json.closeArray()
    }
}
