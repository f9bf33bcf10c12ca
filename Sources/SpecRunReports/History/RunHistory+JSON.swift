import Foundation
import SpecRunReportCore

extension RunHistory {
    /// `{"version":1,"runs":[{"id","start","duration","scenarios":[["uri:line","name","status",ms,attempts],…]}]}`;
    /// a failed scenario's entry has a sixth element, `[line,"step","message"]` (readers of five ignore it).
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
            out += "]}"
        }
        return out + "\n]}\n"
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
            history.runs.append(HistoryRun(id: id, start: start, duration: duration, scenarios: read))
        }
        return history
    }
}

private func quoted(_ text: String) -> String {
    var out: [UInt8] = []
    JSONText.quote(text, into: &out, html: false)
    return String(decoding: out, as: UTF8.self)
}
