import Foundation
import Messages
import SharedState

/// Scoped timeouts in this process (`--no-isolation`, `SpecSuite`): a worker's watchdog and its supervisor enforce
/// them in worker processes; here a step is raced against its limit. A step past its limit is reported FAILED
/// (`Timeout`) and the run goes on; the step itself cannot be stopped inside one process and is left running.
extension TestCaseRunner {
    /// A step definition's `timeout:` first, then the scenario's (`@timeout:` tag, the run's tag timeouts); nil:
    /// the run's `--timeout`.
    func limit(of step: PlannedStep, scenario: ScopedTimeouts.Scenario) -> StepLimit? {
        if case .step(_, .matched(let match)) = step.action, let seconds = match.definition.code.timeout {
            return StepLimit(
                seconds: seconds, source: "timeout: of the step definition at \(match.definition.code.location.relative(to: root))")
        }
        if case .limit(let limit) = scenario { return limit }
        return nil
    }

    nonisolated(nonsending)
        func racing(
            _ limit: StepLimit, _ step: PlannedStep, plan: TestCasePlan, state: SkipState,
            stepHooks: (before: [RegisteredHook], after: [RegisteredHook]), worlds: WorldStore
        ) async -> Performed
    {
        let runner = self
        let done = await LimitRace.run(seconds: limit.seconds) {
            await runner.perform(step, plan: plan, state: state, stepHooks: stepHooks, worlds: worlds)
        }
        if let done { return done }
        let message = Self.timedOutMessage(limit, what: describe(step, plan: plan))
        return Performed(
            outcome: CodeOutcome(
                status: .failed, message: message,
                exception: Exception(type: "Timeout", message: message, stackTrace: nil)),
            ran: true)
    }

    /// A step or hook that ended past its limit fails, whatever the limit's size and whoever watched it: a watchdog
    /// or a race looks at a clock from time to time, and a step that ends between its deadline and that look must
    /// not pass. Nil: within its limit (or already failed by the limit).
    func overran(
        _ limit: StepLimit, since began: ContinuousClock.Instant, _ outcome: CodeOutcome, _ step: PlannedStep, plan: TestCasePlan
    ) -> CodeOutcome? {
        guard limit.seconds > 0, outcome.exception?.type != "Timeout" else { return nil }
        let elapsed = ContinuousClock.now - began
        guard elapsed > .nanoseconds(Int64(min(limit.seconds, TimeoutText.maximumSeconds) * 1e9)) else { return nil }
        let components = elapsed.components
        let seconds = Double(components.seconds) + Double(components.attoseconds) / 1e18
        let message =
            "the step timed out after \(TimeoutText.describe(limit.seconds)) (\(describe(step, plan: plan)); its limit: \(limit.source)); "
            + "it ended after \(TimeoutText.describe((seconds * 1000).rounded() / 1000))"
        return CodeOutcome(status: .failed, message: message, exception: Exception(type: "Timeout", message: message, stackTrace: nil))
    }

    /// "step 'x' at Features/a.feature:3" or "hook at Steps.swift:12".
    func describe(_ step: PlannedStep, plan: TestCasePlan) -> String {
        switch step.action {
        case .hook(let hook): return "hook at \(hook.code.location.relative(to: root))"
        case .step(let position, _):
            let pickleStep = plan.pickle.steps[position]
            return "step '\(pickleStep.text)' at \(locate(plan.pickle, pickleStep) ?? plan.pickle.uri)"
        }
    }

    static func timedOutMessage(_ limit: StepLimit, what: String) -> String {
        "the step timed out after \(TimeoutText.describe(limit.seconds)) (\(what); its limit: \(limit.source)); "
            + "it is left running: inside one process nothing can stop it (worker processes, the default, end it)"
    }
}

/// Runs `body` in a task of its own and waits for it at most `seconds`: its value, or nil when the time ran out
/// first (the task is left running).
enum LimitRace {
    static func run<T: Sendable>(seconds: Double, _ body: @escaping @Sendable () async -> T) async -> T? {
        let box = RaceBox<T>()
        var sleeper: Task<Void, Never>?
        let value: T? = await withCheckedContinuation { continuation in
            box.wait(with: continuation)
            Task { box.finish(await body()) }
            sleeper = Task {
                try? await Task.sleep(nanoseconds: UInt64(min(seconds, TimeoutText.maximumSeconds) * 1e9))
                box.finish(nil)
            }
        }
        sleeper?.cancel()
        return value
    }
}

private final class RaceBox<T: Sendable>: Sendable {
    private let waiting = Locked<CheckedContinuation<T?, Never>?>(nil)

    func wait(with continuation: CheckedContinuation<T?, Never>) {
        waiting.withLock { $0 = continuation }
    }

    /// The first value wins; later ones are dropped.
    func finish(_ value: T?) {
        waiting.withLock { $0.take() }?.resume(returning: value)
    }
}
