import SpecRunReportCore

/// How long a scenario has not passed: this run and the runs just before it in which it did not pass either.
struct FailingSince: Equatable {
    /// Runs in a row, this one included.
    let runs: Int
    /// When the first of them started (ms since 1970).
    let since: Int64
    /// When the last run it passed in started, nil when no recorded run saw it pass.
    let lastPassed: Int64?

    /// "failing for 3 runs, since 1 Dec 23:25 UTC · last passed 1 Dec 22:10 UTC".
    var text: String {
        "failing for " + (runs == 1 ? "1 run" : "\(runs) runs") + ", since " + Self.date(since) + " \u{00B7} "
            + (lastPassed.map { "last passed " + Self.date($0) } ?? "never passed in the recorded runs")
    }

    /// The longest of several (a criterion's scenarios): it has been broken at least that long.
    static func longest(_ all: [FailingSince]) -> FailingSince? {
        all.max { ($0.runs, $1.since) < ($1.runs, $0.since) }  // (more runs, then the earlier since; no negation to trap)
    }

    /// "1 Dec 23:25 UTC": the same on every machine (the report is read elsewhere than where it was made).
    /// Any Int64 (a history file's start may be anything a JSON integer holds): outside years 1…9999 it is the
    /// nearest of them, never a trap.
    static func date(_ millis: Int64) -> String {
        let millis = min(max(millis, -62_135_596_800_000), 253_402_300_799_999)
        let minutes = millis >= 0 ? millis / 60_000 : (millis - 59_999) / 60_000
        let days = minutes >= 0 ? minutes / 1_440 : (minutes - 1_439) / 1_440
        let inDay = minutes - days * 1_440
        // Days since 1970-01-01 to a civil date (Howard Hinnant's algorithm).
        let z = days + 719_468
        let era = (z >= 0 ? z : z - 146_096) / 146_097
        let doe = z - era * 146_097
        let yoe = (doe - doe / 1_460 + doe / 36_524 - doe / 146_096) / 365
        let doy = doe - (365 * yoe + yoe / 4 - yoe / 100)
        let mp = (5 * doy + 2) / 153
        let day = doy - (153 * mp + 2) / 5 + 1
        let month = mp < 10 ? mp + 3 : mp - 9
        let names = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]
        let hour = inDay / 60, minute = inDay % 60
        return "\(day) \(names[Int(month) - 1]) " + (hour < 10 ? "0" : "") + "\(hour):" + (minute < 10 ? "0" : "") + "\(minute) UTC"
    }
}

extension HistoryView {
    /// For each scenario that did not pass in this run (failed, ambiguous, undefined or pending): how many runs in
    /// a row it has not passed and since when, and when it last passed, over every recorded run.
    func failingSince() -> [String: FailingSince] {
        var open: [String: (runs: Int, since: Int64)] = [:]
        for scenario in current.scenarios where scenario.isProblem { open[scenario.key] = (1, current.start) }
        var result: [String: FailingSince] = [:]
        var streaking = Set(open.keys)
        for run in previous.reversed() where !open.isEmpty {
            for scenario in run.scenarios {
                guard var entry = open[scenario.key] else { continue }
                if scenario.status == "passed" {
                    result[scenario.key] = FailingSince(runs: entry.runs, since: entry.since, lastPassed: run.start)
                    open[scenario.key] = nil
                    streaking.remove(scenario.key)
                } else if streaking.contains(scenario.key) {
                    if scenario.isProblem {
                        entry.runs += 1
                        entry.since = run.start
                        open[scenario.key] = entry
                    } else {
                        streaking.remove(scenario.key)
                    }
                }
            }
        }
        for (key, entry) in open { result[key] = FailingSince(runs: entry.runs, since: entry.since, lastPassed: nil) }
        return result
    }
}

extension HistoryView {
    /// What the first screen says of the failures: how long each has failed, and which are flaky.
    var firstScreen: (since: [String: FailingSince], flaky: Set<String>) { (failingSince(), Set(flaky)) }
}

extension HistoryScenario {
    /// Did not pass: failed, ambiguous, undefined or pending (skipped and not run say nothing).
    var isProblem: Bool { failed || status == "undefined" || status == "pending" }
}
