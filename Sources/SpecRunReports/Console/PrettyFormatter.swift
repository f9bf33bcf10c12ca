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
        let finals = index.finalAttempts()
        out += text.remainingSnippets(printed: printedSnippets, finals: finals)
        let failing = text.failingScenarios(finals: finals)
        if !failing.isEmpty { out += failing + "\n" }
        out += text.runProblems()
        out += text.summary(finals: finals)
        sink.write(out)
        try sink.close()
    }

    private func block(_ attempt: RunIndex.Attempt) -> String {
        guard let pickle = index.storedPickle(of: attempt) else { return "" }
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
        let results = index.stepTexts(of: attempt)
        let column = text.commentColumn(pickle, lineage, indent: indent, texts: results.map(\.text))
        out += "\n" + text.scenarioHeader(attempt, pickle, lineage, indent: indent, commentColumn: column)
        let stepIndent = indent + "  "
        for (step, finished, stepText) in results {
            out += text.stepBlock(attempt, step, finished, text: stepText, indent: stepIndent,
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
