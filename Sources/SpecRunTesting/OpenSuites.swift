import Foundation
import SharedState

/// The suites whose run is still open, so their AfterAll hooks run when the test process exits even if some
/// listed scenarios never ran (a test cancelled, a scenario list that changed).
final class OpenSuites: Sendable {
    static let shared = OpenSuites()
    private let state = Locked(State())

    private struct State {
        var suites: [SpecSuite] = []
        var installed = false
        /// The scenario running now (`Features/f.feature:12`, its name), if one is.
        var running: String?
    }

    func started(_ scenario: SpecScenario) {
        state.withLock { $0.running = "'\(scenario.name)' (\(scenario.selector))" }
    }

    func ended() {
        state.withLock { $0.running = nil }
    }

    func add(_ suite: SpecSuite) {
        state.withLock { state in
            state.suites.append(suite)
            if !state.installed {
                state.installed = true
                atexit { OpenSuites.shared.finishAll() }
            }
        }
    }

    /// Runs the AfterAll hooks of every suite still open, waiting at most 60 s for them. A step that called `exit`
    /// ends the process here: with status 1, not the step's (`exit(0)` would pass `swift test` unseen).
    func finishAll() {
        if let running = state.withLock({ $0.running }) {
            let message =
                "specrun: a step of \(running) called exit(): the test process ends here, that scenario unfinished "
                + "and the ones after it not run (`swift run` of the spec executable fails that scenario alone)\n"
            FileHandle.standardError.write(Data(message.utf8))
            _exit(1)
        }
        let open = state.withLock { state in
            defer { state.suites = [] }
            return state.suites
        }
        guard !open.isEmpty else { return }
        let done = DispatchSemaphore(value: 0)
        Task.detached {
            for suite in open { await suite.finishIfOpen() }
            done.signal()
        }
        _ = done.wait(timeout: .now() + 60)
    }
}
