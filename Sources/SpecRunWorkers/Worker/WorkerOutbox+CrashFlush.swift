import Foundation
import Messages
import Synchronization

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

extension WorkerOutbox {
    /// On a fatal signal (a Swift trap, a memory error, an abort) and at `exit`, write what is buffered, and a
    /// `startedBy` line when the thread or task it happens on was started by an earlier test case (`WorkOrigin`).
    package static func installCrashFlush() {
        WorkOrigin.watch()
        var stack = stack_t()
        let size = 256 * 1024
        stack.ss_sp = UnsafeMutableRawPointer.allocate(byteCount: size, alignment: 16)
        stack.ss_size = size
        stack.ss_flags = 0
        sigaltstack(&stack, nil)
        ProcessControl.handle(
            [SIGILL, SIGTRAP, SIGSEGV, SIGBUS, SIGABRT, SIGFPE], with: crashFlushHandler,
            flags: Int32(bitPattern: UInt32(SA_ONSTACK) | UInt32(SA_RESETHAND) | UInt32(SA_NODEFER)))
        // (At exit, normal or a step's `exit`: what the worker's steps left running ends with it.)
        atexit {
            CrashOutbox.writeRest(); CrashOutbox.nameOrigin(); ProcessControl.endOwnDescendants()
        }
    }
}

/// The worker's outbox buffer, where the fatal-signal and `atexit` handlers find it: where it is, how full, where
/// it goes. (Made by the outbox, one in a worker; filled and emptied under the outbox's lock.)
struct CrashOutbox {
    var fd: Int32
    var base: UnsafeMutablePointer<UInt8>?
    /// The buffer's fill (the outbox writes it under its lock; the handlers read it as it is).
    var count: Int
    /// The worker's pid: a child a step forked (without exec) that calls `exit` or crashes has a copy of the
    /// buffer, already the worker's to write — written again, it would repeat envelopes on the channel.
    var owner: pid_t
    /// The passed steps counted and not yet written (`WorkerOutbox.collapsesPassedSteps`): how many, the last end.
    var passedSteps = PassedSteps()

    struct PassedSteps {
        var count = 0
        var lastEnd = Timestamp(seconds: 0, nanos: 0)
    }

    /// The most bytes of a `!P` line: three numbers (`WorkerOutbox.maximum`, as every compact line's).
    static let passedStepsMaximum = WorkerOutbox.maximum(0, numbers: 3) ?? WorkerOutbox.capacity

    /// The passed steps counted, as one `!P` line at the buffer's end (the caller makes room for it), and the count
    /// back to 0. Pointer writes only: the handlers call it too.
    static func appendPassedSteps() {
        guard crashOutbox.passedSteps.count > 0, let base = crashOutbox.base else { return }
        var writer = LineWriter(start: base + crashOutbox.count)
        CompactEnvelope.writePassedSteps(count: crashOutbox.passedSteps.count, lastEnd: crashOutbox.passedSteps.lastEnd, into: &writer)
        crashOutbox.count += writer.count
        crashOutbox.passedSteps.count = 0
    }

    /// The thread writing the buffer now (0: none) and how many of its bytes are written. The outbox's flushing
    /// thread writes it every 50 ms while a step runs on another; a step that crashes (or calls `exit`) meanwhile
    /// must not write the buffer again from its start: the supervisor read the repeated lines as a test case
    /// started twice and failed the scenario as a channel misfit instead of naming the crash (seen with a step
    /// that runs out of memory under `--memory-limit`).
    static let writer = Atomic<UInt>(0)
    static let written = Atomic<Int>(0)

    /// Writes the buffer (under the outbox's lock) so that a handler on another thread knows how far it got, and
    /// empties it. False: the channel broke.
    ///
    /// The buffer is claimed before it is written, by a compare-and-exchange the handlers make too: a handler that
    /// found no writer and wrote the buffer while this thread began to write it as well sent its lines twice (a
    /// test case started twice: the crash reported as a channel misfit, 2 runs in 150 of three `-j 3` runs at once
    /// with a crashing step). A handler that claimed it keeps it: the process is ending, and this thread waits.
    static func writeBuffer() -> Bool {
        guard let base = crashOutbox.base else { return true }
        let me = currentThread()
        while !writer.compareExchange(expected: 0, desired: me, ordering: .sequentiallyConsistent).exchanged {
            var pause = timespec(tv_sec: 0, tv_nsec: 1_000_000)
            nanosleep(&pause, nil)
        }
        defer {
            written.store(0, ordering: .sequentiallyConsistent)
            writer.store(0, ordering: .sequentiallyConsistent)
        }
        var offset = 0
        while offset < crashOutbox.count {
            let count = write(crashOutbox.fd, base + offset, crashOutbox.count - offset)
            if count > 0 {
                offset += count
                written.store(offset, ordering: .sequentiallyConsistent)
            } else if count < 0 && errno == EINTR {
                continue
            } else {
                return false
            }
        }
        crashOutbox.count = 0
        return true
    }

    /// What the handlers write: the buffer, or, while another thread writes it, what that thread leaves once it
    /// is done (waiting up to 2 s for it; past that, nothing, since it may still be writing). The buffer is claimed
    /// first and kept (`writeBuffer`): the process ends after a handler. Only what is async-signal-safe: atomics,
    /// `nanosleep`, `write`.
    static func writeRest() {
        guard let base = crashOutbox.base, crashOutbox.fd >= 0, getpid() == crashOutbox.owner else { return }
        let me = currentThread()
        var waited = 0
        var offset = 0
        while true {
            let claim = writer.compareExchange(expected: 0, desired: me, ordering: .sequentiallyConsistent)
            if claim.exchanged { break }
            // (This thread was writing it when the signal came: what it had not written yet.)
            if claim.original == me {
                offset = written.load(ordering: .sequentiallyConsistent)
                break
            }
            if waited == 2_000 { return }
            var pause = timespec(tv_sec: 0, tv_nsec: 1_000_000)
            nanosleep(&pause, nil)
            waited += 1
        }
        // The steps that passed since the last line: without them the supervisor would blame the first of them.
        if crashOutbox.count + passedStepsMaximum <= WorkerOutbox.capacity { appendPassedSteps() }
        while offset < crashOutbox.count {
            let count = write(crashOutbox.fd, base + offset, crashOutbox.count - offset)
            if count > 0 {
                offset += count
            } else if !(count < 0 && errno == EINTR) {
                break
            }
        }
        crashOutbox.count = 0
    }

    /// After `writeRest`: the `startedBy` line, when the work crashing or exiting here is an earlier test case's.
    static func nameOrigin() {
        guard crashOutbox.base != nil, crashOutbox.fd >= 0, getpid() == crashOutbox.owner else { return }
        WorkOrigin.writeOrigin(to: crashOutbox.fd)
    }

    private static func currentThread() -> UInt {
        #if os(Linux)
        UInt(pthread_self())
        #else
        UInt(bitPattern: pthread_self())
        #endif
    }
}

// unsafe: a signal handler reads it, and may take no lock
nonisolated(unsafe) var crashOutbox = CrashOutbox(fd: -1, base: nil, count: 0, owner: 0)

/// Writes the buffer, then raises the signal again: the handler was reset (`SA_RESETHAND`) and the signal is not
/// blocked (`SA_NODEFER`), so the process ends at once with the original signal, which the supervisor reports.
/// Returning instead relied on the faulting instruction running again: a signal that was *sent* (`raise(SIGBUS)`,
/// `kill(getpid(), SIGSEGV)`, a library's `pthread_kill`, a `raise(SIGABRT)` that is not `abort`) was swallowed, and
/// the step went on and passed (found by a hostile sweep).
private let crashFlushHandler: @convention(c) (Int32) -> Void = { signalNumber in
    CrashOutbox.writeRest()
    CrashOutbox.nameOrigin()
    raise(signalNumber)
}
