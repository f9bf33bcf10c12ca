import Foundation
import TagExpressions

extension Supervisor {
    /// What the run asks of its supervision: workers, failure policy, time and memory limits, and what the workers
    /// send.
    package struct Settings {
        package init(
            workers: Int = 1, failFast: Bool = false, strict: Bool = true, serial: TagExpression? = nil, timings: [String: Double] = [:],
            timeoutSeconds: Double = 0, memoryLimit: UInt64? = nil, namesTestCases: Bool = false, killGraceSeconds: Double = 1,
            interruptGraceSeconds: Double = 2, plansWithSentSteps: Bool = false, passedStepsAsCount: Bool = false,
            plansByFile: Bool = false
        ) {
            self.workers = workers
            self.failFast = failFast
            self.strict = strict
            self.serial = serial
            self.timings = timings
            self.timeoutSeconds = timeoutSeconds
            self.memoryLimit = memoryLimit
            self.namesTestCases = namesTestCases
            self.killGraceSeconds = killGraceSeconds
            self.interruptGraceSeconds = interruptGraceSeconds
            self.plansWithSentSteps = plansWithSentSteps
            self.passedStepsAsCount = passedStepsAsCount
            self.plansByFile = plansByFile
        }

        var workers = 1
        var failFast = false
        var strict = true
        /// Test cases whose pickle tags match never run at the same time as each other (`@serial`).
        var serial: TagExpression?
        /// Seconds per test case key, to hand out the slowest first.
        var timings: [String: Double] = [:]
        var timeoutSeconds: Double = 0
        /// `--memory-limit` of each worker, to name it when a step runs out of memory.
        var memoryLimit: UInt64?
        /// Name each test case's pickle to a worker other than the first before handing it out
        /// (`WorkerInstruction.name`): those parse only the files they run.
        var namesTestCases = false
        /// Seconds between the SIGTERM the supervisor sends a worker past its deadline and the SIGKILL that follows
        /// when it is still there (it ignores SIGTERM, or it is stopped).
        var killGraceSeconds: Double = 1
        /// Seconds between Ctrl-C (or SIGTERM) passed on to the workers and the SIGKILL of those still running.
        var interruptGraceSeconds: Double = 2
        /// The run's index keeps each test case message's steps array as it is (no report reads match arguments):
        /// the plan holds that same array rather than steps of its own (`PlannedSteps`). Memory only: either way
        /// the plan reads the same steps.
        var plansWithSentSteps = false
        /// The workers send the steps that passed in a row as a count (`WorkerConfiguration.sendsPassedStepsAsCount`)
        /// and the run's listeners fill the steps left unsaid (`RunIndex.stepsUnsaid`): of each count the
        /// supervisor says only the last step. Without it, a count is a line the worker's run did not write.
        var passedStepsAsCount = false
        /// Worker 0 plans and runs file by file (`WorkerConfiguration.plansByFile`): the documents, made a file at a
        /// time (`WorkerPool.documentFiles`), go into the stream before each file's test cases
        /// (`Supervisor.documentBatches`), not all at its `meta`.
        var plansByFile = false
    }
}
