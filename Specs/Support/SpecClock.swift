import Foundation

/// The scenario's clock: steps set it ("it is 14:05"), the domain reads it through `currentDate`.
/// `@unchecked Sendable`: the only mutable state, `date`, is guarded by `lock`.
final class SpecClock: @unchecked Sendable {
    private let lock = NSLock()
    private var date: Date

    init(now: Date = Date(timeIntervalSince1970: 0)) { date = now }

    var now: Date {
        get { lock.lock(); defer { lock.unlock() }; return date }
        set { lock.lock(); date = newValue; lock.unlock() }
    }

    var currentDate: @Sendable () -> Date {
        { [self] in now }
    }
}
