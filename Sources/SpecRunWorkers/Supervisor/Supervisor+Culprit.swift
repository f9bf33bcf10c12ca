import Messages

/// Blame on the culprit: a worker that dies while scenario B runs may have been killed by work an earlier scenario A
/// of the same process left running (a `Thread` or a `Task` that traps, faults or calls `exit` later). Two witnesses:
/// - the worker's own word (`WorkerControl.startedBy`, written by its crash and exit handlers): the thread or task
///   it died on was started by test case A (`WorkOrigin`, work.c) — whatever the trap's text says;
/// - the runtime's last words ("Specs/Jobs.swift:12: Fatal error: …"): when that code belongs to a step definition
///   or hook B does not run but a scenario this worker ran before did.
/// B's failure names A ("started by …, still running"). A timeout names A only on the worker's word (its watchdog
/// asked the pool's threads whose tasks they run). The supervisor keeps each worker's last `recentCases` test
/// cases planned for the second.
extension Supervisor {
    /// How many of a worker's finished test cases stay planned (their steps' code) for naming a culprit.
    static let recentCases = 4

    /// A test case the worker finished: kept with its last few; the oldest is forgotten.
    func remember(_ index: Int, in worker: Worker) {
        worker.recent.append(index)
        if worker.recent.count > Self.recentCases { parts.plan.forget(worker.recent.removeFirst()) }
    }

    /// What to add to the failure of the test case at `index`, which `worker` was running when it died with
    /// `detail` on stderr: the earlier scenario whose work crashed it, or nil when the trap is in code the test
    /// case itself runs (or its place is unknown).
    /// A timeout (`timedOut`) names only the worker's word: the test case whose tasks ran on the pool's threads.
    func culprit(of detail: String?, running index: Int, worker: Worker, timedOut: Bool = false) -> String? {
        if let origin = worker.startedBy, origin != index, origin >= 0, origin < parts.plan.count {
            if timedOut {
                return "when it timed out, the concurrency pool's threads were running tasks started by "
                    + "\(scenarioName(of: parts.plan[origin].pickleId)), which this worker process ran earlier, and still "
                    + "running after it ended (Tasks it left running): they may have kept this step from running; fix it there"
            }
            return startedBy(origin, running: index, detail: detail)
        }
        if timedOut { return nil }
        guard let detail, let trap = Self.trapLocation(in: detail),
            let (definition, source) = Self.definition(containing: trap, in: parts.plan.definitions)
        else { return nil }
        if parts.plan.runs(definition, in: index) { return nil }
        let code =
            "it came from \(trap.file):\(trap.line), in the \(Self.describe(source)) at \(source.uri):\(source.line), "
            + "which this scenario does not run"
        guard
            let earlier = worker.recent.reversed().first(where: { recent in
                parts.plan.runs(definition, in: recent)
            })
        else {
            // (A hook no recent test case ran is a run's or a feature's own: it crashed itself, no one left it.)
            if source.isHook { return nil }
            return code + ": work a scenario this worker process ran earlier started there was still running "
                + "(a Thread or a Task left running after its scenario ended)"
        }
        return code + ": started by \(scenarioName(of: parts.plan[earlier].pickleId)), which this worker process ran "
            + "earlier, and still running after it ended (a Thread or a Task it left running); fix it there"
    }

    /// What the worker said: the thread or task it died on was started by the test case at `origin`, not by the one
    /// running (`index`).
    private func startedBy(_ origin: Int, running index: Int, detail: String?) -> String {
        var said = "it came from work "
        if let detail, let trap = Self.trapLocation(in: detail),
            let (definition, source) = Self.definition(containing: trap, in: parts.plan.definitions)
        {
            let runs = parts.plan.runs(definition, in: index)
            said =
                "it came from \(trap.file):\(trap.line), in the \(Self.describe(source)) at \(source.uri):\(source.line)"
                + (runs ? ", in work " : ", which this scenario does not run: ")
        }
        return said + "started by \(scenarioName(of: parts.plan[origin].pickleId)), which this worker process ran earlier, "
            + "and still running after it ended (a Thread or a Task it left running); fix it there"
    }

    /// "scenario 'Name' (Features/a.feature:12)", from the documents made again on the first need.
    func scenarioName(of pickleId: String) -> String {
        if scenarioNames == nil, let remakeDocuments {
            var names: [String: String] = [:]
            remakeDocuments { envelope in
                envelope.withPickle { pickle in
                    names[pickle.id] =
                        "scenario '\(pickle.name)' (\(pickle.uri)" + (pickle.location.map { ":\($0.line)" } ?? "") + ")"
                }
            }
            scenarioNames = names
        }
        return scenarioNames?[pickleId] ?? "an earlier scenario (pickle \(pickleId))"
    }

    /// "file:line" of the runtime's "file:line: Fatal error: …" (or "Precondition failed", "Assertion failed").
    static func trapLocation(in line: String) -> (file: String, line: Int)? {
        let markers = [": Fatal error", ": Precondition failed", ": Assertion failed"]
        guard let marker = markers.lazy.compactMap({ line.range(of: $0) }).first else { return nil }
        let place = line[..<marker.lowerBound]
        guard let colon = place.lastIndex(of: ":"), let number = Int(place[place.index(after: colon)...]) else { return nil }
        let file = place[..<colon].trimmingCharacters(in: .whitespaces)
        guard !file.isEmpty else { return nil }
        return (file, number)
    }

    /// The step definition or hook whose code holds the trap: in a file of the same name, the nearest one that
    /// starts at or above its line (a definition's closure runs from its own line down).
    static func definition(
        containing trap: (file: String, line: Int), in definitions: [DefinitionSource]
    ) -> (Int32, DefinitionSource)? {
        let name = trap.file.split(separator: "/").last.map(String.init) ?? trap.file
        var best: (Int32, DefinitionSource)?
        for (index, source) in definitions.enumerated()
        where source.line <= trap.line && (source.uri.split(separator: "/").last.map(String.init) ?? source.uri) == name {
            if best.map({ source.line > $0.1.line }) ?? true { best = (Int32(index), source) }
        }
        return best
    }

    static func describe(_ source: DefinitionSource) -> String {
        if source.isHook { return source.text.isEmpty ? "hook" : "hook '\(source.text)'" }
        return "step definition '\(source.text)'"
    }
}
