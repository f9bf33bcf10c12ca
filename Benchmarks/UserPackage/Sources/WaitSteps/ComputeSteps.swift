import SpecRun

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The scenario's state for the CPU-bound corpus: the last computation's result, kept so that the optimizer cannot
/// drop the arithmetic.
public final class ComputeWorld: World {
    public var checksum: UInt64 = 0
    public required init() {}
}

/// A CPU-bound step: it does `ms` milliseconds of work on one core, as a step doing real work (hashing, parsing, a
/// simulation) would — integer arithmetic, no sleeping, until the thread has used that much CPU time. The deadline is
/// on the thread's CPU clock, not a wall clock: a step that shares its core with another takes longer, as real work
/// would (with a wall-clock deadline it would do less work instead, and `-j 2` on one core would look ~2× faster).
/// Its text does not overlap the cart vocabulary, so it needs no scope.
public enum ComputeSteps: StepLibrary {
    public static func register(_ steps: inout Steps<ComputeWorld>) {
        steps.given("I compute for {int} ms") { (world, milliseconds: Int) in
            world.checksum = compute(nanoseconds: Int64(max(0, milliseconds)) * 1_000_000)
        }
    }

    /// A 64-bit linear congruential generator with an xor-shift, stepped until this thread has used `nanoseconds` of
    /// CPU time; the clock (a system call) is read every 16,384 rounds, some 30–50 µs here.
    static func compute(nanoseconds: Int64) -> UInt64 {
        let deadline = threadCPUTime() + nanoseconds
        var state: UInt64 = 0x9E37_79B9_7F4A_7C15
        repeat {
            for _ in 0..<16_384 {
                state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
                state ^= state >> 29
            }
        } while threadCPUTime() < deadline
        return state
    }

    static func threadCPUTime() -> Int64 {
        var now = timespec()
        clock_gettime(CLOCK_THREAD_CPUTIME_ID, &now)
        return Int64(now.tv_sec) * 1_000_000_000 + Int64(now.tv_nsec)
    }
}
