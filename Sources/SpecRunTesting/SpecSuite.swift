import Foundation
import Gherkin
import Messages
import SpecRunCore
import Testing

/// Runs the scenarios of a features folder as Swift Testing cases, one run for the whole test process: the
/// features are parsed and planned once, BeforeAll hooks run before the first scenario and AfterAll hooks after
/// the last one listed, and scenarios run one at a time (a World is per scenario, but hooks and steps may share
/// process state, as in `specrun`). A scenario that does not pass records an issue with each failing step's
/// text, status and message, located at the step's line in the feature file.
///
///     import SpecRunTesting
///     import Testing
///
///     let root = SpecScenario.packageRoot(of: #filePath)
///     let suite = SpecSuite(libraries: [ExampleSteps.self], root: root)
///
///     @Test(arguments: SpecScenario.all(root: root))
///     func scenario(_ scenario: SpecScenario) async throws { try await suite.run(scenario) }
public actor SpecSuite {
    private let libraries: Libraries
    private let root: URL
    private let folder: String
    private var session: RunSession?
    private var indexByKey: [String: Int] = [:]
    private var remaining: Set<String>
    private var notes = StepNotes()

    public init(libraries: [any StepLibrary.Type], folder: String = "Features", root: URL) {
        self.libraries = Libraries(types: libraries)
        self.root = root
        self.folder = folder
        self.remaining = Set(SpecScenario.all(in: folder, root: root).map(\.selector))
    }

    /// Runs one scenario; a scenario that does not pass records issues (and the test fails).
    public func run(_ scenario: SpecScenario) async throws {
        let session = try await openedSession()
        guard let index = indexByKey[scenario.selector] else {
            Issue.record("\(scenario.selector) is not a scenario of \(folder)/ (was the file changed during the run?)")
            return
        }
        var notes = self.notes
        notes.problems = []
        _ = await session.run(index) { notes.handle($0) }
        for problem in notes.problems {
            Issue.record(Comment(rawValue: problem.message),
                         sourceLocation: SourceLocation(fileID: "Features/\(problem.file)", filePath: root.appendingPathComponent(problem.file).path,
                                                        line: max(1, problem.line), column: 1))
        }
        self.notes = notes
        remaining.remove(scenario.selector)
        if remaining.isEmpty {
            _ = await session.finish { _ in }
            self.session = nil
        }
    }

    private func openedSession() async throws -> RunSession {
        if let session { return session }
        let (opened, notes) = try await Self.open(libraries: libraries, folder: folder, root: root)
        for problem in notes.problems { Issue.record(Comment(rawValue: problem.message)) }
        var kept = notes
        kept.problems = []
        self.notes = kept
        for (index, key) in opened.keys.enumerated() { indexByKey[key] = index }
        session = opened
        return opened
    }

    private nonisolated static func open(libraries: Libraries, folder: String,
                                         root: URL) async throws -> (RunSession, StepNotes) {
        let runner = SpecRunner(libraries: libraries.types,
                                configuration: RunConfiguration(paths: [folder], workingDirectory: root.path),
                                ids: IncrementingIdGenerator())
        var notes = StepNotes()
        let opened = try await runner.open { notes.handle($0) }
        return (opened, notes)
    }
}

/// Step library types: metatypes, immutable, so safe to share.
struct Libraries: @unchecked Sendable {
    let types: [any StepLibrary.Type]
}

/// What a failing step says: its text, status, message and line, from the run's envelopes.
struct StepNotes: Sendable {
    struct Problem: Sendable {
        var message: String
        var file: String
        var line: Int
    }

    var problems: [Problem] = []
    private var pickleSteps: [String: (text: String, node: String, uri: String)] = [:]
    private var testSteps: [String: String] = [:]
    private var nodeLines: [String: Int] = [:]

    mutating func handle(_ envelope: Envelope) {
        if let document = envelope.gherkinDocument {
            for (id, location) in document.stepLocations { nodeLines[id] = Int(location.line) }
        }
        if let pickle = envelope.pickle {
            for step in pickle.steps { pickleSteps[step.id] = (step.text, step.astNodeIds.first ?? "", pickle.uri) }
        }
        if let testCase = envelope.testCase {
            for step in testCase.testSteps { testSteps[step.id] = step.pickleStepId ?? "" }
        }
        if let error = envelope.parseError {
            problems.append(Problem(message: "parse error: \(error.message)", file: error.source.uri ?? "",
                                    line: Int(error.source.location?.line ?? 1)))
        }
        if let finished = envelope.testStepFinished, ![.passed, .skipped].contains(finished.testStepResult.status) {
            let step = testSteps[finished.testStepId].flatMap { pickleSteps[$0] }
            let status = finished.testStepResult.status.rawValue
            let message = finished.testStepResult.message.map { "\n\($0)" } ?? ""
            problems.append(Problem(message: "\(status): \(step?.text ?? "a hook")\(message)", file: step?.uri ?? "",
                                    line: step.flatMap { nodeLines[$0.node] } ?? 1))
        }
    }
}
