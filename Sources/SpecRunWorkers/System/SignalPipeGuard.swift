import Foundation
import SharedState

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Only a signal that was caught is heard. The ending signals are caught into a pipe (`signals.c`: the handler
/// writes the signal's number), and under `--no-isolation` a step runs in this process: one that writes to every
/// descriptor (or a copy it forked, with its `!E 0 0 0⏎`) writes into that pipe too, and its bytes read as
/// signals — a newline as SIGUSR1: the run ended "interrupted", exit 138 or 161. So a handler of ours runs first
/// and counts each signal caught (in memory, which no write to a descriptor reaches), then the C one; a byte
/// read from the pipe is a signal only while the count has one the reader has not taken.
enum SignalPipeGuard {
    typealias Handler = @convention(c) (Int32, UnsafeMutablePointer<siginfo_t>?, UnsafeMutableRawPointer?) -> Void

    private static let slots = 65
    /// Per signal: how many times it was caught (written only in the handler).
    nonisolated(unsafe) private static let caught: UnsafeMutablePointer<Int> = {
        let counts = UnsafeMutablePointer<Int>.allocate(capacity: slots)
        counts.initialize(repeating: 0, count: slots)
        return counts
    }()
    /// Per signal: the handler that was there before ours (the C layer's), called after counting.
    nonisolated(unsafe) private static let chained: UnsafeMutablePointer<Handler?> = {
        let handlers = UnsafeMutablePointer<Handler?>.allocate(capacity: slots)
        handlers.initialize(repeating: nil, count: slots)
        return handlers
    }()
    /// Per signal: how many of those the reader took.
    private static let taken = Locked([Int](repeating: 0, count: slots))

    private static let counting: Handler = { signalNumber, info, context in
        guard signalNumber > 0, Int(signalNumber) < slots else { return }
        caught[Int(signalNumber)] &+= 1
        chained[Int(signalNumber)]?(signalNumber, info, context)
    }

    /// Puts the counting handler in front of the one installed now for each of `signals` (the C layer's).
    static func install(_ signals: [Int32]) {
        _ = caught
        _ = chained
        for signalNumber in signals where signalNumber > 0 && Int(signalNumber) < slots {
            var current = sigaction()
            guard sigaction(signalNumber, nil, &current) == 0 else { continue }
            #if os(Linux)
            let previous = current.__sigaction_handler.sa_sigaction
            #else
            let previous = current.__sigaction_u.__sa_sigaction
            #endif
            guard let previous else { continue }
            // Installed already (a second pipe made by another forwarder): the C handler stays the one chained.
            if unsafeBitCast(previous, to: UnsafeRawPointer.self) == unsafeBitCast(counting, to: UnsafeRawPointer.self) { continue }
            chained[Int(signalNumber)] = previous
            var ours = current
            #if os(Linux)
            ours.__sigaction_handler.sa_sigaction = counting
            #else
            ours.__sigaction_u.__sa_sigaction = counting
            #endif
            ours.sa_flags |= SA_SIGINFO
            sigaction(signalNumber, &ours, nil)
        }
    }

    /// A signal caught before the handlers were put in place (the C layer's early one), counted as caught.
    static func noteCaughtEarly(_ signalNumber: Int32) {
        guard signalNumber > 0, Int(signalNumber) < slots else { return }
        caught[Int(signalNumber)] &+= 1
    }

    /// Whether a byte naming `signalNumber` stands for a signal caught and not yet taken (and takes it).
    static func take(_ signalNumber: Int32) -> Bool {
        guard signalNumber > 0, Int(signalNumber) < slots else { return false }
        let count = caught[Int(signalNumber)]
        return taken.withLock { taken in
            guard taken[Int(signalNumber)] < count else { return false }
            taken[Int(signalNumber)] += 1
            return true
        }
    }
}
