import SpecRun

/// The scenario's state for the I/O-bound corpus (none is needed).
public final class WaitWorld: World {
    public required init() {}
}

/// An I/O-bound step: it sleeps without using the CPU, as a step waiting on a network or a database would.
/// Its text does not overlap the cart vocabulary, so it needs no scope (a scope would filter per scenario).
public enum WaitSteps: StepLibrary {
    public static func register(_ steps: inout Steps<WaitWorld>) {
        steps.given("I wait {int} ms") { (_, milliseconds: Int) in
            try await Task.sleep(nanoseconds: UInt64(max(0, milliseconds)) * 1_000_000)
        }
    }
}
