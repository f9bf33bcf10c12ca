import SpecRunReportCore

extension ConsoleText {
    /// `2 new failures since the previous run: a.feature:3, b.feature:9; 1 fixed` with `--history`.
    func historyLine() -> String {
        guard let view = HistoryView(history: options.history, current: HistoryRun.make(from: index, criteria: false)),
            !view.previous.isEmpty
        else { return "" }
        let fresh = view.newFailures, fixed = view.fixed
        var line = fresh.count == 1 ? "1 new failure" : "\(fresh.count) new failures"
        line += " since the previous run"
        if !fresh.isEmpty { line += ": " + fresh.prefix(5).joined(separator: ", ") + (fresh.count > 5 ? ", …" : "") }
        line += "; \(fixed.count) fixed"
        let flaky = view.flaky.count
        if flaky > 0 { line += "; \(flaky) flaky across the last runs" }
        return line + "\n"
    }
}
