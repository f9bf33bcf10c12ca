import Foundation
import Messages
import SpecRunReportCore

/// The legacy Cucumber JSON report in the cucumber-jvm dialect, as cucumber/cucumber-json-formatter writes it.
struct CucumberJSONWriter {
    let index: RunIndex
    var mergedRuns = false

    /// Writes the report (an indented array of features), one feature at a time.
    ///
    /// Like the official cucumber-json-formatter, one entry per feature, in the order the documents were read
    /// (`--order reverse` or `random` give the same features in the same order), each feature's scenarios in the
    /// planned order (the `testCase` messages'), which is the execution order of a serial run and makes a
    /// parallel run's report equal to the serial run's. Merged runs (CI shards) have no one execution order:
    /// their test cases come in the defined order (`RunIndex.reportedAttempts`).
    func write(to output: DocumentOutput) {
        var stretches: [(uri: String, attempts: [(RunIndex.Attempt, Pickle, Lineage)])] = []
        for attempt in index.reportedAttempts(mergedRuns: mergedRuns) {
            guard let pickle = index.pickle(of: attempt), let lineage = index.lineage(of: pickle) else { continue }
            if stretches.last?.uri == pickle.uri {
                stretches[stretches.count - 1].attempts.append((attempt, pickle, lineage))
            } else {
                stretches.append((pickle.uri, [(attempt, pickle, lineage)]))
            }
        }
        guard !stretches.isEmpty else {
            output.write("[]\n")
            return
        }
        output.write("[")
        for offset in stretches.indices {
            if offset > 0 { output.bytes.append(UInt8(ascii: ",")) }
            JSONText.newline(&output.bytes, 1)
            let stretch = stretches[offset]
            stretches[offset].attempts = []
            feature(stretch.uri, stretch.attempts).write(into: &output.bytes, pretty: true, html: false, depth: 1)
            output.flushIfFull()
        }
        output.write("\n]\n")
    }

    private func feature(_ uri: String, _ attempts: [(RunIndex.Attempt, Pickle, Lineage)]) -> JSONValue {
        let feature = attempts[0].2.feature
        return .object([
            ("uri", .string(uri)),
            ("id", .string(Self.slug(feature.name))),
            ("line", .int(Int64(feature.location.line))),
            ("keyword", .string(feature.keyword)),
            ("name", .string(feature.name)),
            ("description", .string(feature.description)),
            ("elements", .array(attempts.flatMap { elements($0.0, $0.1, $0.2) })),
            (
                "tags",
                .array(
                    feature.tags.map { tag in
                        .object([
                            ("name", .string(tag.name)),
                            ("type", .string("Tag")),
                            (
                                "location",
                                .object([
                                    ("line", .int(Int64(tag.location.line))),
                                    ("column", .int(Int64(tag.location.column ?? 1))),
                                ])
                            ),
                        ])
                    })
            ),
        ])
    }

    /// The optional background element and the scenario element of one test case.
    private func elements(_ attempt: RunIndex.Attempt, _ pickle: Pickle, _ lineage: Lineage) -> [JSONValue] {
        // Like cucumber-jvm: a background element only when the feature has a Background; it holds every
        // background step (the feature's and the rule's). A rule-only background's steps stay in the scenario.
        let background = lineage.tree.background
        var backgroundSteps: [JSONValue] = []
        var steps: [JSONValue] = []
        var before: [JSONValue] = [], after: [JSONValue] = []
        var pendingStepHooks: [JSONValue] = []
        var lastStep: (inBackground: Bool, index: Int, after: [JSONValue])?

        func flushAfterStepHooks() {
            guard let last = lastStep, !last.after.isEmpty else { return }
            if last.inBackground {
                backgroundSteps[last.index] = Self.adding("after", last.after, to: backgroundSteps[last.index])
            } else {
                steps[last.index] = Self.adding("after", last.after, to: steps[last.index])
            }
            lastStep?.after = []
        }

        guard let testCase = index.testCase(of: attempt) else { return [] }
        for testStep in testCase.testSteps {
            guard let finished = index.outcome(of: testStep, in: attempt) else { continue }
            let attachments = attempt.attachments[testStep.id] ?? []
            if let hookId = testStep.hookId {
                let hook = index.hooks[hookId]
                let object = hookObject(hook, finished.testStepResult, attachments)
                switch hook?.type {
                case .beforeTestStep?: pendingStepHooks.append(object)
                case .afterTestStep?: lastStep?.after.append(object)
                case .beforeTestCase?: before.append(object)
                case .afterTestCase?: after.append(object)
                default: if lastStep == nil { before.append(object) } else { after.append(object) }
                }
                continue
            }
            guard let pickleStepId = testStep.pickleStepId, let pickleStep = index.pickleStep(pickleStepId) else { continue }
            flushAfterStepHooks()
            let stepLineage = index.lineage(of: pickleStep)
            var object = stepObject(testStep, pickleStep, stepLineage?.step, finished.testStepResult, attachments)
            if !pendingStepHooks.isEmpty {
                object = Self.adding("before", pendingStepHooks, to: object)
                pendingStepHooks = []
            }
            if background != nil, stepLineage?.background != nil {
                backgroundSteps.append(object)
                lastStep = (true, backgroundSteps.count - 1, [])
            } else {
                steps.append(object)
                lastStep = (false, steps.count - 1, [])
            }
        }
        flushAfterStepHooks()

        var result: [JSONValue] = []
        if let background {
            result.append(
                .object([
                    ("line", .int(Int64(background.location.line))),
                    ("type", .string("background")),
                    ("keyword", .string(background.keyword)),
                    ("name", .string(background.name)),
                    ("description", .string(background.description)),
                    ("steps", .array(backgroundSteps)),
                ]))
        }
        let scenario = lineage.scenario
        var members: [(String, JSONValue)] = [
            ("start_timestamp", .string(ISOTime.string(attempt.started.timestamp.totalNanos, withMillis: true))),
            ("line", .int(Int64(pickle.location?.line ?? lineage.row?.location.line ?? scenario?.location.line ?? 0))),
            ("id", .string(elementId(lineage, pickle))),
            ("type", .string("scenario")),
            ("keyword", .string(scenario?.keyword ?? "Scenario")),
            ("name", .string(pickle.name)),
            ("description", .string(scenario?.description ?? "")),
            ("steps", .array(steps)),
        ]
        if !before.isEmpty { members.append(("before", .array(before))) }
        if !after.isEmpty { members.append(("after", .array(after))) }
        if !pickle.tags.isEmpty { members.append(("tags", .array(pickle.tags.map { .object([("name", .string($0.name))]) }))) }
        result.append(.object(members))
        return result
    }

    private func stepObject(
        _ testStep: TestStep, _ pickleStep: PickleStep, _ step: Step?, _ result: TestStepResult, _ attachments: [Attachment]
    ) -> JSONValue {
        var match: [(String, JSONValue)] = []
        if let definition = index.stepDefinition(of: testStep) {
            // cucumber-jvm writes no location for an undefined result.
            if !Self.isUndefined(result), let location = index.location(of: definition.sourceReference) {
                match.append(("location", .string(location)))
            }
            let arguments = testStep.stepMatchArgumentsLists?.first?.stepMatchArguments ?? []
            if !arguments.isEmpty {
                match.append(
                    (
                        "arguments",
                        .array(
                            arguments.map { argument in
                                var members: [(String, JSONValue)] = []
                                if let value = argument.group.value {
                                    members.append(("val", .string(value)))
                                    if let start = argument.group.start { members.append(("offset", .int(Int64(start)))) }
                                }
                                return .object(members)
                            })
                    ))
            }
        }
        var members: [(String, JSONValue)] = [
            ("keyword", .string(step?.keyword ?? "* ")),
            ("line", .int(Int64(step?.location.line ?? 0))),
            ("match", .object(match)),
            ("name", .string(pickleStep.text)),
            ("result", resultObject(result)),
        ]
        if let docString = pickleStep.argument?.docString {
            var doc: [(String, JSONValue)] = [
                ("line", .int(Int64(step?.docString?.location.line ?? step?.location.line ?? 0))),
                ("value", .string(docString.content)),
            ]
            if let mediaType = docString.mediaType { doc.append(("content_type", .string(mediaType))) }
            members.append(("doc_string", .object(doc)))
        }
        if let table = pickleStep.argument?.dataTable {
            members.append(
                (
                    "rows",
                    .array(
                        table.rows.map { row in
                            .object([("cells", .array(row.cells.map { .string($0.value) }))])
                        })
                ))
        }
        members.append(contentsOf: attachmentMembers(attachments))
        return .object(members)
    }

    private func hookObject(_ hook: Hook?, _ result: TestStepResult, _ attachments: [Attachment]) -> JSONValue {
        var match: [(String, JSONValue)] = []
        if !Self.isUndefined(result), let reference = hook?.sourceReference, let location = index.location(of: reference) {
            match.append(("location", .string(location)))
        }
        var members: [(String, JSONValue)] = []
        members.append(contentsOf: attachmentMembers(attachments))
        members.append(("match", .object(match)))
        members.append(("result", resultObject(result)))
        return .object(members)
    }

    /// `duration` in nanoseconds when not zero, `status` in lower case, `error_message` when there is an error.
    /// An undefined step never ran: cucumber-jvm gives it no duration and no error, whatever the stream says.
    private func resultObject(_ result: TestStepResult) -> JSONValue {
        if Self.isUndefined(result) { return .object([("status", .string("undefined"))]) }
        var members: [(String, JSONValue)] = []
        let nanos = result.duration.totalNanos
        if nanos > 0 { members.append(("duration", .int(nanos))) }
        members.append(("status", .string(result.status.lowercased)))
        if let error = result.exception?.stackTrace ?? result.message ?? result.exception?.message {
            members.append(("error_message", .string(error)))
        }
        return .object(members)
    }

    /// UNDEFINED, or UNKNOWN (which the cucumber-jvm dialect has no word for).
    static func isUndefined(_ result: TestStepResult) -> Bool {
        result.status == .undefined || result.status == .unknown
    }

    /// Logged text goes to `output`; every other attachment to `embeddings`, base64-encoded.
    private func attachmentMembers(_ attachments: [Attachment]) -> [(String, JSONValue)] {
        var embeddings: [JSONValue] = []
        var output: [JSONValue] = []
        for attachment in attachments {
            if attachment.mediaType == "text/x.cucumber.log+plain" {
                output.append(.string(attachment.decodedText))
                continue
            }
            var members: [(String, JSONValue)] = [
                ("mime_type", .string(attachment.mediaType)),
                ("data", .string(attachment.base64Body)),
            ]
            if let name = attachment.fileName { members.append(("name", .string(name))) }
            embeddings.append(.object(members))
        }
        var members: [(String, JSONValue)] = []
        if !embeddings.isEmpty { members.append(("embeddings", .array(embeddings))) }
        if !output.isEmpty { members.append(("output", .array(output))) }
        return members
    }

    private func elementId(_ lineage: Lineage, _ pickle: Pickle) -> String {
        var parts = [Self.slug(lineage.feature.name)]
        if let rule = lineage.rule { parts.append(Self.slug(rule.name)) }
        parts.append(Self.slug(lineage.scenario?.name ?? pickle.name))
        if let examples = lineage.examples, let rowIndex = lineage.rowIndex {
            parts.append(Self.slug(examples.name))
            parts.append(String(rowIndex + 2))
        }
        return parts.joined(separator: ";")
    }

    /// Lower case, with whitespace and `'`, `_`, `,`, `!` each turned into `-`.
    static func slug(_ name: String) -> String {
        var result = String.UnicodeScalarView()
        for scalar in name.lowercased().unicodeScalars {
            switch scalar {
            case " ", "\t", "\n", "\r", "\u{0B}", "\u{0C}", "'", "_", ",", "!": result.append("-")
            default: result.append(scalar)
            }
        }
        return String(result)
    }

    private static func adding(_ key: String, _ hooks: [JSONValue], to object: JSONValue) -> JSONValue {
        guard case .object(var members) = object else { return object }
        if let existing = members.firstIndex(where: { $0.0 == key }), case .array(let old) = members[existing].1 {
            members[existing].1 = .array(old + hooks)
        } else {
            members.append((key, .array(hooks)))
        }
        return .object(members)
    }
}

extension Attachment {
    /// The body as text (base64 bodies decoded as UTF-8).
    var decodedText: String {
        switch contentEncoding {
        case .identity: return body
        case .base64: return Data(base64Encoded: body).map { String(decoding: $0, as: UTF8.self) } ?? body
        }
    }

    /// The body as base64.
    var base64Body: String {
        switch contentEncoding {
        case .base64: return body
        case .identity: return Data(body.utf8).base64EncodedString()
        }
    }
}
