import Foundation
import Messages
import SharedState

/// Where timestamps come from. Injected so that runs can be byte-reproducible.
public protocol RunClock: Sendable {
    func now() -> Date
    /// `now()` as a message timestamp, to the microsecond (see the default).
    func timestamp() -> Timestamp
}

/// The wall clock.
public struct SystemClock: RunClock {
    public init() {}
    public func now() -> Date { Date() }

    /// Read as seconds and nanoseconds, cut to the microsecond: four readings a step, with no `Date` and no
    /// floating-point round trip.
    public func timestamp() -> Timestamp {
        var time = timespec()
        clock_gettime(CLOCK_REALTIME, &time)
        return Timestamp(seconds: Int(time.tv_sec), nanos: Int(time.tv_nsec) / 1000 * 1000)
    }
}

/// A fake clock that advances by a fixed step on every reading, as the CCK's fake-cucumber
/// (epoch 0, +1 ms per reading), so executed steps last exactly one step.
public final class SteppingClock: RunClock, Sendable {
    private let readings = Locked(0)
    private let start: TimeInterval
    private let step: TimeInterval

    public init(start: Date = Date(timeIntervalSince1970: 0), step: TimeInterval = 0.001) {
        self.start = start.timeIntervalSince1970
        self.step = step
    }

    public func now() -> Date {
        let reading = readings.withLock { readings in
            defer { readings += 1 }
            return readings
        }
        return Date(timeIntervalSince1970: start + Double(reading) * step)
    }
}

extension RunClock {
    /// The current time as a message timestamp, to the microsecond (what a `Date` holds reliably), so a
    /// stepping clock gives exact values (1 ms → nanos 1000000).
    public func timestamp() -> Timestamp {
        Timestamp(microsecondsOf: now().timeIntervalSince1970)
    }
}

extension Timestamp {
    init(microsecondsOf interval: Double) {
        let micros = (interval * 1_000_000).rounded()
        let seconds = (micros / 1_000_000).rounded(.down)
        self.init(seconds: Int(seconds), nanos: Int(micros - seconds * 1_000_000) * 1000)
    }

    var microseconds: Int64 { Int64(seconds) * 1_000_000 + Int64(nanos / 1000) }
}

extension Duration {
    /// The time between two timestamps (0 if negative).
    init(from start: Timestamp, to end: Timestamp) {
        let micros = max(0, end.microseconds - start.microseconds)
        self.init(seconds: Int(micros / 1_000_000), nanos: Int(micros % 1_000_000) * 1000)
    }
}
