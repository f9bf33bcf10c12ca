import Foundation
import SharedState

extension InterruptForwarder {
    /// `body`'s result, made on a thread of its own while this waits; nil as soon as an ending signal comes
    /// (before or meanwhile), `body` then left to run on for nothing (the process ends soon after). For what a
    /// run does before it runs a scenario and cannot stop midway: reading the story documents, which may block on
    /// a slow disk or a FIFO.
    package func unlessInterrupted<Value: Sendable>(_ body: @escaping @Sendable () throws -> Value) throws -> Value? {
        guard received == nil else { return nil }
        let result = Locked<Result<Value, any Error>?>(nil)
        let done = DispatchSemaphore(value: 0)
        Thread.detachNewThread {
            let value = Result { try body() }
            result.withLock { $0 = value }
            done.signal()
        }
        while done.wait(timeout: .now() + .milliseconds(20)) == .timedOut {
            if received != nil { return nil }
        }
        return try result.value?.get()
    }
}
