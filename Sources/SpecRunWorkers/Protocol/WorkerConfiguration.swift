import Foundation
import SpecRunCore

/// What a worker process runs, as a typed value: the supervisor encodes it as the first line of the worker's
/// stdin (JSON), the worker decodes it. Nothing is turned back into command-line text.
package struct WorkerConfiguration: Codable, Equatable, Sendable {
    package init(
        paths: [String], tags: String? = nil, names: [String] = [], worldParameters: [String: String] = [:],
        snippetInterface: RunConfiguration.SnippetInterface = .synchronous, dryRun: Bool = false, failFast: Bool = false,
        strict: Bool = true, order: String = "defined", retry: Int = 0, retryTagFilter: String? = nil, predictableIds: Bool = false,
        idSeed: UInt64 = 0, number: Int = 0, timeoutSeconds: Double = 0, tagTimeouts: [TagTimeout] = [], shard: ShardSpec? = nil,
        wantKeys: Bool = false, memoryLimit: UInt64? = nil, messageReport: Bool = false, sendsDocuments: Bool = true,
        namesTestCases: Bool = false, plansByFile: Bool = false
    ) {
        self.paths = paths
        self.tags = tags
        self.names = names
        self.worldParameters = worldParameters
        self.snippetInterface = snippetInterface
        self.dryRun = dryRun
        self.failFast = failFast
        self.strict = strict
        self.order = order
        self.retry = retry
        self.retryTagFilter = retryTagFilter
        self.predictableIds = predictableIds
        self.idSeed = idSeed
        self.number = number
        self.timeoutSeconds = timeoutSeconds
        self.tagTimeouts = tagTimeouts
        self.shard = shard
        self.wantKeys = wantKeys
        self.memoryLimit = memoryLimit
        self.messageReport = messageReport
        self.sendsDocuments = sendsDocuments
        self.namesTestCases = namesTestCases
        self.plansByFile = plansByFile
    }

    var paths: [String]
    var tags: String?
    var names: [String] = []
    package var worldParameters: [String: String] = [:]
    package var snippetInterface: RunConfiguration.SnippetInterface = .synchronous
    var dryRun = false
    var failFast = false
    var strict = true
    /// A concrete order: a random one is resolved to its seed by the supervisor, so every worker plays the same.
    var order = "defined"
    var retry = 0
    package var retryTagFilter: String?
    package var predictableIds = false
    /// The seed of the definitions' ids: the same in every worker of a run, so they all name the same pickles,
    /// definitions and test cases.
    var idSeed: UInt64 = 0
    /// The worker's number in the run (0 for the first); workers other than 0 make their run-time ids apart.
    var number = 0
    /// A step or hook running longer than this is failed and its worker replaced; 0 disables it.
    var timeoutSeconds: Double = 0
    /// `--tag-timeout`: the timeouts of the scenarios matching a tag expression.
    package var tagTimeouts: [TagTimeout] = []
    package var shard: ShardSpec?
    /// Send the test cases' keys (`uri:line`) with the ready line, for a supervisor that hands out the slowest first.
    package var wantKeys = false
    /// `--memory-limit`: the worker limits its own data memory to this many bytes first thing.
    package var memoryLimit: UInt64?
    /// A message report writes the stream out: the supervisor keeps each envelope's JSON line to write it as it
    /// came, and passes every step start on.
    package var messageReport = false
    /// Whether worker 0 sends the feature files' source, gherkinDocument and pickle messages and parse errors;
    /// false when the supervisor makes them itself (`SpecRunner.emitDocuments`, with this seed), as `specrun` does.
    package var sendsDocuments = true
    /// Whether the supervisor names each test case's pickle (`WorkerInstruction.name`) before handing it to a worker
    /// other than the first, which then parses only the files it runs (see `SpecRunner.openNamingTestCases`).
    /// Never with predictable ids: those number every id in one sequence, so only a whole parse names them alike.
    package var namesTestCases = false
    /// Whether this worker plans the run's test cases one feature file at a time, sending each file's `testCase`
    /// messages and a `planned` line as it goes and running those handed out meanwhile (`SpecRunner.openPlanningByFile`),
    /// rather than all of them before its first scenario. Only for the worker that sends the plan (worker 0, or
    /// the one started to plan the rest after it ended), of a run that may be made so (`SpecRunner.mayPlanByFile`)
    /// and whose supervisor reads the plan as it comes (one worker; no report writes the stream's order).
    package var plansByFile = false
    /// Whether the worker sends the steps that passed since its last line as one `!P` line, not a line each
    /// (`WorkerOutbox.collapsesPassedSteps`): when no report reads more of a passed step than that it passed
    /// (`ListenerNeeds.passedStepTimes`). The supervisor says only the last of them (`RunIndex.stepsUnsaid`).
    package var collapsesPassedSteps = false
    /// Whether the workers of this run send passed steps as a count: `collapsesPassedSteps`, unless they write a
    /// message report's stream (which has every step).
    package var sendsPassedStepsAsCount: Bool { collapsesPassedSteps && !messageReport }

    /// Whether this worker parses only the files of the test cases named to it.
    var parsesOnDemand: Bool { namesTestCases && number > 0 && !predictableIds }

    package struct ShardSpec: Codable, Equatable, Sendable {
        package init(index: Int, count: Int, timings: [String: Double] = [:]) {
            self.index = index
            self.count = count
            self.timings = timings
        }

        var index: Int
        var count: Int
        package var timings: [String: Double] = [:]
    }

    package func runConfiguration() throws -> RunConfiguration {
        guard let order = RunConfiguration.Order(parsing: order) else {
            throw UsageError(message: "--order: expected defined, reverse, random or random:SEED, got '\(self.order)'")
        }
        var configuration = RunConfiguration(
            paths: paths, tags: tags, names: names, dryRun: dryRun, failFast: failFast,
            strict: strict, order: order, retry: retry)
        configuration.snippetInterface = snippetInterface
        configuration.retryTagFilter = retryTagFilter
        configuration.tagTimeouts = tagTimeouts
        configuration.worldParameters = worldParameters
        configuration.checkArguments = dryRun
        configuration.documents = DocumentSources.translate(paths).documents
        configuration.shard = shard.map { Shard(index: $0.index, count: $0.count, timings: $0.timings) }
        return configuration
    }

    func encodedLine() -> [UInt8] {
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        var bytes = Array((try? encoder.encode(self)) ?? Data("{}".utf8))
        bytes.append(0x0A)
        return bytes
    }

    static func decode(_ line: String) throws -> WorkerConfiguration {
        do {
            return try JSONDecoder().decode(WorkerConfiguration.self, from: Data(line.utf8))
        } catch {
            throw UsageError(
                message: "specrun --worker: the first line of stdin is not a worker configuration (\(error)); "
                    + "workers are started by specrun itself")
        }
    }
}
