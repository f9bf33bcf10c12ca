import Messages
import SpecRunReportCore

/// Features, rules, scenarios and steps as each scenario finishes, coloured by status, with errors,
/// step definition locations, ambiguous candidates, snippets and attachments; the summary at the end.
final class PrettyFormatter: EnvelopeFormatter {
    private let sink: any TextSink
    private var index: RunIndex { state.feed.index }
    private let text: ConsoleText
    #if DEBUG  // exclusivity checked in tests; unchecked in release: touched for every envelope and step line (callgrind, docs/PERFORMANCE.md)
    private var state: State
    #else
    @exclusivity(unchecked) private var state: State
    #endif

    fileprivate struct State {
        var feed: IndexFeed
        var lastFeatureUri: String?
        var lastRuleId: String?
        var printedSnippets = PrintedSnippets()
        /// The block being written, and the step lines of its scenario: storage kept from one scenario to the next.
        var out = ConsoleBuffer(capacity: 4096)
        var lines: [ConsoleStepLine] = []
    }

    init(sink: any TextSink, feed: IndexFeed, options: ReportOptions) {
        self.sink = sink
        state = State(feed: feed)
        text = ConsoleText(index: feed.index, style: ConsoleStyle(colors: options.colors), options: options)
    }

    func handle(_ envelope: Envelope) {
        state.feed.handle(envelope)
        if envelope.kind == .testCaseFinished,
            let attempt = envelope.withTestCaseFinished({ index.finishedAttempt(id: $0.testCaseStartedId) }) ?? nil
        {
            write(attempt)
        }
    }

    func finish() throws {
        var out = state.lastFeatureUri == nil ? "" : "\n"
        let finals = index.finalAttempts()
        out += text.remainingSnippets(printed: state.printedSnippets, finals: finals)
        let failing = text.failingScenarios(finals: finals)
        if !failing.isEmpty { out += failing + "\n" }
        out += text.runProblems()
        out += text.summary(finals: finals)
        sink.write(out)
        try sink.close()
    }

    /// Writes the block of a finished attempt: its feature's and rule's headers when they change, the scenario
    /// and its steps.
    private func write(_ attempt: RunIndex.Attempt) {
        let index = index
        guard let record = index.record(of: attempt),
            let slot = record.pickleSlot >= 0 ? Int(record.pickleSlot) : index.pickleSlot(id: record.testCase.pickleId)
        else { return }
        index.withStoredPickle(slot: slot) { state.block(attempt, record: record, pickle: $0, slot: slot, index: index, text: text) }
        state.out.withBytes { sink.write(utf8: $0) }
    }
}

extension PrettyFormatter.State {
    /// Makes the block of a finished attempt in `out`. (The pickle read in place: passing it on as a value copies it.)
    mutating func block(
        _ attempt: RunIndex.Attempt, record: CaseRecord, pickle: UnsafePointer<Pickle>, slot: Int,
        index: RunIndex, text: ConsoleText
    ) {
        let lineage = index.lineage(ofPickleNodes: pickle.pointee.astNodeIds)
        let style = text.style
        out.removeAll()
        if pickle.pointee.uri != lastFeatureUri, let feature = lineage?.feature {
            if lastFeatureUri != nil { out.append(byte: 0x0A) }
            lastFeatureUri = pickle.pointee.uri
            lastRuleId = nil
            let tags = feature.tags.map(\.name).joined(separator: " ")
            if !tags.isEmpty { out.append(style.paint(tags, .cyan) + "\n") }
            out.append(style.paint(feature.keyword + ":", .bold) + " " + feature.name + "\n")
            out.append(PrettyFormatter.descriptionLines(feature.description, indent: "  ", style: style))
        }
        var indent = "  "
        if let ruleId = lineage?.ruleId, let lineage {
            indent = "    "
            if ruleId != lastRuleId, let rule = lineage.rule {
                lastRuleId = rule.id
                out.append("\n  " + style.paint(rule.keyword + ":", .bold) + " " + rule.name + "\n")
                out.append(PrettyFormatter.descriptionLines(rule.description, indent: "    ", style: style))
            }
        } else {
            lastRuleId = nil
        }
        text.appendScenario(
            attempt, record: record, pickle: pickle, slot: slot, derived: index.derivedStepIds[slot], lineage: lineage, indent: indent,
            printedSnippets: &printedSnippets, lines: &lines, to: &out)
        if attempt.finished?.willBeRetried == true {
            out.append(indent + "  " + style.paint("This scenario will be retried.", .yellow) + "\n")
        }
    }
}

extension PrettyFormatter {
    fileprivate static func descriptionLines(_ description: String, indent: String, style: ConsoleStyle) -> String {
        // Split on the newline byte when no "\r\n" (one Character) can be in it: no Character breaking.
        let lines =
            description.utf8.contains(0x0D)
            ? description.split(separator: "\n", omittingEmptySubsequences: false).map(Self.trimmed)
            : description.utf8.split(separator: 0x0A, omittingEmptySubsequences: false).map { Self.trimmed(Substring($0)) }
        guard lines.contains(where: { !$0.isEmpty }) else { return "" }
        return lines.map { $0.isEmpty ? "\n" : indent + style.paint($0, .grey) + "\n" }.joined()
    }

    /// The line without the whitespace around it, as `trimmingCharacters(in: .whitespaces)` gives it: for an
    /// ASCII line, without Foundation (whose only ASCII whitespace there is space and tab).
    static func trimmed(_ line: Substring) -> String {
        guard line.utf8.allSatisfy({ $0 < 0x80 }) else { return line.trimmingCharacters(in: .whitespaces) }
        let utf8 = line.utf8
        guard let first = utf8.firstIndex(where: { $0 != 0x20 && $0 != 0x09 }),
            let last = utf8.lastIndex(where: { $0 != 0x20 && $0 != 0x09 })
        else { return "" }
        return String(line[first...last])
    }
}
