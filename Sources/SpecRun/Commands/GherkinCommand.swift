import Foundation
import Gherkin
import Messages

/// `specrun gherkin`: the parser's own NDJSON (source, gherkinDocument, pickle, parseError), one envelope a
/// line, with the uri exactly as given, as the official gherkin executables print it.
///
/// With random ids, files are parsed on every core, a batch at a time, and printed in the order given; with
/// `--predictable-ids` they are parsed one after the other so that the ids follow the files.
struct GherkinCommand {
    let options: GherkinOptions
    let console: any Console

    func run() -> Int32 {
        let ids: any IdGenerator = options.predictableIds ? IncrementingIdGenerator() : UUIDGenerator()
        let generation = GherkinMessages.Options(includeSource: options.includeSource, includeAST: options.includeAST,
                                                 includePickles: options.includePickles)
        let parallel = !options.predictableIds && options.paths.count > 1
            && ProcessInfo.processInfo.activeProcessorCount > 1
        var code = ExitCode.passed
        var out: [UInt8] = []
        out.reserveCapacity(Self.flushSize + 65_536)
        var start = 0
        while start < options.paths.count {
            let batch = Array(options.paths[start..<min(start + (parallel ? Self.batchSize : 1), options.paths.count)])
            start += batch.count
            for file in Self.process(batch, generation: generation, ids: ids, parallel: parallel) {
                guard let bytes = file.bytes else {
                    flush(&out)
                    console.err("specrun gherkin: cannot read \(file.path): no such file or not readable\n")
                    code = .usage
                    continue
                }
                if file.unparsable, code == .passed { code = .unparsable }
                out += bytes
                if out.count >= Self.flushSize { flush(&out) }
            }
        }
        flush(&out)
        return code.rawValue
    }

    /// Output is written in blocks of about this size (a write per file or per line costs a system call each).
    static let flushSize = 1 << 20
    /// Files parsed at once: enough to keep the cores busy, few enough that little output waits in memory.
    static let batchSize = 32

    struct FileOutput: Sendable {
        let path: String
        /// The NDJSON lines; nil when the file cannot be read.
        var bytes: [UInt8]?
        var unparsable = false
    }

    static func process(_ paths: [String], generation: GherkinMessages.Options, ids: any IdGenerator,
                        parallel: Bool) -> [FileOutput] {
        guard parallel else { return paths.map { output(of: $0, generation: generation, ids: ids) } }
        let results = Results(count: paths.count)
        DispatchQueue.concurrentPerform(iterations: paths.count) { index in
            results.set(index, output(of: paths[index], generation: generation, ids: ids))
        }
        return results.all(paths)
    }

    static func output(of path: String, generation: GherkinMessages.Options, ids: any IdGenerator) -> FileOutput {
        guard let data = FileManager.default.contents(atPath: path) else { return FileOutput(path: path, bytes: nil) }
        var file = FileOutput(path: path, bytes: [])
        var bytes: [UInt8] = []
        bytes.reserveCapacity(data.count * 16)
        for envelope in GherkinMessages.generate(bytes: data, uri: path, options: generation, ids: ids) {
            if envelope.parseError != nil { file.unparsable = true }
            try? GherkinMessages.appendNDJSONLine(envelope, to: &bytes)
        }
        file.bytes = bytes
        return file
    }

    private func flush(_ out: inout [UInt8]) {
        guard !out.isEmpty else { return }
        console.out(String(decoding: out, as: UTF8.self))
        out.removeAll(keepingCapacity: true)
    }
}

/// The outputs of one batch, filled in by concurrent workers, each at its own index.
private final class Results: @unchecked Sendable {
    // @unchecked: `outputs` is only read and written under `lock`.
    private let lock = NSLock()
    private var outputs: [GherkinCommand.FileOutput?]

    init(count: Int) { outputs = Array(repeating: nil, count: count) }

    func set(_ index: Int, _ output: GherkinCommand.FileOutput) {
        lock.lock(); defer { lock.unlock() }
        outputs[index] = output
    }

    func all(_ paths: [String]) -> [GherkinCommand.FileOutput] {
        lock.lock(); defer { lock.unlock() }
        return outputs.enumerated().map { $0.element ?? GherkinCommand.FileOutput(path: paths[$0.offset], bytes: nil) }
    }
}
