import Messages
import SpecRunReportCore

/// A step line of a scenario being written: what `stepTexts` finds of it, kept only until the scenario is out.
struct ConsoleStepLine {
    /// The position of the test step in its test case.
    var position: Int32
    /// Its pickle step's position in the attempt's pickle; -1 for a hook, -2 for a pickle step found elsewhere.
    var pickleStep: Int32
    var keyword: String
    /// The columns of keyword and text on a terminal (`TerminalText.width`); for a hook, of its label when its line
    /// shows with a `# file:line` comment, -1 when not.
    var width: Int
}

// A finished attempt's scenario block written as UTF-8 bytes: the same text as `scenarioHeader` and `stepBlock`
// (which the console's other formats and the rarer lines still use), without a `String` per piece or a copy of
// each test step, outcome and step text.
extension ConsoleText {
    /// The scenario line and step lines of `attempt`, of test case `record`, whose pickle as the index keeps it
    /// (`storedPickle`, read in place through `RunIndex.withStoredPickle`; `derived`: see `RunIndex.derivedStepIds`)
    /// has `lineage`. `lines` is scratch space, kept by the caller so that its storage serves every scenario.
    func appendScenario(
        _ attempt: RunIndex.Attempt, record: CaseRecord, pickle: UnsafePointer<Pickle>, slot: Int, derived: Bool, lineage: Lineage?,
        indent: String, printedSnippets: inout PrintedSnippets, lines: inout [ConsoleStepLine],
        to out: inout ConsoleBuffer
    ) {
        let steps = record.testCase.testSteps
        lines.removeAll(keepingCapacity: true)
        // The scenario's runs of Gherkin steps, looked up once: each step's keyword is found by its position.
        let runs = lineage?.stepRuns
        var next = 0
        // The candidates of ambiguous steps, which the comment column leaves room for too (none in most scenarios).
        var candidateWidths: [Int] = []
        for position in steps.indices {
            guard let finished = attempt.outcome(at: position) else { continue }
            if finished.status == .ambiguous { candidateWidths += self.candidateWidths(steps[position], .ambiguous) }
            guard let pickleStepId = steps[position].pickleStepId else {
                lines.append(
                    ConsoleStepLine(position: Int32(position), pickleStep: -1, keyword: "", width: hookWidth(steps[position], finished)))
                continue
            }
            if next < pickle.pointee.steps.count, pickle.pointee.steps[next].id == pickleStepId {
                let keyword = Self.keyword(ofStepWith: pickle.pointee.steps[next].astNodeIds, at: next, runs: runs, derived: derived)
                let width = TerminalText.width(keyword) + TerminalText.width(pickle.pointee.steps[next].text)
                lines.append(ConsoleStepLine(position: Int32(position), pickleStep: Int32(next), keyword: keyword, width: width))
                next += 1
            } else if let text = index.text(of: steps[position]) {
                lines.append(ConsoleStepLine(position: Int32(position), pickleStep: -2, keyword: text.keyword, width: text.width))
            } else {
                lines.append(
                    ConsoleStepLine(position: Int32(position), pickleStep: -1, keyword: "", width: hookWidth(steps[position], finished)))
            }
        }
        let keyword = lineage?.scenarioKeyword ?? "Scenario"
        let indentWidth = TerminalText.width(indent)
        let headerWidth = indentWidth + TerminalText.width(keyword) + 2 + TerminalText.width(pickle.pointee.name)
        var column = Self.commentColumn(
            header: headerWidth, lines: lines.lazy.filter { $0.width >= 0 }.map { indentWidth + 4 + $0.width })
        if !candidateWidths.isEmpty {
            column = max(column, Self.commentColumn(header: 0, lines: candidateWidths.lazy.map { indentWidth + 4 + $0 }))
        }

        out.append(byte: 0x0A)
        appendHeader(attempt, pickle, lineage, keyword: keyword, width: headerWidth, indent: indent, column: column, to: &out)
        let stepIndent = indent + "  "
        let stepIndentWidth = indentWidth + 2
        let detail = stepIndent + "  "
        // (Asked once: each read of an attempt's property is an exclusivity check.)
        let hasAttachments = !attempt.attachments.isEmpty || !attempt.externalAttachments.isEmpty
        for line in lines {
            let position = Int(line.position)
            guard let finished = attempt.outcome(at: position) else { continue }
            if line.pickleStep == -1 {
                out.append(
                    stepBlock(
                        attempt, steps[position], finished, text: nil, indent: stepIndent,
                        printedSnippets: &printedSnippets, commentColumn: column))
                continue
            }
            let status = finished.status
            out.append(stepIndent)
            out.start(ConsoleStyle.color(status), style)
            out.append(ConsoleStyle.symbol(status))
            out.append(byte: 0x20)
            out.append(line.keyword)
            let argument: PickleStepArgument?
            if line.pickleStep >= 0 {
                let pickleStep = Int(line.pickleStep)
                out.append(pickle.pointee.steps[pickleStep].text)
                argument = pickle.pointee.steps[pickleStep].argument
            } else {
                let text = index.text(of: steps[position])
                out.append(text?.text ?? "")
                argument = text?.argument
            }
            out.end(style)
            if options.showLocations, let location = index.indexedDefinitionLocation(ids: steps[position].stepDefinitionIds) {
                out.appendSpaces(max(2, column - (stepIndentWidth + 2 + line.width)))
                out.start(.grey, style)
                out.append(byte: 0x23)
                out.append(byte: 0x20)
                out.append(location)
                out.end(style)
            }
            out.append(byte: 0x0A)
            if let argument { appendArgument(argument, indent: detail, to: &out) }
            if hasAttachments {
                out.append(attachments(attempt, steps[position], indent: detail))
            }
            // (A skipped step says something only with a message: every step of a dry run is one without.)
            if status != .passed && status != .unknown && (status != .skipped || finished.hasDetails) {
                let place = line.pickleStep >= 0 ? PickleStepPlace(slot: Int32(slot), position: line.pickleStep) : nil
                out.append(
                    problem(
                        steps[position], finished.testStepResult, indent: detail, printedSnippets: &printedSnippets,
                        place: place, commentColumn: column))
            }
        }
    }

    /// The columns of a hook's label when its line shows with a `# file:line` comment (`shownHook`), -1 when not.
    private func hookWidth(_ step: TestStep, _ finished: StepOutcome) -> Int {
        guard let hook = shownHook(step, finished), hook.location != nil else { return -1 }
        return TerminalText.width(hook.label)
    }

    /// The keyword of the Gherkin step of the pickle step at `position` with AST node ids `ids` (as
    /// `RunIndex.lineage(of:at:scenario:derived:)` finds it, `"* "` without one).
    private static func keyword(ofStepWith ids: borrowing [String], at position: Int, runs: StepRuns?, derived: Bool) -> String {
        guard let runs else { return "* " }
        let found: (index: Int, background: Bool)?
        if let id = ids.first {
            found = runs.step(id: id, position: position)
        } else {
            found = derived ? runs.step(position: position) : nil
        }
        guard let found else { return "* " }
        return runs.tree.steps.all[found.index].keyword
    }

    /// The scenario's own tags and its title line, as `scenarioHeader` writes them.
    private func appendHeader(
        _ attempt: RunIndex.Attempt, _ pickle: UnsafePointer<Pickle>, _ lineage: Lineage?, keyword: String, width: Int,
        indent: String, column: Int, to out: inout ConsoleBuffer
    ) {
        if !pickle.pointee.tags.isEmpty {
            // The feature's and rule's tags show in their headers.
            let featureTags = lineage?.feature.tags ?? []
            let ruleTags = lineage?.rule?.tags ?? []
            func inherited(_ tag: PickleTag) -> Bool {
                featureTags.contains { $0.id == tag.astNodeId } || ruleTags.contains { $0.id == tag.astNodeId }
            }
            var kept = 0
            var keptBytes = 0
            for tag in pickle.pointee.tags where !inherited(tag) {
                kept += 1
                keptBytes += tag.name.utf8.count
            }
            // As the names joined by spaces: nothing when that is empty.
            if kept > 1 || keptBytes > 0 {
                out.append(indent)
                out.start(.cyan, style)
                var first = true
                for tag in pickle.pointee.tags where !inherited(tag) {
                    if !first { out.append(byte: 0x20) }
                    first = false
                    out.append(tag.name)
                }
                out.end(style)
                out.append(byte: 0x0A)
            }
        }
        out.append(indent)
        out.start(.bold, style)
        out.append(keyword)
        out.append(byte: 0x3A)
        out.end(style)
        out.append(byte: 0x20)
        out.append(pickle.pointee.name)
        var width = width
        if attempt.started.attempt > 0 {
            let note = " (attempt \(attempt.started.attempt + 1))"
            out.paint(note, .grey, style)
            width += note.count
        }
        if options.showLocations {
            out.appendSpaces(max(2, column - width))
            out.start(.grey, style)
            out.append(byte: 0x23)
            out.append(byte: 0x20)
            out.append(pickle.pointee.uri)
            out.append(byte: 0x3A)
            out.append(number: pickle.pointee.location?.line ?? lineage?.scenario?.location.line ?? 0)
            out.end(style)
        }
        out.append(byte: 0x0A)
    }
}
