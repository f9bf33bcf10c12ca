import Messages
import SpecRunReportCore

/// Each step definition with how often it matched and the mean and longest duration of its runs, slowest first,
/// then the unused ones; under each, the distinct steps it matched with their location (`file:line`) and longest
/// duration, as cucumber-js's usage lists them (the first few; `usage-json` lists every one).
struct UsageWriter {
    let index: RunIndex
    let style: ConsoleStyle

    struct Usage {
        let definition: StepDefinition
        let location: String
        var matches = 0
        var durations: [Int64] = []
        /// Each step run it matched, in run order: its text, where it is, and its duration (nil: not run).
        var steps: [Match] = []
        var mean: Int64 { durations.isEmpty ? 0 : durations.reduce(0, +) / Int64(durations.count) }
        var longest: Int64 { durations.max() ?? 0 }
    }

    struct Match {
        let text: String
        let uri: String
        let line: Int?
        let duration: Int64?
        var location: String { line.map { "\(uri):\($0)" } ?? uri }
    }

    /// How many of a definition's distinct steps the table lists.
    static let stepsShown = 5

    func usages() -> [Usage] {
        var usage: [String: Usage] = [:]
        for id in index.stepDefinitionOrder {
            guard let definition = index.stepDefinitions[id] else { continue }
            usage[id] = Usage(definition: definition, location: index.location(of: definition.sourceReference) ?? "")
        }
        for attempt in index.finalAttempts() {
            guard let testCase = index.testCase(of: attempt) else { continue }
            let uri = index.pickle(of: attempt)?.uri ?? ""
            for step in testCase.testSteps {
                guard let ids = step.stepDefinitionIds, ids.count == 1, usage[ids[0]] != nil else { continue }
                usage[ids[0]]!.matches += 1
                var duration: Int64?
                if let result = index.outcome(of: step, in: attempt)?.testStepResult,
                    result.status != .skipped, result.status != .undefined, result.status != .ambiguous
                {
                    duration = result.duration.totalNanos
                    usage[ids[0]]!.durations.append(result.duration.totalNanos)
                }
                if let id = step.pickleStepId, let pickleStep = index.pickleStep(id) {
                    usage[ids[0]]!.steps.append(
                        Match(
                            text: pickleStep.text, uri: uri,
                            line: index.lineage(of: pickleStep)?.step.map { Int($0.location.line) }, duration: duration))
                }
            }
        }
        return index.stepDefinitionOrder.compactMap { usage[$0] }
    }

    func document() -> String {
        let all = usages()
        let used = all.filter { $0.matches > 0 }.sorted { a, b in
            a.mean != b.mean ? a.mean > b.mean : a.definition.pattern.source < b.definition.pattern.source
        }
        let unused = all.filter { $0.matches == 0 }
        let header = ["Step definition", "Location", "Matches", "Mean", "Max"]
        var rows: [[String]] = []
        var stepRows = Set<Int>()
        for usage in used {
            rows.append([
                usage.definition.pattern.source, usage.location, String(usage.matches),
                Self.seconds(usage.mean), Self.seconds(usage.longest),
            ])
            let distinct = Self.distinct(usage.steps)
            for step in distinct.prefix(Self.stepsShown) {
                stepRows.insert(rows.count)
                rows.append(["  " + step.text, step.location, "", "", step.duration.map(Self.seconds) ?? "-"])
            }
            if distinct.count > Self.stepsShown {
                stepRows.insert(rows.count)
                rows.append(["  … and \(distinct.count - Self.stepsShown) more step(s)", "", "", "", ""])
            }
        }
        let usedRows = rows.count
        rows += unused.map { [$0.definition.pattern.source, $0.location, "0", "UNUSED", "-"] }
        var out = ""
        if rows.isEmpty {
            out = "No step definitions.\n"
        } else {
            // A bar, backslash or line break in a step's text or a pattern escaped, as in a Gherkin table: printed as
            // it is, it broke the table's columns and rows.
            rows = rows.map { $0.map(DataTableCell.escaped) }
            let widths = header.indices.map { column in ([header] + rows).map { $0[column].count }.max() ?? 0 }
            func line(_ cells: [String], _ color: ConsoleStyle.Color?) -> String {
                let padded = cells.enumerated().map { column, value in
                    column >= 2
                        ? String(repeating: " ", count: widths[column] - value.count) + value
                        : value + String(repeating: " ", count: widths[column] - value.count)
                }.joined(separator: " | ")
                return "| " + (color.map { style.paint(padded, $0) } ?? padded) + " |\n"
            }
            out += line(header, .bold)
            out += "|" + widths.map { String(repeating: "-", count: $0 + 2) }.joined(separator: "|") + "|\n"
            for (number, row) in rows.enumerated() {
                out += line(row, number >= usedRows ? .yellow : stepRows.contains(number) ? .grey : nil)
            }
            out += "\n\(used.count) used, \(unused.count) unused step definition\(all.count == 1 ? "" : "s")\n"
        }
        return out
    }

    /// Each step once (by location and text), with its longest duration, in the order first run.
    static func distinct(_ steps: [Match]) -> [Match] {
        var order: [String] = []
        var longest: [String: Match] = [:]
        for step in steps {
            let key = step.location + "\u{0}" + step.text
            if let seen = longest[key] {
                if (step.duration ?? -1) > (seen.duration ?? -1) { longest[key] = step }
            } else {
                order.append(key)
                longest[key] = step
            }
        }
        return order.compactMap { longest[$0] }
    }

    /// `0.123s`.
    static func seconds(_ nanos: Int64) -> String {
        let micros = nanos / 1000
        let whole = micros / 1_000_000
        let fraction = String((micros % 1_000_000) / 1000)
        return "\(whole).\(String(repeating: "0", count: 3 - fraction.count))\(fraction)s"
    }
}
