import Dispatch
import SpecRunSystem

/// Which test case started the Thread or Task a worker crashes or exits on, when it is not the one running: work an
/// earlier scenario left running (work.c in SpecRunSystem). The worker notes each test case's start and end; the
/// crash and exit handlers write a `startedBy` line naming the one that started the work, and the supervisor names
/// that scenario in the failure of the one that died with it (`Supervisor+Culprit`).
package enum WorkOrigin {
    /// From now on the Swift runtime's enqueues note each task's id (in a worker, before its first test case).
    static func watch() {
        specrun_work_watch()
    }

    /// The concurrency pool's and Dispatch's threads are learnt by their start routine: a thread of theirs made
    /// while a test case runs is never taken for work it started.
    static func notePoolThreads() async {
        await Task.detached { specrun_work_note_pool_thread() }.value
        await withCheckedContinuation { (done: CheckedContinuation<Void, Never>) in
            DispatchQueue.global().async {
                specrun_work_note_pool_thread()
                done.resume()
            }
        }
    }

    /// A thread of the worker's own (its watchdog): no test case started it.
    static func forgetOrigin() {
        specrun_work_forget_origin()
    }

    static func caseStarted(_ index: Int) {
        specrun_work_case_started(index)
    }

    static func caseEnded() {
        specrun_work_case_ended()
    }

    /// At a timeout, right before the worker ends: the test cases other than the running one whose tasks the
    /// concurrency pool's threads run now (each thread asked with SIGPROF, answering within 100 ms).
    static func busyOrigins() -> [Int] {
        var origins = [Int](repeating: 0, count: 8)
        let count = origins.withUnsafeMutableBufferPointer { buffer in
            Int(specrun_work_busy_origins(buffer.baseAddress, Int32(buffer.count), 100))
        }
        return Array(origins.prefix(count))
    }

    /// Writes the `startedBy` control line to `fd` when the work running here was started by a test case other than
    /// the running one. Async-signal-safe.
    static func writeOrigin(to fd: Int32) {
        _ = specrun_work_write_origin(fd)
    }
}
