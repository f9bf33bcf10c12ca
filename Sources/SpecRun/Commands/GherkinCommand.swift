import Foundation
import Gherkin
import Messages

/// `specrun gherkin`: the parser's own NDJSON (source, gherkinDocument, pickle, parseError), one envelope a
/// line, with the uri exactly as given, as the official gherkin executables print it.
struct GherkinCommand {
    let options: GherkinOptions
    let console: any Console

    func run() -> Int32 {
        let ids: any IdGenerator = options.predictableIds ? IncrementingIdGenerator() : UUIDGenerator()
        let generation = GherkinMessages.Options(includeSource: options.includeSource, includeAST: options.includeAST,
                                                 includePickles: options.includePickles)
        var code = ExitCode.passed
        var out: [UInt8] = []
        out.reserveCapacity(Self.flushSize + 65_536)
        for path in options.paths {
            guard let bytes = FileManager.default.contents(atPath: path) else {
                flush(&out)
                console.err("specrun gherkin: cannot read \(path): no such file or not readable\n")
                code = .usage
                continue
            }
            for envelope in GherkinMessages.generate(bytes: bytes, uri: path, options: generation, ids: ids) {
                if envelope.parseError != nil, code == .passed { code = .unparsable }
                try? GherkinMessages.appendNDJSONLine(envelope, to: &out)
            }
            if out.count >= Self.flushSize { flush(&out) }
        }
        flush(&out)
        return code.rawValue
    }

    /// Output is written in blocks of about this size (a write per file or per line costs a system call each).
    static let flushSize = 1 << 20

    private func flush(_ out: inout [UInt8]) {
        guard !out.isEmpty else { return }
        console.out(String(decoding: out, as: UTF8.self))
        out.removeAll(keepingCapacity: true)
    }
}
