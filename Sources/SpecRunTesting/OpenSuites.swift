import Foundation

/// The suites whose run is still open, so their AfterAll hooks run when the test process exits even if some
/// listed scenarios never ran (a test cancelled, a scenario list that changed).
final class OpenSuites: @unchecked Sendable {
    static let shared = OpenSuites()
    private let lock = NSLock()
    private var suites: [SpecSuite] = []
    private var installed = false

    func add(_ suite: SpecSuite) {
        lock.lock(); defer { lock.unlock() }
        suites.append(suite)
        if !installed {
            installed = true
            atexit { OpenSuites.shared.finishAll() }
        }
    }

    /// Runs the AfterAll hooks of every suite still open, waiting at most 60 s for them.
    func finishAll() {
        lock.lock()
        let open = suites
        suites = []
        lock.unlock()
        guard !open.isEmpty else { return }
        let done = DispatchSemaphore(value: 0)
        Task.detached {
            for suite in open { await suite.finishIfOpen() }
            done.signal()
        }
        _ = done.wait(timeout: .now() + 60)
    }
}
