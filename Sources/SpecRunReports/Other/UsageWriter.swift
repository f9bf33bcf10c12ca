import Messages
import SpecRunReportCore

/// Each step definition with how often it matched and the mean and longest duration of its runs,
/// slowest first, then the unused ones.
struct UsageWriter {
    let index: RunIndex
    let style: ConsoleStyle

    struct Usage {
        let definition: StepDefinition
        let location: String
        var matches = 0
        var durations: [Int64] = []
        var mean: Int64 { durations.isEmpty ? 0 : durations.reduce(0, +) / Int64(durations.count) }
        var longest: Int64 { durations.max() ?? 0 }
    }

    func usages() -> [Usage] {
        var usage: [String: Usage] = [:]
        for id in index.stepDefinitionOrder {
            guard let definition = index.stepDefinitions[id] else { continue }
            usage[id] = Usage(definition: definition, location: index.location(of: definition.sourceReference) ?? "")
        }
        for attempt in index.finalAttempts() {
            guard let testCase = index.testCase(of: attempt) else { continue }
            for step in testCase.testSteps {
                guard let ids = step.stepDefinitionIds, ids.count == 1, usage[ids[0]] != nil else { continue }
                usage[ids[0]]!.matches += 1
                if let result = index.outcome(of: step, in: attempt)?.testStepResult,
                    result.status != .skipped, result.status != .undefined, result.status != .ambiguous
                {
                    usage[ids[0]]!.durations.append(result.duration.totalNanos)
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
        var rows = used.map {
            [
                $0.definition.pattern.source, $0.location, String($0.matches),
                Self.seconds($0.mean), Self.seconds($0.longest),
            ]
        }
        rows += unused.map { [$0.definition.pattern.source, $0.location, "0", "UNUSED", "-"] }
        var out = ""
        if rows.isEmpty {
            out = "No step definitions.\n"
        } else {
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
                out += line(row, number >= used.count ? .yellow : nil)
            }
            out += "\n\(used.count) used, \(unused.count) unused step definition\(all.count == 1 ? "" : "s")\n"
        }
        return out
    }

    /// `0.123s`.
    static func seconds(_ nanos: Int64) -> String {
        let micros = nanos / 1000
        let whole = micros / 1_000_000
        let fraction = String((micros % 1_000_000) / 1000)
        return "\(whole).\(String(repeating: "0", count: 3 - fraction.count))\(fraction)s"
    }
}
