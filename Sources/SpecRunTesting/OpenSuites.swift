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

    /// Runs the AfterAll hooks of every suite still open, waiting at most 60 s for them.
    func finishAll() {
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
