import Foundation
import SpecRunReportCore

extension RunHistory {
    /// `{"version":1,"runs":[{"id","start","duration","scenarios":[["uri:line","name","status",ms,attempts],…]}]}`;
    /// a failed scenario's entry has a sixth element, `[line,"step","message"]` (readers of five ignore it). A run
    /// with story documents has `"criteria":[["ID","status"],…]` after its scenarios (readers without it ignore the
    /// key); on the newest runs each criterion also has its words and its scenarios, `["ID","status","words",[3,…]]`,
    /// a scenario by its index in the run's `scenarios` (its uri and name), or as `"uri: name"` when the run did not
    /// run it.
    package func encoded() -> String {
        var out = "{\"version\":\(Self.version),\"runs\":["
        for (r, run) in runs.enumerated() {
            if r > 0 { out += "," }
            out += "\n{\"id\":" + quoted(run.id) + ",\"start\":\(run.start),\"duration\":\(run.duration),\"scenarios\":["
            for (s, scenario) in run.scenarios.enumerated() {
                if s > 0 { out += "," }
                out +=
                    "\n[" + quoted(scenario.key) + "," + quoted(scenario.name) + ","
                    + quoted(scenario.status) + ",\(scenario.duration),\(scenario.attempts)"
                    + (scenario.failure.map { ",[\($0.line)," + quoted($0.step) + "," + quoted($0.message) + "]" } ?? "") + "]"
            }
            out += "]"
            if let criteria = run.criteria { out += ",\"criteria\":" + Self.encoded(criteria, of: run) }
            out += "}"
        }
        return out + "\n]}\n"
    }

    private static func encoded(_ criteria: [HistoryCriterion], of run: HistoryRun) -> String {
        var numbers: [String: Int] = [:]
        if criteria.contains(where: { $0.scenarios != nil }) {
            for (number, scenario) in run.scenarios.enumerated() {
                let name = HistoryCriterion.scenarioName(key: scenario.key, name: scenario.name)
                if numbers[name] == nil { numbers[name] = number }
            }
        }
        var out = "["
        for (c, criterion) in criteria.enumerated() {
            if c > 0 { out += "," }
            out += "\n[" + quoted(criterion.id) + "," + quoted(criterion.status)
            if let words = criterion.words {
                out += "," + quoted(words) + ",["
                out += (criterion.scenarios ?? []).map { numbers[$0].map(String.init) ?? quoted($0) }.joined(separator: ",")
                out += "]"
            }
            out += "]"
        }
        return out + "]"
    }

    static func decode(_ data: Data) -> RunHistory? {
        guard let object = try? JSONSerialization.jsonObject(with: data) as? [String: Any],
            object["version"] as? Int == version, let runs = object["runs"] as? [[String: Any]]
        else { return nil }
        var history = RunHistory()
        for run in runs {
            guard let id = run["id"] as? String, let start = integer(run["start"]), let scenarios = run["scenarios"] as? [[Any]],
                let duration = run["duration"] == nil ? 0 : integer(run["duration"])
            else { return nil }
            // Every entry read, or the file is not read at all (it is then set aside whole, never rewritten without
            // the entries this version could not read).
            var read: [HistoryScenario] = []
            for entry in scenarios {
                guard entry.count >= 5, let key = entry[0] as? String, let name = entry[1] as? String,
                    let status = entry[2] as? String, let duration = integer(entry[3]), let attempts = integer(entry[4])
                else { return nil }
                var failure: HistoryFailure?
                if entry.count >= 6, let place = entry[5] as? [Any], place.count >= 3, let line = (place[0] as? NSNumber)?.intValue,
                    let step = place[1] as? String, let message = place[2] as? String
                {
                    failure = HistoryFailure(line: line, step: step, message: message)
                }
                read.append(
                    HistoryScenario(
                        key: key, name: name, status: status, duration: duration, attempts: Int(attempts), failure: failure))
            }
            var criteria: [HistoryCriterion]?
            if let entries = run["criteria"] {
                guard let entries = entries as? [[Any]], let decoded = decodeCriteria(entries, scenarios: read) else { return nil }
                criteria = decoded
            }
            history.runs.append(HistoryRun(id: id, start: start, duration: duration, scenarios: read, criteria: criteria))
        }
        return history
    }

    private static func decodeCriteria(_ entries: [[Any]], scenarios: [HistoryScenario]) -> [HistoryCriterion]? {
        var criteria: [HistoryCriterion] = []
        for entry in entries {
            guard entry.count >= 2, let id = entry[0] as? String, let status = entry[1] as? String else { return nil }
            var criterion = HistoryCriterion(id: id, status: status)
            if entry.count > 2 {
                // Words and scenarios come together (a third element alone is not this version's entry).
                guard entry.count >= 4 else { return nil }
                guard let words = entry[2] as? String, let references = entry[3] as? [Any] else { return nil }
                var names: [String] = []
                for reference in references {
                    if let name = reference as? String {
                        names.append(name)
                    } else if let number = integer(reference), scenarios.indices.contains(Int(number)) {
                        let scenario = scenarios[Int(number)]
                        names.append(HistoryCriterion.scenarioName(key: scenario.key, name: scenario.name))
                    } else {
                        return nil
                    }
                }
                criterion.words = words
                // Each once, as the writer keeps them (a position given twice would list a change twice).
                var seen = Set<String>()
                criterion.scenarios = names.filter { seen.insert($0).inserted }
            }
            criteria.append(criterion)
        }
        return criteria
    }
}

/// A whole number of the file: an integer within Int64, not `true`, `1.5`, `1e300` or 2^64 (a reader that took
/// those would rewrite the file with other numbers than it holds, or trap on them later: a start of 1e300 read as
/// Int64.min stopped the report's date arithmetic).
private func integer(_ value: Any?) -> Int64? {
    guard let number = value as? NSNumber else { return nil }
    if let decimal = number as? NSDecimalNumber {  // (how Foundation on Linux reads a large negative integer)
        let whole = decimal.int64Value
        return decimal.compare(NSDecimalNumber(value: whole)) == .orderedSame ? whole : nil
    }
    let type = String(cString: number.objCType)
    guard type != "c", type != "B", type != "f", type != "d" else { return nil }
    if type == "Q" || type == "L" || type == "I" || type == "S" || type == "C" {
        return number.uint64Value <= UInt64(Int64.max) ? Int64(number.uint64Value) : nil
    }
    return number.int64Value
}

private func quoted(_ text: String) -> String {
    var out: [UInt8] = []
    JSONText.quote(text, into: &out, html: false)
    return String(decoding: out, as: UTF8.self)
}
