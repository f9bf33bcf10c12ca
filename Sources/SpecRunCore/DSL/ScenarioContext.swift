import Messages

/// The scenario whose step or hook is running: `ScenarioContext.current` inside step bodies and hooks
/// (nil in BeforeAll/AfterAll hooks and outside a run). An After hook can look at `status` to, say,
/// attach a screenshot only when the scenario failed.
public struct ScenarioContext: Sendable, Equatable {
    public let name: String
    public let tags: [String]
    /// The feature file, relative to the working directory.
    public let uri: String
    /// 0 for the first attempt, then 1, 2, … when the scenario is retried.
    public let attempt: Int
    /// The worst status of the test steps finished so far (PASSED before any step ran).
    public let status: TestStepResultStatus

    public var failed: Bool { status == .failed }

    public static var current: ScenarioContext? { StepContext.current?.scenario }
}
