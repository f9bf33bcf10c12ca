import Foundation
import SpecRunSystem

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A signal that ends a process (`InterruptForwarder.endingSignals`) raised by a step on its own thread: a thread
/// of the concurrency pool blocks those, so `raise(SIGTERM)` stays pending there and the step would pass. Asked
/// after each step (`SpecRunner.pendingSignal`): such a signal, pending on this very thread, is taken (it would
/// fire later, in some other scenario) and the step is a crash of its scenario — in a worker and in-process alike.
/// The kernel is asked (`sigpending`) only after a step during which `raise`, `pthread_kill` or `tgkill` sent a
/// signal (`sent.c`), and after a test case's last step (`lastOfCase`: one the kernel sent itself, or a raw system
/// call, is then that step's): no system call for the other steps.
package enum StepSignals {
    package static func takePending(lastOfCase: Bool) -> Int32? {
        // Sent to this process by itself while steps run in it (`kill(getpid(), SIGQUIT)` under --no-isolation):
        // caught by the run's handler, kept there for the step (`signals.c`).
        let own = specrun_take_self_signal()
        if own != 0 { return own }
        guard specrun_take_thread_signal_sent() != 0 || lastOfCase else { return nil }
        var pending = sigset_t()
        guard sigpending(&pending) == 0 else { return nil }
        for signalNumber in InterruptForwarder.endingSignals where sigismember(&pending, signalNumber) == 1 {
            // (Sent to the process, by someone else, it is no step's: the run's own handling hears it — and a
            // worker lets it act before its next test case: `letProcessSignalAct`.)
            guard pendingOnThisThread(signalNumber) else {
                specrun_note_process_signal(signalNumber)
                continue
            }
            var only = sigset_t()
            sigemptyset(&only)
            sigaddset(&only, signalNumber)
            var now = timespec(tv_sec: 0, tv_nsec: 0)
            _ = sigtimedwait(&only, nil, &now)
            return signalNumber
        }
        return nil
    }

    /// Lets an ending signal sent to this whole process, seen pending after the last test case's last step, act
    /// now, before the next test case starts. A worker's signals keep their defaults, but the thread that runs its
    /// steps blocks them (a thread of the concurrency pool), so one that came while a step had stopped the process
    /// (SIGSTOP, then the supervisor's SIGTERM and SIGCONT) waits for another thread to take it — and on a busy
    /// machine this thread could meanwhile start, run and report the next test case. Unblocked here it is
    /// delivered at once: the process ends as the signal says (a handler of the user's that takes it instead lets
    /// the worker go on, as before). A relaxed load when no signal came.
    package static func letProcessSignalAct() {
        guard let signalNumber = takeProcessSignal() else { return }
        var only = sigset_t()
        sigemptyset(&only)
        sigaddset(&only, signalNumber)
        var before = sigset_t()
        pthread_sigmask(SIG_UNBLOCK, &only, &before)
        pthread_sigmask(SIG_SETMASK, &before, nil)
    }

    /// The ending signal sent to this whole process that the last test case's last step saw pending (and forgets
    /// it): the thread that runs the steps blocks it, and another thread has yet to take it. An in-process run
    /// waits for its handler before it starts another test case.
    package static func takeProcessSignal() -> Int32? {
        let signalNumber = specrun_take_process_signal()
        return signalNumber == 0 ? nil : signalNumber
    }

    /// Whether the run has heard an ending signal (`heard`), waiting up to `seconds` for one that is on its way: seen
    /// pending after the last test case (see `takeProcessSignal`: the steps' thread blocks it, and the thread it goes
    /// to has not run since a step stopped the process), or caught by its handler and not yet read from the signal
    /// pipe — between the two neither the kernel nor the run shows it. What an in-process run asks before it starts
    /// another test case, so that none starts after the signal.
    package static func heardSignal(waiting seconds: Double = 2, _ heard: () -> Bool) -> Bool {
        if heard() { return true }
        guard takeProcessSignal() != nil || specrun_ending_signal_caught() != 0 else { return false }
        for _ in 0..<Int(seconds * 1000) where !heard() { usleep(1000) }
        return heard()
    }

    /// From now on (until `false`), steps run in this process: an ending signal it sends itself is a step's, not one
    /// that ends the run (`--no-isolation`; a worker's steps raise into a process whose signals keep their defaults).
    package static func stepsRunHere(_ on: Bool) { specrun_self_signals_are_steps(on ? 1 : 0) }

    /// Whether the signal is pending on this thread itself, not on the process (Linux: `SigPnd` of
    /// /proc/thread-self/status; elsewhere assumed).
    private static func pendingOnThisThread(_ signalNumber: Int32) -> Bool {
        #if os(Linux)
        guard let text = try? String(contentsOfFile: "/proc/thread-self/status", encoding: .utf8),
            let line = text.split(separator: "\n").first(where: { $0.hasPrefix("SigPnd:") }),
            let mask = UInt64(line.dropFirst("SigPnd:".count).trimmingCharacters(in: .whitespaces), radix: 16)
        else { return true }
        return mask & (1 << UInt64(signalNumber - 1)) != 0
        #else
        return true
        #endif
    }
}
