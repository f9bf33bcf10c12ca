import Foundation
import SharedState

/// What a long-running process (`specrun watch`) printed so far, appended from its pipe's handler, waited on by
/// the test.
final class PrintedOutput: Sendable {
    private let data = Locked(Data())

    func append(_ chunk: Data) { data.withLock { $0.append(chunk) } }

    var text: String { String(decoding: data.value, as: UTF8.self) }

    /// Waits up to 30 s until `marker` was printed `count` times.
    func wait(for marker: String, count: Int) -> Bool {
        for _ in 0..<300 {
            if text.components(separatedBy: marker).count - 1 >= count { return true }
            usleep(100_000)
        }
        return false
    }
}
