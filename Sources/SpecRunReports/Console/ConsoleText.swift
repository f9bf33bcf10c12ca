import Foundation
import Messages
import SpecRunReportCore

/// The text blocks the console formats share: step details, failures, snippets and the closing summary.
struct ConsoleText {
    let index: RunIndex
    let style: ConsoleStyle
    let options: ReportOptions
    /// The lines under an undefined step, by snippet and indentation: a first run prints the same few snippets
    /// under thousands of steps.
    private let undefinedBlocks = UndefinedBlocks()

    /// Statuses in the order the summary lists them: cucumber-js's (`failed, ambiguous, undefined, pending, skipped,
    /// passed`), then `unknown` (a test case that never finished), which cucumber-js does not list.
    static let summaryOrder: [TestStepResultStatus] = [.failed, .ambiguous, .undefined, .pending, .skipped, .passed, .unknown]

    // MARK: Scenario blocks

    func scenarioHeader(_ attempt: RunIndex.Attempt, indent: String, tags showTags: Bool = true, commentColumn: Int = 0) -> String {
        guard let pickle = index.pickle(of: attempt) else { return "" }
        return scenarioHeader(attempt, pickle, index.lineage(of: pickle), indent: indent, tags: showTags, commentColumn: commentColumn)
    }

    /// The same, with the attempt's pickle and its lineage already looked up.
    func scenarioHeader(
        _ attempt: RunIndex.Attempt, _ pickle: Pickle, _ lineage: Lineage?, indent: String,
        tags showTags: Bool = true, commentColumn: Int = 0
    ) -> String {
        var out = ""
        // The scenario's own tags (and its examples'); the feature's and rule's show in their headers.
        let tags: String
        if pickle.tags.isEmpty {
            tags = ""
        } else {
            let inherited = Set((lineage?.feature.tags ?? []).map(\.id) + (lineage?.rule?.tags ?? []).map(\.id))
            tags = pickle.tags.filter { !inherited.contains($0.astNodeId) }.map(\.name).joined(separator: " ")
        }
        if showTags && !tags.isEmpty { out += indent + style.paint(tags, .cyan) + "\n" }
        let keyword = lineage?.scenarioKeyword ?? "Scenario"
        var title = indent + style.paint(keyword + ":", .bold) + " " + pickle.name
        var width = TerminalText.width(indent) + TerminalText.width(keyword) + 2 + TerminalText.width(pickle.name)
        if attempt.started.attempt > 0 {
            let note = " (attempt \(attempt.started.attempt + 1))"
            title += style.paint(note, .grey)
            width += note.count
        }
        if options.showLocations { title += Self.padding(width, commentColumn) + style.paint("# \(pickleLocation(pickle))", .grey) }
        out += title + "\n"
        return out
    }

    func pickleLocation(_ pickle: Pickle) -> String {
        "\(pickle.uri):\(pickle.location?.line ?? index.lineage(of: pickle)?.scenario?.location.line ?? 0)"
    }

    /// The lines of one test step: the step (or a hook when it did not pass, or skipped with a reason), its argument, attachments,
    /// error, ambiguous candidates and snippet.
    func stepBlock(
        _ attempt: RunIndex.Attempt, _ step: TestStep, _ finished: StepOutcome, indent: String,
        printedSnippets: inout PrintedSnippets, commentColumn: Int = 0
    ) -> String {
        stepBlock(
            attempt, step, finished, text: index.text(of: step), indent: indent, printedSnippets: &printedSnippets,
            commentColumn: commentColumn)
    }

    /// The same, with the step's text already looked up (`index.text(of: step)`).
    func stepBlock(
        _ attempt: RunIndex.Attempt, _ step: TestStep, _ finished: StepOutcome,
        text: StepText?, indent: String,
        printedSnippets: inout PrintedSnippets, commentColumn: Int = 0
    ) -> String {
        let status = finished.testStepResult.status
        var out = ""
        let detail = indent + "  "
        if let text {
            // Appended piece by piece: this runs for every step of the run.
            out += indent
            out += style.start(ConsoleStyle.color(status))
            out += ConsoleStyle.symbol(status)
            out += " "
            out += text.keyword
            out += text.text
            out += style.end
            if options.showLocations, let location = index.definitionLocation(of: step) {
                Self.appendPadding(to: &out, TerminalText.width(indent) + 2 + text.width, commentColumn)
                out += style.start(.grey)
                out += "# "
                out += location
                out += style.end
            }
            out += "\n"
            if let argument = text.argument {
                out += self.argument(argument, indent: detail)
            }
        } else {
            guard let hook = shownHook(step, finished) else { return attachments(attempt, step, indent: indent + "  ") }
            out += indent + style.paint(ConsoleStyle.symbol(status) + " " + hook.label, status)
            if let location = hook.location {
                Self.appendPadding(to: &out, TerminalText.width(indent) + 2 + TerminalText.width(hook.label), commentColumn)
                out += style.paint("# \(location)", .grey)
            }
            out += "\n"
        }
        out += attachments(attempt, step, indent: detail)
        out += problem(step, finished.testStepResult, indent: detail, printedSnippets: &printedSnippets, commentColumn: commentColumn)
        return out
    }

    /// The label of a hook's line (`After hook "close the chat"`) and the location its comment names (nil with
    /// locations off), when the line shows: when the hook did not pass, and when it skipped the scenario with a
    /// reason (`skip("why")`); nil when it does not show.
    func shownHook(_ step: TestStep, _ finished: StepOutcome) -> (label: String, location: String?)? {
        let result = finished.testStepResult
        let status = result.status
        let skipReason = status == .skipped ? result.exception?.message ?? result.message : nil
        guard status != .passed && (status != .skipped || skipReason?.isEmpty == false) else { return nil }
        let hook = index.hook(of: step)
        let location = options.showLocations ? hook.flatMap { index.location(of: $0.sourceReference) } : nil
        return (hookLabel(hook), location)
    }

    /// The widths of the candidate lines under an ambiguous step (with locations on), counted as `appendScenario`
    /// counts a step line's: less the scenario's indentation and four columns (`problem` writes them two columns
    /// deeper than a step's keyword).
    func candidateWidths(_ step: TestStep, _ status: TestStepResultStatus) -> [Int] {
        guard status == .ambiguous, options.showLocations else { return [] }
        return (step.stepDefinitionIds ?? []).compactMap { index.stepDefinitions[$0].map { 2 + TerminalText.width($0.pattern.source) } }
    }

    func hookLabel(_ hook: Hook?) -> String { TerminalText.hookLabel(hook) }

    /// Spaces that bring a line of `width` characters to the comment column (two at least), so the `# file:line`
    /// comments of a scenario line up.
    static func padding(_ width: Int, _ column: Int) -> String {
        String(repeating: " ", count: max(2, column - width))
    }

    /// Appends the same spaces to `out` (from one long run of spaces, no new string).
    static func appendPadding(to out: inout String, _ width: Int, _ column: Int) {
        var count = max(2, column - width)
        while count > 0 {
            let piece = min(count, spaces.utf8.count)
            out += spaces[..<spaces.utf8.index(spaces.startIndex, offsetBy: piece)]
            count -= piece
        }
    }

    private static let spaces = String(repeating: " ", count: 128)

    /// Two spaces after the widest of the header and the other lines (steps, hooks shown, an ambiguous step's
    /// candidates) that is not wider than `widestAligned`: one 10 MB step must not pad every other line of its scenario
    /// to 10 MB. (`appendScenario` works out the lines' widths.)
    static func commentColumn(header: Int, lines: some Sequence<Int>) -> Int {
        var widest = header <= widestAligned ? header : 0
        for width in lines where width <= widestAligned { widest = max(widest, width) }
        return widest + 2
    }

    /// The widest line the `# file:line` comments are aligned after; longer lines are not aligned with the others.
    static let widestAligned = 160

    /// The error, ambiguous candidates or snippet under a step that did not pass.
    /// `place`: where the step's pickle step is in the index, when the caller knows.
    /// `commentColumn`: where the `# file:line` of an ambiguous step's candidates start (two spaces after each when 0).
    func problem(
        _ step: TestStep, _ result: TestStepResult, indent: String, printedSnippets: inout PrintedSnippets,
        place: PickleStepPlace? = nil, commentColumn: Int = 0
    ) -> String {
        var out = ""
        switch result.status {
        case .failed, .pending:
            let text =
                result.exception?.stackTrace ?? result.message ?? result.exception?.message
                ?? (result.status == .pending ? "Pending" : "Failed")
            out += indented(text, indent, color: ConsoleStyle.color(result.status))
            // With locations on, the step's line already names its definition.
            if result.status == .failed, !options.showLocations, let definition = index.stepDefinition(of: step),
                let location = index.location(of: definition.sourceReference)
            {
                out += indent + style.paint("step definition: \(location)", .grey) + "\n"
            }
        case .ambiguous:
            out += indent + style.paint("Ambiguous: more than one step definition matches:", .magenta) + "\n"
            let candidateIndent = indent + "  "
            let indentWidth = TerminalText.width(candidateIndent)
            for id in step.stepDefinitionIds ?? [] {
                guard let definition = index.stepDefinitions[id] else { continue }
                out += candidateIndent + style.paint(definition.pattern.source, .magenta)
                if options.showLocations {
                    Self.appendPadding(to: &out, indentWidth + TerminalText.width(definition.pattern.source), commentColumn)
                    out += style.paint("# \(index.location(of: definition.sourceReference) ?? "?")", .grey)
                }
                out += "\n"
            }
            // The message lists the same candidates: shown only when the definitions are not known here.
            if (step.stepDefinitionIds ?? []).isEmpty, let message = result.message, !message.isEmpty {
                out += indented(message, indent, color: .magenta)
            }
        case .undefined:
            // Why it is undefined, when the run knows (a definition scoped to tags this scenario lacks).
            if let message = result.message, !message.isEmpty { out += indented(message, indent, color: .yellow) }
            if let first = index.firstSuggestedCode(step.pickleStepId, at: place) {
                printedSnippets.insert(first)
                out += undefinedBlocks.block(snippet: first, indent: indent) {
                    indent + style.paint("Undefined. Implement it with:", .yellow) + "\n"
                        + indented(index.snippetCodes[first], indent + "  ", color: .yellow)
                }
            } else {
                out += indent + style.paint("Undefined: no step definition matches this step.", .yellow) + "\n"
            }
        case .skipped:
            if let message = result.exception?.message ?? result.message, !message.isEmpty {
                out += indented(message, indent, color: .cyan)
            }
        case .passed, .unknown:
            break
        }
        return out
    }

    /// A step's doc string or data table, as `appendArgument` writes it.
    func argument(_ argument: PickleStepArgument, indent: String) -> String {
        var out = ConsoleBuffer(capacity: 256)
        appendArgument(argument, indent: indent, to: &out)
        return out.text
    }

    func attachments(_ attempt: RunIndex.Attempt, _ step: TestStep, indent: String) -> String {
        var out = ""
        for attachment in attempt.attachments[step.id] ?? [] {
            out += attachmentLine(attachment, indent: indent)
        }
        for external in attempt.externalAttachments[step.id] ?? [] {
            out += indent + style.paint("Attachment (\(external.mediaType)): \(external.url)", .grey) + "\n"
        }
        return out
    }

    func attachmentLine(_ attachment: Attachment, indent: String) -> String {
        let media = attachment.mediaType
        let isText =
            media.hasPrefix("text/") || media == "application/json" || media.hasSuffix("+json")
            || media.hasSuffix("+xml") && !media.hasPrefix("image/")
        if media == "text/x.cucumber.log+plain" {
            return indented(attachment.decodedText, indent, color: .grey)
        }
        let name = attachment.fileName.map { " \"\($0)\"" } ?? ""
        if isText && attachment.contentEncoding == .identity {
            return indent + style.paint("Attachment\(name) (\(media)):", .grey) + "\n"
                + indented(attachment.body, indent + "  ", color: nil)
        }
        let size = attachment.contentEncoding == .base64 ? (attachment.body.count / 4) * 3 : attachment.body.utf8.count
        return indent + style.paint("Attachment\(name) (\(media), \(size) bytes)", .grey) + "\n"
    }

    func indented(_ text: String, _ indent: String, color: ConsoleStyle.Color?) -> String {
        // "\r\n" is one Character, which a split on "\n" keeps whole: such a text keeps the Character split.
        if text.utf8.contains(0x0D) {
            var out = ""
            for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
                let plain = String(line)
                out += indent + (color.map { style.paint(plain, $0) } ?? plain) + "\n"
            }
            return out
        }
        // Otherwise lines split on the newline byte, without breaking the text into Characters (a first run
        // prints a snippet under every undefined step).
        var out = ""
        out.reserveCapacity(text.utf8.count + 8 * (indent.utf8.count + 10))
        let start = color.map(style.start) ?? "", end = color == nil ? "" : style.end
        for line in text.utf8.split(separator: 0x0A, omittingEmptySubsequences: false) {
            out += indent
            if line.isEmpty {
                // (An empty line is not painted.)
            } else {
                out += start
                out += text[line.startIndex..<line.endIndex]
                out += end
            }
            out += "\n"
        }
        return out
    }

    /// `0m0.123s`.
    static func minutesAndSeconds(_ nanos: Int64) -> String {
        let totalMillis = nanos / 1_000_000
        let minutes = totalMillis / 60_000
        let seconds = (totalMillis % 60_000) / 1000
        let millis = totalMillis % 1000
        let padded = String(millis)
        return "\(minutes)m\(seconds).\(String(repeating: "0", count: 3 - padded.count))\(padded)s"
    }
}
