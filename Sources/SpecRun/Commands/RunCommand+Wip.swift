import Messages
import SharedState
import SpecRunWorkers

/// `--wip` (work in progress, as Cucumber's): the run fails when any scenario passes, and passes when none does —
/// a run of the scenarios tagged `@wip` proves that what is being built is not done yet (a scenario that passes is
/// done: its tag should go). The scenarios that passed are named. Usage errors, unparsable files and an empty
/// selection keep their own exit codes.
extension RunCommand {
    /// The scenarios whose last attempt passed: a listener of the run's stream.
    final class PassedScenarios: Sendable {
        private struct State {
            var pickleNames: [String: (name: String, uri: String)] = [:]
            var pickleOfTestCase: [String: String] = [:]
            /// The running attempts' test case, and whether a step of theirs did not pass.
            var attempts: [String: (testCaseId: String, failed: Bool)] = [:]
            var passed: [String] = []
        }
        private let state = Locked(State())

        func handle(_ envelope: Envelope) {
            switch envelope.kind {
            case .pickle, .testCase, .testCaseStarted, .testStepFinished, .testCaseFinished: break
            default: return
            }
            state.withLock { state in
                if let pickle = envelope.pickle { state.pickleNames[pickle.id] = (pickle.name, pickle.uri) }
                if let testCase = envelope.testCase { state.pickleOfTestCase[testCase.id] = testCase.pickleId }
                if let started = envelope.testCaseStarted { state.attempts[started.id] = (started.testCaseId, false) }
                if let finished = envelope.testStepFinished, finished.testStepResult.status != .passed {
                    state.attempts[finished.testCaseStartedId]?.failed = true
                }
                if let finished = envelope.testCaseFinished, let attempt = state.attempts.removeValue(forKey: finished.testCaseStartedId),
                    !attempt.failed, !finished.willBeRetried,
                    let pickle = state.pickleOfTestCase[attempt.testCaseId].flatMap({ state.pickleNames[$0] })
                {
                    state.passed.append("'\(pickle.name)' (\(pickle.uri))")
                }
            }
        }

        var names: [String] { state.withLock { $0.passed } }
    }

    /// With `--wip`, the exit code in place of `code` (0 passed, 1 failed): 1 and a line naming the scenarios that
    /// passed when any did, else 0.
    func wipVerdict(_ passed: PassedScenarios, code: Int32) -> Int32 {
        guard options.wip, code == ExitCode.passed.rawValue || code == ExitCode.failed.rawValue else { return code }
        let names = passed.names
        guard !names.isEmpty else { return ExitCode.passed.rawValue }
        let shown = names.prefix(10).joined(separator: ", ") + (names.count > 10 ? ", … and \(names.count - 10) more" : "")
        console.err(
            "\(ProgramName.current): --wip: \(names.count) scenario(s) passed, and a work-in-progress run fails when any does: \(shown) "
                + "(remove their @wip tag, or run them without --wip)\n")
        return ExitCode.failed.rawValue
    }
}
