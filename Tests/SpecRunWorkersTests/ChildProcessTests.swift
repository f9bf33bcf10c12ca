import Foundation
import XCTest

@testable import SpecRunWorkers

private final class ResultBox<T>: @unchecked Sendable {
    var value: T?
}

/// A short tool run to its end (`git`, `swift build`, the dry run of `watch`): a signal passed to the command's
/// `RunningChild` while the tool runs reaches the tool, so the command ends with it instead of waiting — also when the
/// tool is started from a thread that blocks those signals.
final class ChildProcessTests: XCTestCase {
    func test_run_endsTheToolAtOnceOnASignalPassedToItsRunningChild() {
        let (child, sent) = makeSUT(passing: SIGTERM, after: 0.3)

        let output = onAPoolThread { ChildProcess.run(["sleep", "30"], child: child) }

        XCTAssertEqual(output?.status, SIGTERM, "ended by the signal: \(String(describing: output))")
        XCTAssertLessThan(Date().timeIntervalSince(sent), 10)
    }

    func test_runShowingOutput_endsTheToolAtOnceWith128PlusTheSignalOnASignalPassedToItsRunningChild() {
        let (child, sent) = makeSUT(passing: SIGINT, after: 0.3)

        let status = onAPoolThread { ChildProcess.runShowingOutput(["sleep", "30"], child: child) }

        XCTAssertEqual(status, 128 + SIGINT)
        XCTAssertLessThan(Date().timeIntervalSince(sent), 10)
    }

    // MARK: - Helpers

    /// On a thread of libdispatch's pool, as `watch` starts its tools from an async function: one that blocks the
    /// signals ending runs (a child inherits its mask).
    private func onAPoolThread<T: Sendable>(_ body: @escaping @Sendable () -> T) -> T {
        let result = ResultBox<T>()
        let done = DispatchSemaphore(value: 0)
        DispatchQueue.global().async {
            result.value = body()
            done.signal()
        }
        done.wait()
        return result.value!
    }

    /// A running child passed `signal` (as the watch's signal listener passes it) a moment after the tool starts.
    private func makeSUT(passing signal: Int32, after seconds: Double) -> (RunningChild, Date) {
        let child = RunningChild()
        DispatchQueue.global().asyncAfter(deadline: .now() + seconds) { child.pass(signal) }
        return (child, Date())
    }
}
