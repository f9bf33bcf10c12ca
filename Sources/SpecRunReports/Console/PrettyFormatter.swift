import Messages

/// Features, rules, scenarios and steps as each scenario finishes, coloured by status, with errors,
/// step definition locations, ambiguous candidates, snippets and attachments; the summary at the end.
final class PrettyFormatter: EnvelopeFormatter {
    private let sink: any TextSink
    private var feed: IndexFeed
    private var index: RunIndex { feed.index }
    private let text: ConsoleText
    private var lastFeatureUri: String?
    private var lastRuleId: String?
    private var printedSnippets: Set<String> = []

    init(sink: any TextSink, feed: IndexFeed, options: ReportOptions) {
        self.sink = sink
        self.feed = feed
        text = ConsoleText(index: feed.index, style: ConsoleStyle(colors: options.colors), options: options)
    }

    func handle(_ envelope: Envelope) {
        feed.handle(envelope)
        if let finished = envelope.testCaseFinished, let attempt = index.attempts[id: finished.testCaseStartedId] {
            sink.write(block(attempt))
        }
    }

    func finish() throws {
        var out = lastFeatureUri == nil ? "" : "\n"
        out += text.remainingSnippets(printed: printedSnippets)
        let failing = text.failingScenarios()
        if !failing.isEmpty { out += failing + "\n" }
        out += text.runProblems()
        out += text.summary()
        sink.write(out)
        try sink.close()
    }

    private func block(_ attempt: RunIndex.Attempt) -> String {
        guard let pickle = index.pickle(of: attempt) else { return "" }
        let lineage = index.lineage(of: pickle)
        let style = text.style
        var out = ""
        if pickle.uri != lastFeatureUri, let feature = lineage?.feature {
            if lastFeatureUri != nil { out += "\n" }
            lastFeatureUri = pickle.uri
            lastRuleId = nil
            let tags = feature.tags.map(\.name).joined(separator: " ")
            if !tags.isEmpty { out += style.paint(tags, .cyan) + "\n" }
            out += style.paint(feature.keyword + ":", .bold) + " " + feature.name + "\n"
            out += descriptionLines(feature.description, indent: "  ")
        }
        var indent = "  "
        if let rule = lineage?.rule {
            indent = "    "
            if rule.id != lastRuleId {
                lastRuleId = rule.id
                out += "\n  " + style.paint(rule.keyword + ":", .bold) + " " + rule.name + "\n"
                out += descriptionLines(rule.description, indent: "    ")
            }
        } else {
            lastRuleId = nil
        }
        let results = index.results(of: attempt)
        let texts = results.map { index.text(of: $0.step, in: pickle) }
        let column = text.commentColumn(pickle, lineage, indent: indent, texts: texts)
        out += "\n" + text.scenarioHeader(attempt, pickle, lineage, indent: indent, commentColumn: column)
        let stepIndent = indent + "  "
        for (position, (step, finished)) in results.enumerated() {
            out += text.stepBlock(attempt, step, finished, text: texts[position], indent: stepIndent,
                                  printedSnippets: &printedSnippets, commentColumn: column)
        }
        if attempt.finished?.willBeRetried == true {
            out += indent + "  " + style.paint("This scenario will be retried.", .yellow) + "\n"
        }
        return out
    }

    private func descriptionLines(_ description: String, indent: String) -> String {
        let lines = description.split(separator: "\n", omittingEmptySubsequences: false)
            .map { $0.trimmingCharacters(in: .whitespaces) }
        guard lines.contains(where: { !$0.isEmpty }) else { return "" }
        return lines.map { $0.isEmpty ? "\n" : indent + text.style.paint($0, .grey) + "\n" }.joined()
    }
}
