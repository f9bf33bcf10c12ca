import Foundation
import Messages
import SpecRunCore
import SpecRunReports

/// `specrun [PATH…] [options]`: runs the features and feeds every envelope to the requested reports.
struct RunCommand {
    let options: RunOptions
    let libraries: [any StepLibrary.Type]
    let console: any Console
    var clock: any RunClock = SystemClock()

    func run() async -> Int32 {
        let configuration: RunConfiguration
        let reports: Reports
        do {
            configuration = try makeConfiguration()
            reports = try Reports(requests: options.formats.isEmpty ? [FormatRequest(name: "pretty", path: nil)] : options.formats,
                                  colors: console.wantsColor(options.color), console: console)
        } catch {
            return SpecRunCLI.usageFailure(error, console: console)
        }
        let ids: any IdGenerator = options.predictableIds ? IncrementingIdGenerator() : UUIDGenerator()
        let runner = SpecRunner(libraries: libraries, configuration: configuration, ids: ids, clock: clock,
                                environment: console.environment)
        let parseErrors = ParseErrorPrinter(console: console)
        let summary: RunSummary
        do {
            summary = try await runner.run { envelope in
                parseErrors.handle(envelope)
                reports.handle(envelope)
            }
        } catch {
            return SpecRunCLI.usageFailure(error, console: console)
        }
        let written = reports.finish()
        if let seed = summary.seed {
            console.err("Randomized with seed \(seed): replay this order with --order random:\(seed)\n")
        }
        if summary.nothingSelected && summary.unparsableFiles.isEmpty {
            console.err("specrun: no scenario matched the paths and filters (\(Self.describeSelection(configuration)))\n")
        }
        if !summary.unparsableFiles.isEmpty {
            console.err("specrun: \(summary.unparsableFiles.count) feature file(s) could not be parsed; the others ran\n")
        }
        return written ? summary.exitCode : ExitCode.usage.rawValue
    }

    func makeConfiguration() throws -> RunConfiguration {
        guard let order = RunConfiguration.Order(parsing: options.order) else {
            throw UsageError(message: "--order: expected defined, reverse, random or random:SEED, got '\(options.order)'")
        }
        let tags = options.tags.isEmpty ? nil
            : options.tags.count == 1 ? options.tags[0] : options.tags.map { "(\($0))" }.joined(separator: " and ")
        return RunConfiguration(paths: options.paths.isEmpty ? ["Features"] : options.paths, tags: tags, names: options.names,
                                dryRun: options.dryRun, failFast: options.failFast, strict: options.strict,
                                order: order, retry: options.retry)
    }

    static func describeSelection(_ configuration: RunConfiguration) -> String {
        var parts = ["paths: " + configuration.paths.joined(separator: " ")]
        if let tags = configuration.tags { parts.append("--tags '\(tags)'") }
        parts += configuration.names.map { "--name '\($0)'" }
        return parts.joined(separator: ", ")
    }
}

/// Prints each parse error as `path:line:column: message` on stderr, as compilers do, so editors can jump to it.
final class ParseErrorPrinter {
    private let console: any Console

    init(console: any Console) { self.console = console }

    func handle(_ envelope: Envelope) {
        guard let error = envelope.parseError else { return }
        let uri = error.source.uri ?? "<unknown>"
        let line = error.source.location?.line ?? 0
        let column = error.source.location?.column ?? 0
        let prefix = "(\(line):\(column)): "
        let message = error.message.hasPrefix(prefix) ? String(error.message.dropFirst(prefix.count)) : error.message
        console.err("\(uri):\(line):\(column): \(ParseErrorText.humanize(message))\n")
    }
}
