import Foundation
import Gherkin
import Messages
import SharedState
import SpecRunCore
import Testing

/// Runs the scenarios of a features folder as Swift Testing cases, one run for the whole test process: the
/// features are parsed and planned once, BeforeAll hooks run once before the first scenario and AfterAll hooks
/// once after the last one listed (or when the test process exits, if some never ran), and scenarios run one at a
/// time whatever the test runner's parallelism (a World is per scenario, but hooks and steps may share process
/// state, as in `specrun`). A scenario that does not pass records an issue with each failing step's text, status
/// and message, located at the step's line in the feature file.
///
///     import SpecRunTesting
///     import Testing
///
///     private let root = SpecScenario.packageRoot(of: #filePath)
///     private let suite = SpecSuite(libraries: [ExampleSteps.self], root: root)
///
///     @Suite(.serialized) struct Specifications {
///         @Test(arguments: SpecScenario.all(root: root))
///         func scenario(_ scenario: SpecScenario) async throws { try await suite.run(scenario) }
///     }
///
/// Or, with the `SpecRunScenarios` build plugin on the test target, one test per scenario named after it
/// (`swift test --filter "Adding items"`), each calling `specSuite.run("Features/f.feature:12")` on the suite the
/// target declares: `let specSuite = SpecSuite(libraries: [ExampleSteps.self], root: root)`.
///
/// A crashing step (a trap, `fatalError`) ends the test process: Swift Testing runs every test in one process
/// and a trap cannot be caught in it. The spec executable (`swift run <name>-specs`) runs each scenario in a worker
/// process and reports a crash as that scenario's failure.
public actor SpecSuite {
    private let libraries: Libraries
    private let root: URL
    private let folder: String
    private let settings: Settings
    private var session: RunSession?
    private var indexByKey: [String: Int] = [:]
    private var remaining: Set<String>
    /// The scenarios this suite selects (tags, name, `SPECRUN_SCENARIO`), by selector.
    private nonisolated let listed: [String: SpecScenario]
    /// Why the selection is no selection: a tag expression or name pattern that does not parse, a
    /// `SPECRUN_SCENARIO` that is no scenario. Then every test runs and fails with it (skipped, each would pass:
    /// a typo in CI would run nothing and go green).
    private nonisolated let selectionProblem: String?
    private var notes = StepNotes()
    /// The scenario run last (or waiting last): each run waits for the one before it.
    private var tail: Task<Void, Never>?
    private var finished = false

    /// - Parameters:
    ///   - tags: a tag expression (`@smoke and not @wip`), as `specrun --tags`; default `SPECRUN_TAGS`.
    ///   - name: a regular expression scenario names must match, as `specrun --name`; default `SPECRUN_NAME`.
    ///   - worldParameters: the values every World (and step and hook) of this suite's run reads with
    ///     `WorldParameters.string("name")`.
    ///   - timeout: how long a scenario may run before its test fails (nil: no limit), unless a scoped limit
    ///     applies to it (`tagTimeouts`, a `@timeout:` tag): then each of its steps has that limit instead, as with
    ///     `specrun --timeout`. A step that never returns cannot be stopped inside the test process: it is left
    ///     running and the next scenario starts.
    ///   - tagTimeouts: the limit of each step and hook of the scenarios whose tags match a tag expression, as
    ///     `specrun --tag-timeout '@slow=30s'` or a profile's `"timeouts"` (the longest when several match; a
    ///     `@timeout:` tag and a step definition's `timeout:` come first).
    public init(
        libraries: [any StepLibrary.Type], folder: String = "Features", root: URL,
        tags: String? = SpecScenario.environmentTags, name: String? = SpecScenario.environmentName,
        worldParameters: [String: String] = [:], timeout: Swift.Duration? = .seconds(60),
        tagTimeouts: [String: Swift.Duration] = [:]
    ) {
        self.libraries = Libraries(types: libraries)
        self.root = root
        self.folder = folder
        self.settings = Settings(
            tags: tags, name: name, worldParameters: worldParameters, timeout: timeout,
            tagTimeouts: Settings.tagTimeouts(tagTimeouts))
        let scenarios = SpecScenario.all(in: folder, root: root, tags: tags, name: name)
        self.remaining = Set(scenarios.map(\.selector))
        self.listed = Dictionary(scenarios.map { ($0.selector, $0) }, uniquingKeysWith: { first, _ in first })
        self.selectionProblem = Self.selectionProblem(
            tags: tags, name: name, scenario: SpecScenario.environmentScenario, selectsAny: !scenarios.isEmpty,
            folder: folder, root: root)
    }

    /// Whether this suite runs the scenario at `selector` (`Features/f.feature:12`): it is one of its folder's,
    /// selected by its tags, name and `SPECRUN_SCENARIO` (the plugin's tests are skipped otherwise). Every one
    /// when the selection does not parse or names no scenario: then each test fails, saying so.
    public nonisolated func selects(_ selector: String) -> Bool { selectionProblem != nil || listed[selector] != nil }

    /// Runs the scenario at `selector` (`Features/f.feature:12`, as the `SpecRunScenarios` plugin's tests do),
    /// as `run(_: SpecScenario)`; a selector that is no scenario of the suite records an issue, and so does every
    /// selector when the selection does not parse or names no scenario.
    public func run(_ selector: String) async throws {
        if let selectionProblem {
            record(StepNotes.Problem(message: selectionProblem, file: "", line: 0))
            return
        }
        guard let scenario = listed[selector] else {
            record(
                StepNotes.Problem(
                    message: "\(selector) is not a scenario this suite runs (not in \(folder)/, or not "
                        + "selected by its tags, name or SPECRUN_SCENARIO)", file: "", line: 0))
            return
        }
        try await run(scenario)
    }

    /// Runs one scenario, after the ones asked for before it have finished; a scenario that does not pass records
    /// issues (and the test fails).
    public func run(_ scenario: SpecScenario) async throws {
        let previous = tail
        let box = ProblemBox()
        let turn = Task {
            await previous?.value
            box.problems = await self.runAlone(scenario)
        }
        tail = turn
        await turn.value
        for problem in box.problems { record(problem) }
    }

    /// AfterAll hooks, if the session is open: called after the last listed scenario, and at exit otherwise.
    func finishIfOpen() async {
        guard let session, !finished else { return }
        finished = true
        self.session = nil
        _ = await session.finish { _ in }
    }

    private func runAlone(_ scenario: SpecScenario) async -> [StepNotes.Problem] {
        let opened: (session: RunSession, problems: [StepNotes.Problem])
        do {
            opened = try await openedSession()
        } catch {
            return [StepNotes.Problem(message: "\(error)", file: "", line: 0)]
        }
        let session = opened.session
        var problems = opened.problems
        guard let index = indexByKey[scenario.selector] else {
            return problems + [
                StepNotes.Problem(
                    message: "\(scenario.selector) is not a scenario of \(folder)/ "
                        + "(was the file changed during the run?)", file: "", line: 0)
            ]
        }
        var start = notes
        start.problems = []
        let collector = NotesCollector(start)
        OpenSuites.shared.started(scenario)
        let done = await Deadline.run(settings.scenarioLimit(tags: scenario.tags)) { _ = await session.run(index) { collector.handle($0) } }
        OpenSuites.shared.ended()
        if done {
            notes = collector.notes
            problems += notes.problems
        } else {
            let limit = settings.timeout ?? .zero
            let message: String =
                "timed out after \(limit): '\(scenario.name)' is still running (a step cannot be "
                + "stopped inside the test process; `swift run` of the spec executable stops it)"
            problems.append(
                StepNotes.Problem(
                    message: message,
                    file: scenario.selector.split(separator: ":").first.map(String.init) ?? "",
                    line: Int(scenario.selector.split(separator: ":").last ?? "") ?? 0))
        }
        remaining.remove(scenario.selector)
        if remaining.isEmpty { await finishIfOpen() }
        return problems
    }

    private func openedSession() async throws -> (RunSession, [StepNotes.Problem]) {
        if let session { return (session, []) }
        let collector = NotesCollector(StepNotes())
        let opened = try await Self.open(libraries: libraries, folder: folder, root: root, settings: settings, collector: collector)
        var kept = collector.notes
        let problems = kept.problems
        kept.problems = []
        notes = kept
        for (index, key) in opened.keys.enumerated() { indexByKey[key] = index }
        session = opened
        OpenSuites.shared.add(self)
        return (opened, problems)
    }

    private nonisolated static func open(
        libraries: Libraries, folder: String, root: URL, settings: Settings,
        collector: NotesCollector
    ) async throws -> RunSession {
        var configuration = RunConfiguration(
            paths: [folder], tags: settings.tags, names: settings.name.map { [$0] } ?? [],
            workingDirectory: root.path)
        configuration.tagTimeouts = settings.tagTimeouts
        configuration.worldParameters = settings.worldParameters
        let runner = SpecRunner(libraries: libraries.types, configuration: configuration, ids: IncrementingIdGenerator())
        return try await runner.open { collector.handle($0) }
    }

    private nonisolated func record(_ problem: StepNotes.Problem) {
        guard !problem.file.isEmpty else {
            Issue.record(Comment(rawValue: problem.message))
            return
        }
        Issue.record(
            Comment(rawValue: problem.message),
            sourceLocation: SourceLocation(
                fileID: problem.file,
                filePath: root.appendingPathComponent(problem.file).path,
                line: max(1, problem.line), column: 1))
    }

    struct Settings: Sendable {
        var tags: String?
        var name: String?
        var worldParameters: [String: String]
        var timeout: Swift.Duration?
        var tagTimeouts: [TagTimeout]
    }
}

/// Step library types.
struct Libraries: Sendable {
    let types: [any StepLibrary.Type]
}

/// The problems of one scenario's run, handed from its turn to the test that asked for it.
final class ProblemBox: Sendable {
    private let value = Locked<[StepNotes.Problem]>([])
    var problems: [StepNotes.Problem] {
        get { value.value }
        set { value.withLock { $0 = newValue } }
    }
}

/// `StepNotes` fed from a run that may outlive its deadline (so behind a lock).
final class NotesCollector: Sendable {
    private let current: Locked<StepNotes>

    init(_ notes: StepNotes) { current = Locked(notes) }

    func handle(_ envelope: Envelope) {
        current.withLock { $0.handle(envelope) }
    }

    var notes: StepNotes { current.value }
}
