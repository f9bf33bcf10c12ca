import Foundation
import SpecRunCore

/// What a worker process runs, as a typed value: the supervisor encodes it as the first line of the worker's
/// stdin (JSON), the worker decodes it. Nothing is turned back into command-line text.
struct WorkerConfiguration: Codable, Equatable, Sendable {
    var paths: [String]
    var tags: String?
    var names: [String] = []
    var worldParameters: [String: String] = [:]
    var snippetInterface: RunConfiguration.SnippetInterface = .synchronous
    var dryRun = false
    var failFast = false
    var strict = true
    /// A concrete order: a random one is resolved to its seed by the supervisor, so every worker plays the same.
    var order = "defined"
    var retry = 0
    var retryTagFilter: String?
    var predictableIds = false
    /// The seed of the definitions' ids: the same in every worker of a run, so they all name the same pickles,
    /// definitions and test cases.
    var idSeed: UInt64 = 0
    /// The worker's number in the run (0 for the first); workers other than 0 make their run-time ids apart.
    var number = 0
    /// A step or hook running longer than this is failed and its worker replaced; 0 disables it.
    var timeoutSeconds: Double = 0
    /// `--tag-timeout`: the timeouts of the scenarios matching a tag expression.
    var tagTimeouts: [TagTimeout] = []
    var shard: ShardSpec?
    /// Send the test cases' keys (`uri:line`) with the ready line, for a supervisor that hands out the slowest first.
    var wantKeys = false
    /// `--memory-limit`: the worker limits its own data memory to this many bytes first thing.
    var memoryLimit: UInt64?
    /// A message report writes the stream out: the supervisor keeps each envelope's JSON line to write it as it
    /// came, and passes every step start on.
    var messageReport = false
    /// Whether worker 0 sends the feature files' source, gherkinDocument and pickle messages and parse errors;
    /// false when the supervisor makes them itself (`SpecRunner.emitDocuments`, with this seed), as `specrun` does.
    var sendsDocuments = true
    /// Whether the supervisor names each test case's pickle (`WorkerInstruction.name`) before handing it to a worker
    /// other than the first, which then parses only the files it runs (see `SpecRunner.openNamingTestCases`).
    /// Never with predictable ids: those number every id in one sequence, so only a whole parse names them alike.
    var namesTestCases = false

    /// Whether this worker parses only the files of the test cases named to it.
    var parsesOnDemand: Bool { namesTestCases && number > 0 && !predictableIds }

    struct ShardSpec: Codable, Equatable, Sendable {
        var index: Int
        var count: Int
        var timings: [String: Double] = [:]
    }

    func runConfiguration() throws -> RunConfiguration {
        guard let order = RunConfiguration.Order(parsing: order) else {
            throw UsageError(message: "--order: expected defined, reverse, random or random:SEED, got '\(self.order)'")
        }
        var configuration = RunConfiguration(paths: paths, tags: tags, names: names, dryRun: dryRun, failFast: failFast,
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
            throw UsageError(message: "specrun --worker: the first line of stdin is not a worker configuration (\(error)); "
                + "workers are started by specrun itself")
        }
    }
}
