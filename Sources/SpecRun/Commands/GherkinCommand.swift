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
        for path in options.paths {
            guard let bytes = FileManager.default.contents(atPath: path) else {
                console.err("specrun gherkin: cannot read \(path): no such file or not readable\n")
                code = .usage
                continue
            }
            var out = ""
            for envelope in GherkinMessages.generate(bytes: bytes, uri: path, options: generation, ids: ids) {
                if envelope.parseError != nil, code == .passed { code = .unparsable }
                guard let line = try? GherkinMessages.ndjsonLine(envelope) else { continue }
                out += line
                out += "\n"
            }
            console.out(out)
        }
        return code.rawValue
    }
}
