import Foundation
import SpecRunReportCore
import SpecRunReports
import SpecRunWorkers

extension RunCommand {
    /// The live progress line, when this run has one: standard output is a terminal, `--no-progress` is not
    /// given, this process is not a worker, and no report on the console is the dots of `progress` (their line
    /// is the progress, and erasing the live line would erase them). Its time left is weighed by each
    /// scenario's duration in the run history's last run (`--history DIR`), when there is one.
    func makeProgress() -> LiveProgress? {
        guard options.progress, !options.worker, console.stdoutIsTerminal else { return nil }
        let consoleFormats = Self.consoleFormats(options.formats).filter(\.writesToStdout)
        guard !consoleFormats.contains(where: { $0.format == .progress }) else { return nil }
        var expected: [String: Double] = [:]
        if let file = options.formats.first(where: { $0.format == .history })?.path,
            let last = RunHistory.load(Reports.absolute(file)).runs.last
        {
            for scenario in last.scenarios { expected[scenario.key] = Double(scenario.duration) / 1000 }
        }
        return LiveProgress(
            expected: expected, now: { Double(DispatchTime.now().uptimeNanoseconds) / 1e9 },
            columns: { [console] in console.terminalColumns ?? 80 }, write: { [console] in console.out($0) })
    }

    /// Redraws the line four times a second (the elapsed time moves between scenarios) until stopped.
    static func progressTicker(_ progress: LiveProgress?) -> Ticker? {
        progress.map { progress in Ticker(every: 0.25) { progress.tick() } }
    }
}
