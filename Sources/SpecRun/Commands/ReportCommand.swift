import Foundation
import Messages
import SpecRunReportCore
import SpecRunReports
import SpecRunWorkers

/// `specrun report FILE.ndjson… --format NAME[:FILE]… [--exit-status] [--gate]`: rebuilds reports from saved message
/// streams. Several streams (CI shards) are merged into one run by `EnvelopeStreamMerger`, one envelope at a
/// time: the files are read in chunks, never whole, and the reports are fed as the merge goes.
///
/// Exit status: 2 when an input or an output is unusable (missing, folder, empty, binary, foreign JSON, a line
/// that is not an envelope, a run cut short — the reports are still written, marked incomplete; an empty or blank
/// stream beside others — the reports are made from the others, marked incomplete); otherwise 0,
/// or with `--exit-status` the merged run's own status (0 passed, 1 failed, 3 unparsable file, 4 nothing ran);
/// `--gate` reads it through the release gate (0 when only should-criteria fail).
struct ReportCommand {
    let options: ReportCommandOptions
    let console: any Console

    func run() -> Int32 {
        if options.diff { return diff() }
        // The temporary copies of pipes and devices.
        var spools: [String] = []
        defer { StreamInput.removeSpools(spools) }
        let inputs: [StreamInput]
        var starts: [Timestamp] = []
        // Streams without a message beside others (a shard killed before it wrote): the reports are made from the
        // others, marked incomplete, and the command exits 2, as for a stream cut short.
        var withoutMessages: [StreamInput.NoMessages] = []
        do {
            var checked: [StreamInput] = []
            for path in options.inputs {
                do {
                    checked.append(try StreamInput.check(path, spools: &spools))
                } catch let empty as StreamInput.NoMessages where options.inputs.count > 1 {
                    withoutMessages.append(empty)
                }
            }
            if checked.isEmpty, let first = withoutMessages.first { throw first }
            inputs = try distinctInputs(checked, starts: &starts)
        } catch {
            // One line: the file and what to do (`--help` would not help).
            console.err("\(ProgramName.current): \(error)\n")
            return ExitCode.usage.rawValue
        }
        for empty in withoutMessages {
            console.err(
                "\(ProgramName.current): \(empty.besideOthers); the reports are made from the other streams and marked incomplete\n")
        }
        let reports: Reports
        do {
            reports = try Reports(
                requests: options.formats, colors: console.wantsColor(options.color ?? options.formatOptions.colors), console: console,
                formatOptions: options.formatOptions, mergedRuns: inputs.count > 1)
        } catch {
            return console.usageFailure(error)
        }
        var status = MergedRunStatus(gate: options.gate ? ReleaseGateFold.exitGate() : nil)
        // A run and its rerun: a scenario in two streams is one scenario with more attempts (`RerunAttempts`).
        var reruns = RerunAttempts(keys: inputs.count > 1 ? inputs.map { RerunAttempts.scan($0.path) } : [])
        let mapsReruns = reruns.changesAnything
        // Problems found by the audits of the streams: the merged testRunFinished is marked unsuccessful with them.
        var doubts: [String] = []
        let emit: (Envelope) -> Void = { envelope in
            var envelope = envelope
            if mapsReruns {
                guard let mapped = reruns.map(envelope) else { return }
                envelope = mapped
            }
            if !withoutMessages.isEmpty, let finished = envelope.testRunFinished {
                envelope = Envelope(testRunFinished: Self.incomplete(finished, withoutMessages.map(\.reason)))
            }
            if !doubts.isEmpty, var finished = envelope.testRunFinished {
                finished = Self.doubted(finished, doubts)
                envelope = Envelope(testRunFinished: finished)
            }
            status.observe(envelope)
            reports.handle(envelope)
        }
        var merger = EnvelopeStreamMerger(
            streamCount: inputs.count,
            earliestStart: starts.min { $0.isEarlier(than: $1) })
        var inputsComplete = withoutMessages.isEmpty
        for input in inputs {
            merger.beginStream(name: input.path)
            reruns.beginStream()
            let incompleteBefore = merger.incompleteStreams.count
            var problem: String?
            var audit = StreamAudit(name: input.path)
            do {
                let ending = try NDJSON.forEachEnvelope(
                    inFile: input.readPath, uri: input.path,
                    unknownKind: { kind, _ in
                        audit.skippedUnknown(kind: kind)
                    }
                ) { read in
                    let envelope = audit.checkingNumbers(read)
                    audit.observe(envelope)
                    // A test case run that finished without some step results: FAILED ones first (named by the audit).
                    for repair in audit.takeRepairs() { merger.add(repair, emit: emit) }
                    merger.add(envelope, emit: emit)
                }
                if case .truncated(let line) = ending {
                    problem = "\(input.path):\(line): the last line is cut off (was the run killed?)"
                }
            } catch {
                problem = "\(error)"
            }
            audit.finish()
            report(audit, into: &doubts)
            for repair in audit.repairsForRunsCutShort() { merger.add(repair, emit: emit) }
            // A runner's stream without testRunStarted: killed as it started (no test case ran), not an empty pass.
            let neverStarted = problem == nil && audit.neverStarted
            let reason = neverStarted ? "\(input.path): the run ended before testRunStarted (was it killed as it started?)" : nil
            merger.endStream(cutShort: problem != nil || neverStarted, reason: reason, emit: emit)
            let incomplete = merger.incompleteStreams.count > incompleteBefore
            if let reason, incomplete {
                console.err("\(ProgramName.current): \(reason); no test case ran, the reports are marked incomplete\n")
            } else if let problem {
                let marked = incomplete ? " and are marked incomplete" : ""
                console.err("\(ProgramName.current): \(problem); the reports hold what came before it\(marked)\n")
            } else if incomplete {
                console.err(
                    "\(ProgramName.current): \(input.path): the run ended before testRunFinished (was it killed?); the reports are marked incomplete\n"
                )
            }
            if problem != nil || incomplete { inputsComplete = false }
        }
        merger.finish(emit: emit)
        let written = reports.finish()
        guard written, inputsComplete else { return ExitCode.usage.rawValue }
        // A stream in doubt is never a passing run, whatever `--exit-status` says.
        if !doubts.isEmpty { return ExitCode.failed.rawValue }
        // By default the command's job is the reports: 0 once they are written, whatever the run's outcome.
        return options.exitStatus ? status.exitCode.rawValue : ExitCode.passed.rawValue
    }

    /// `--diff OLD NEW`: the criteria added, reworded or removed, the scenarios newly covering a criterion or no
    /// longer, and the coverage gained or lost, from the two streams' story documents.
    private func diff() -> Int32 {
        guard options.inputs.count == 2 else {
            console.err(
                "specrun report --diff: give two message streams, the earlier run first: specrun report --diff OLD.ndjson NEW.ndjson\n")
            return ExitCode.usage.rawValue
        }
        var coverages: [RequirementsCoverage?] = []
        for path in options.inputs {
            do {
                coverages.append(try DocumentationDiff.coverage(ofFile: path))
            } catch {
                // The error names the file (and line) itself.
                console.err("specrun report --diff: \(error)\n")
                return ExitCode.usage.rawValue
            }
        }
        if coverages.allSatisfy({ $0 == nil }) {
            console.err(
                "specrun report --diff: neither stream carries story documents (a run with Requirements/ does); nothing to compare\n")
            return ExitCode.usage.rawValue
        }
        // One without documents says nothing of them: every criterion would read as added or removed.
        if let without = coverages.firstIndex(where: { $0 == nil }) {
            console.err(
                "specrun report --diff: \(options.inputs[without]) carries no story documents (its run read no Requirements/), "
                    + "so its criteria cannot be compared with \(options.inputs[1 - without])'s; give two runs with the documents\n")
            return ExitCode.usage.rawValue
        }
        // The documents' words reach the terminal with their control characters made visible (an ESC in a title
        // would set the terminal's title or clear the screen), as every text report's do.
        console.out(ConsoleEscaping.escape(DocumentationDiff(old: coverages[0], new: coverages[1]).text, keepColors: false))
        return ExitCode.passed.rawValue
    }

    /// One line per problem of a stream (and per kind of envelope skipped), the scenarios that were running when
    /// it ended named; the problems become doubts about the merged run.
    private func report(_ audit: StreamAudit, into doubts: inout [String]) {
        for (kind, count) in audit.unknownKinds.sorted(by: { $0.key < $1.key }) {
            let times = count == 1 ? "one envelope" : "\(count) envelopes"
            console.err(
                "\(ProgramName.current): warning: \(audit.name): skipped \(times) of kind '\(kind)', unknown to this version (a newer protocol?); the rest of the stream is read\n"
            )
        }
        for problem in audit.problems { console.err("\(ProgramName.current): \(problem)\n") }
        if audit.problemCount > audit.problems.count {
            console.err(
                "\(ProgramName.current): \(audit.name): … and \(audit.problemCount - audit.problems.count) more problem(s) of this kind\n")
        }
        if audit.problemCount > 0 {
            console.err("\(ProgramName.current): \(audit.name): the stream contradicts itself; the run is not reported as passed\n")
            doubts.append(contentsOf: audit.problems)
            if audit.problemCount > audit.problems.count { doubts.append("… and \(audit.problemCount - audit.problems.count) more") }
        }
        for scenario in audit.unfinished {
            console.err("\(ProgramName.current): \(audit.name): \(scenario) was running and did not finish; it is reported failed\n")
        }
    }

    /// A testRunFinished marked unsuccessful by the doubts (a run that did not finish stays marked so).
    static func doubted(_ finished: TestRunFinished, _ doubts: [String]) -> TestRunFinished {
        var finished = finished
        finished.success = false
        let text = doubts.joined(separator: "\n")
        finished.message = [finished.message, text].compactMap { $0 }.filter { !$0.isEmpty }.joined(separator: "\n")
        if finished.exception?.type != RunProblemType.incomplete {
            finished.exception = Exception(type: RunProblemType.inconsistentStream, message: text)
        }
        return finished
    }

    /// A testRunFinished marked incomplete by the streams that held no message: as a stream cut short marks it.
    static func incomplete(_ finished: TestRunFinished, _ reasons: [String]) -> TestRunFinished {
        var finished = finished
        finished.success = false
        finished.message = ([finished.message].compactMap { $0 }.filter { !$0.isEmpty } + reasons).joined(separator: "\n")
        if finished.exception?.type != RunProblemType.incomplete {
            finished.exception = Exception(type: RunProblemType.incomplete, message: reasons.joined(separator: "\n"))
        }
        return finished
    }

    /// The inputs without repeats: the same file twice (by path or by content) is read once, and said so.
    private func distinctInputs(_ inputs: [StreamInput], starts: inout [Timestamp]) throws -> [StreamInput] {
        var byPath: [String: StreamInput] = [:]
        var byContent: [String: StreamInput] = [:]
        var distinct: [StreamInput] = []
        for input in inputs {
            if let first = byPath[input.resolvedPath] {
                let alias = first.path == input.path ? "" : " (as \(first.path))"
                console.err("\(ProgramName.current): \(input.path) is given twice\(alias); it is read once\n")
                continue
            }
            byPath[input.resolvedPath] = input
            guard inputs.count > 1 else { distinct.append(input); continue }
            let fingerprint = try StreamFingerprint.of(input)
            if let first = byContent[fingerprint.sameContentKey] {
                console.err(
                    "\(ProgramName.current): \(input.path) has the same content as \(first.path); it is read once, not counted twice\n")
                continue
            }
            byContent[fingerprint.sameContentKey] = input
            if let start = fingerprint.runStarted { starts.append(start) }
            distinct.append(input)
        }
        return distinct
    }
}

private extension Timestamp {
    func isEarlier(than other: Timestamp) -> Bool { (seconds, nanos) < (other.seconds, other.nanos) }
}
