import Foundation

/// The tick source of the counter: calls `onTick` every `interval` seconds until stopped.
/// Inject a manual one in tests; the app injects a timer on its main run loop.
public protocol CountdownTicker: AnyObject {
    func start(every interval: TimeInterval, onTick: @escaping () -> Void)
    func stop()
}
