import Foundation
import Gherkin
import Messages
import SpecRunCore
import SpecRunReportCore
import SpecRunReports
import SpecRunWorkers

/// `specrun gherkin`: the parser's own NDJSON (source, gherkinDocument, pickle, parseError), one envelope a
/// line, with the uri exactly as given, as the official gherkin executables print it.
///
/// With random ids, files are parsed on every core, each worker taking the next file as soon as it is free,
/// and printed in the order given while the others are parsed; with `--predictable-ids` they are parsed one
/// after the other so that the ids follow the files.
struct GherkinCommand {
    let options: GherkinOptions
    let console: any Console

    func run() -> Int32 {
        let generation = GherkinMessages.Options(
            includeSource: options.includeSource, includeAST: options.includeAST,
            includePickles: options.includePickles)
        let paths = options.paths
        let cores = ProcessInfo.processInfo.activeProcessorCount
        var output = Output(console: console)
        if options.predictableIds || paths.count < 2 || cores < 2 {
            let ids: any IdGenerator = options.predictableIds ? IncrementingIdGenerator() : UUIDGenerator()
            for path in paths { output.print(Self.output(of: path, generation: generation, ids: ids)) }
        } else {
            // One id generator per file, on the same seed at distant starts: unique ids, and no lock shared
            // by the workers.
            let seed = UInt64.random(in: 0...UInt64.max)
            let files = OrderedParallelMap(count: paths.count, window: Self.batchSize, workers: cores) { index in
                Self.output(
                    of: paths[index], generation: generation,
                    ids: RandomUUIDGenerator(seed: seed, start: UInt64(index) << 32))
            }
            for index in paths.indices { output.print(files.take(index)) }
        }
        output.flush()
        return output.code.rawValue
    }

    /// Small outputs are gathered into blocks of about this size (a write per file costs a system call each).
    static let flushSize = 1 << 20
    /// Files parsed ahead of the one being printed: enough to keep the cores busy, few enough that little
    /// output waits in memory.
    static let batchSize = 32

    struct FileOutput: Sendable {
        let path: String
        /// The NDJSON lines; nil when the file cannot be read.
        var bytes: Data?
        var unparsable = false
    }

    static func output(of path: String, generation: GherkinMessages.Options, ids: any IdGenerator) -> FileOutput {
        guard let data = FileManager.default.contents(atPath: path) else { return FileOutput(path: path, bytes: nil) }
        // The NDJSON is about 13 times the feature text, with a source envelope and pickles.
        let (bytes, unparsable) = GherkinMessages.ndjson(
            bytes: data, uri: path, options: generation, ids: ids,
            capacity: data.count * 16 + 4096)
        return FileOutput(path: path, bytes: bytes, unparsable: unparsable)
    }

    /// Standard output and the exit code, file after file: a large output goes straight to the console, small
    /// ones are gathered first.
    private struct Output {
        let console: any Console
        var code = ExitCode.passed
        private var block: [UInt8] = []

        init(console: any Console) { self.console = console }

        mutating func print(_ file: FileOutput) {
            guard let bytes = file.bytes else {
                flush()
                console.err(
                    "\(ProgramName.current) gherkin: cannot read \(file.path): \(UnreadableFile.why(file.path) ?? "not readable")\n")
                code = .usage
                return
            }
            if file.unparsable, code == .passed { code = .unparsable }
            if bytes.count >= GherkinCommand.flushSize / 16 {
                flush()
                bytes.withUnsafeBytes { console.out(bytes: $0.bindMemory(to: UInt8.self)) }
            } else {
                if block.isEmpty { block.reserveCapacity(GherkinCommand.flushSize + 65_536) }
                block.append(contentsOf: bytes)
                if block.count >= GherkinCommand.flushSize { flush() }
            }
        }

        mutating func flush() {
            guard !block.isEmpty else { return }
            block.withUnsafeBufferPointer { console.out(bytes: $0) }
            block.removeAll(keepingCapacity: true)
        }
    }
}
