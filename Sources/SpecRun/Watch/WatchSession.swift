import Foundation
import Messages
import SpecRunWorkers

/// The loop of `specrun watch`, one poll at a time, its OS side given (`WatchSession.World`): files whose
/// modification time moved are read; a changed feature file reruns the scenarios it changed (a parse error is
/// shown, and watching goes on); a changed Swift file rebuilds the package and reruns the scenarios whose step
/// definitions or hooks changed (as `--changed-since` finds them, from the rebuilt executable's messages); the
/// scenarios that failed last time run again, first, every time, until they pass.
struct WatchSession {
    /// What the session does to the world: every call is a fake in tests.
    struct World {
        /// The watched files and their modification times: feature files under the paths, and the Swift files of
        /// the package when asked (a walk of the whole package: every fifth poll).
        var scan: (_ swift: Bool) -> [String: Date]
        var read: (String) -> String?
        /// These feature files parsed in this process (their sources, documents and pickles, or parse errors),
        /// without building the step registry: a save's scenarios are found before the rerun starts.
        var documents: ([String]) -> [Envelope]
        /// `swift build`, its output shown: whether it built.
        var build: () -> Bool
        /// The rebuilt executable's dry run of the watched paths: its step definitions and test cases.
        var rebuiltMessages: () -> [Envelope]?
        /// Runs these paths (the executable re-run, its output shown): the `PATH:LINE`s that failed. `said`: the
        /// files the first run of the same rerun ran (their warnings, and the run's own, are not said again).
        var run: (_ paths: [String], _ said: [String]) -> [String]
        var say: (String) -> Void
        /// Shows a parse error as `path:line:column: what is wrong` (`ParseErrorPrinter`).
        var showParseError: (Envelope) -> Void
        /// Whether a signal ended the watch (a run it interrupted says nothing of watching on).
        var stopped: () -> Bool = { false }
    }

    let world: World
    /// The paths being watched (run as they are at the start).
    let paths: [String]
    private var times: [String: Date] = [:]
    private var texts: [String: String] = [:]
    /// Swift changes not yet built into a passing build.
    private var unbuilt = ChangedLines()
    /// What failed in the last run, rerun first.
    private(set) var failing: [String] = []
    private var polls = 0
    /// Polls between two scans of the Swift files (a rebuild takes seconds anyway).
    static let swiftEvery = 5

    init(world: World, paths: [String]) {
        self.world = world
        self.paths = paths
    }

    /// The files as they are now, and the first run of everything watched.
    mutating func start() {
        times = world.scan(true)
        for path in times.keys { texts[path] = world.read(path) }
        failing = world.run(paths, [])
        sayWatching()
    }

    /// One poll: nothing, or a run of what changed.
    mutating func poll() async {
        polls += 1
        let swiftToo = polls % Self.swiftEvery == 0
        var now = world.scan(swiftToo)
        if !swiftToo { for (path, time) in times where path.hasSuffix(".swift") { now[path] = time } }
        let moved = now.filter { times[$0.key] != $0.value }.map(\.key).sorted()
        let gone = times.keys.filter { now[$0] == nil }.sorted()
        for path in gone { texts[path] = nil }
        times = now
        if !gone.isEmpty {
            // A deleted file is said, and what failed in it is no longer rerun (it would fail as a missing path).
            failing.removeAll { gone.contains(Self.resolved(RunPaths.split($0).file)) }
            for path in gone {
                world.say(
                    "\(ProgramName.current) watch: \(path) is gone; its scenarios leave the watch (save it again to bring them back)\n")
            }
        }
        guard !moved.isEmpty else { return }
        var features = ChangedLines()
        var swift = unbuilt
        for path in moved {
            guard let text = world.read(path), text != texts[path] else { continue }
            if path.hasSuffix(".swift") {
                TextChange.record(path, old: texts[path], new: text, into: &swift)
            } else {
                TextChange.record(path, old: texts[path], new: text, into: &features)
            }
            texts[path] = text
        }
        let changedFeatures = moved.filter { features.changed($0) }
        guard !changedFeatures.isEmpty || swift != ChangedLines() else { return }
        var selected: [String] = []
        if !changedFeatures.isEmpty {
            let envelopes = world.documents(changedFeatures)
            let errors = envelopes.filter { $0.parseError != nil }
            for error in errors { world.showParseError(error) }
            if !errors.isEmpty { world.say("\(ProgramName.current) watch: fix the file and save it again; still watching\n") }
            selected += ChangeSelection(envelopes: envelopes, changed: features) { Self.resolved($0) }.paths
        }
        if swift != ChangedLines() {
            world.say("\(ProgramName.current) watch: \(swift.lines.count + swift.wholeFiles.count) Swift file(s) changed: swift build\n")
            guard !world.stopped() else { return }
            let built = world.build()
            let envelopes = built && !world.stopped() ? world.rebuiltMessages() : nil
            // A signal ended the build or its dry run: the watch ends, saying nothing of a failed build.
            guard !world.stopped() else { return }
            guard built, let envelopes else {
                unbuilt = swift
                world.say("\(ProgramName.current) watch: the build failed; fix it and save again (still watching)\n")
                return
            }
            unbuilt = ChangedLines()
            let selection = ChangeSelection(envelopes: envelopes, changed: swift) { Self.resolved($0) }
            selected += selection.paths
        }
        guard !selected.isEmpty || !failing.isEmpty else {
            world.say("\(ProgramName.current) watch: no scenario uses what changed\n")
            return sayWatching()
        }
        // What failed runs first, as a run of its own (in one run, a file's scenarios run in the file's order).
        let before = RunPaths.merge(failing)
        let others = RunPaths.merge(selected).compactMap { RunPaths.subtract(before, from: $0) }
        // Each warning once per rerun: the second run leaves out what the first said.
        let first = before.isEmpty ? [] : world.run(before, [])
        let said = before.map { RunPaths.split($0).file }
        failing = first + (others.isEmpty ? [] : world.run(others, said))
        sayWatching()
    }

    private func sayWatching() {
        guard !world.stopped() else { return }
        world.say(
            "\(ProgramName.current) watch: \(failing.isEmpty ? "" : "\(failing.count) failing, rerun first on each change; ")watching \(paths.joined(separator: " ")) and the package's Swift files (Ctrl-C ends)\n"
        )
    }

    static func resolved(_ path: String) -> String {
        ChangedSince.resolved(path.hasPrefix("/") ? path : FileManager.default.currentDirectoryPath + "/" + path)
    }
}
