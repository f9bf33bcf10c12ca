import Foundation
import Messages
import SpecRunReports

/// `specrun report FILE.ndjson… --format NAME[:FILE]…`: rebuilds reports from saved message streams.
/// Several streams are merged into one run (as CI shards): one meta and testRunStarted (the earliest),
/// every test case, and one testRunFinished (the latest, successful only if all were).
struct ReportCommand {
    let options: ReportCommandOptions
    let console: any Console

    func run() -> Int32 {
        var streams: [[Envelope]] = []
        for path in options.inputs {
            guard let data = FileManager.default.contents(atPath: path) else {
                return SpecRunCLI.usageFailure(UsageError(message: "cannot read \(path): no such file or not readable"), console: console)
            }
            do {
                streams.append(try NDJSON.decode(data, uri: path))
            } catch {
                return SpecRunCLI.usageFailure(error, console: console)
            }
        }
        let reports: Reports
        do {
            reports = try Reports(requests: options.formats, colors: console.wantsColor(options.color), console: console)
        } catch {
            return SpecRunCLI.usageFailure(error, console: console)
        }
        let merged = StreamMerger.merge(EnvelopeStreams.disambiguate(streams))
        merged.forEach(reports.handle)
        // The command's job is the reports: 0 once they are written, whatever the run's own outcome (which
        // the reports show); 2 when an input or an output file is unusable.
        return reports.finish() ? ExitCode.passed.rawValue : ExitCode.usage.rawValue
    }
}

enum StreamMerger {
    static func merge(_ streams: [[Envelope]]) -> [Envelope] {
        guard streams.count > 1 else { return streams.first ?? [] }
        let all = streams.flatMap { $0 }
        let started = all.compactMap(\.testRunStarted).min { $0.timestamp.date < $1.timestamp.date }
        let finishes = all.compactMap(\.testRunFinished)
        var merged: [Envelope] = []
        var seenMeta = false
        var emittedStart = false
        // Definitions first (meta, sources, documents, pickles, support code), then the runs, as one stream.
        for envelope in all where envelope.testRunStarted == nil && envelope.testRunFinished == nil && isDefinition(envelope) {
            if envelope.meta != nil { if seenMeta { continue }; seenMeta = true }
            merged.append(envelope)
        }
        if let started {
            merged.append(Envelope(testRunStarted: started))
            emittedStart = true
        }
        for envelope in all where !isDefinition(envelope) && envelope.testRunStarted == nil && envelope.testRunFinished == nil {
            merged.append(envelope)
        }
        if let last = finishes.max(by: { $0.timestamp.date < $1.timestamp.date }) {
            var finished = last
            finished.success = finishes.allSatisfy(\.success)
            if emittedStart { finished.testRunStartedId = started?.id }
            merged.append(Envelope(testRunFinished: finished))
        }
        return merged
    }

    private static func isDefinition(_ envelope: Envelope) -> Bool {
        envelope.meta != nil || envelope.source != nil || envelope.gherkinDocument != nil || envelope.pickle != nil
            || envelope.parseError != nil || envelope.stepDefinition != nil || envelope.hook != nil
            || envelope.parameterType != nil || envelope.undefinedParameterType != nil
    }
}
