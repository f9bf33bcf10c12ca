import Messages
import SpecRunEditor
import SpecRunWorkers

/// Prints each parse error as `path:line:column: message` on stderr, as compilers do, so editors can jump to it;
/// and a warning, the same way, for each Scenario Outline without Examples.
final class ParseErrorPrinter {
    private let console: any Console

    init(console: any Console) { self.console = console }

    func handle(_ envelope: Envelope) {
        switch envelope.kind {
        case .gherkinDocument, .parseError: break
        default: return
        }
        envelope.withGherkinDocument { document in
            for line in InvalidTimeoutTags.lines(in: document) { console.err(line + "\n") }
            for finding in StepsReadAsDescription.findings(in: document) {
                console.err(
                    "\(document.uri ?? "<unknown>"):\(finding.location.line):\(finding.location.column ?? 0): "
                        + "warning: \(finding.message)\n")
            }
            for outline in document.outlinesWithoutExamples {
                console.err(
                    "\(document.uri ?? "<unknown>"):\(outline.location.line):\(outline.location.column ?? 0): "
                        + "\(outline.keyword) '\(outline.name)' has no Examples, so it runs once with its <placeholders> as written "
                        + "(add an Examples: table, or make it a Scenario)\n")
            }
        }
        guard let error = envelope.parseError else { return }
        let uri = error.source.uri ?? "<unknown>"
        guard error.source.location != nil else {
            // No place in the file to point at (it could not be read): the path once.
            console.err(error.message.hasPrefix(uri) ? "\(error.message)\n" : "\(uri): \(error.message)\n")
            return
        }
        let line = error.source.location?.line ?? 0
        let column = error.source.location?.column ?? 0
        let prefix = "(\(line):\(column)): "
        let message = error.message.hasPrefix(prefix) ? String(error.message.dropFirst(prefix.count)) : error.message
        console.err("\(uri):\(line):\(column): \(ParseErrorText.humanize(message))\n")
    }
}
