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
            guard let id = run["id"] as? String, let start = (run["start"] as? NSNumber)?.int64Value,
                let scenarios = run["scenarios"] as? [[Any]]
            else { return nil }
            let duration = (run["duration"] as? NSNumber)?.int64Value ?? 0
            // Every entry read, or the file is not read at all (it is then set aside whole, never rewritten without
            // the entries this version could not read).
            var read: [HistoryScenario] = []
            for entry in scenarios {
                guard entry.count >= 5, let key = entry[0] as? String, let name = entry[1] as? String,
                    let status = entry[2] as? String
                else { return nil }
                var failure: HistoryFailure?
                if entry.count >= 6, let place = entry[5] as? [Any], place.count >= 3, let line = (place[0] as? NSNumber)?.intValue,
                    let step = place[1] as? String, let message = place[2] as? String
                {
                    failure = HistoryFailure(line: line, step: step, message: message)
                }
                read.append(
                    HistoryScenario(
                        key: key, name: name, status: status, duration: (entry[3] as? NSNumber)?.int64Value ?? 0,
                        attempts: (entry[4] as? NSNumber)?.intValue ?? 1, failure: failure))
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
            if entry.count >= 4 {
                guard let words = entry[2] as? String, let references = entry[3] as? [Any] else { return nil }
                var names: [String] = []
                for reference in references {
                    if let name = reference as? String {
                        names.append(name)
                    } else if let number = (reference as? NSNumber)?.intValue, scenarios.indices.contains(number) {
                        names.append(HistoryCriterion.scenarioName(key: scenarios[number].key, name: scenarios[number].name))
                    } else {
                        return nil
                    }
                }
                criterion.words = words
                criterion.scenarios = names
            }
            criteria.append(criterion)
        }
        return criteria
    }
}

private func quoted(_ text: String) -> String {
    var out: [UInt8] = []
    JSONText.quote(text, into: &out, html: false)
    return String(decoding: out, as: UTF8.self)
}
