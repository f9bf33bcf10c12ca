import Foundation
import Messages
import SpecRunEditor
import SpecRunReports
import SpecRunWorkers

/// Prints each parse error as `path:line:column: message` on stderr, as compilers do, so editors can jump to it;
/// and a warning, the same way, for a step or a second `Feature:` line read as a description, and each Scenario
/// Outline without Examples or without an Examples row.
final class ParseErrorPrinter {
    private let console: any Console
    /// The text of the last source read (its document follows it, when the stream has sources).
    private var lastSource: Source?

    /// Files whose warnings were said already (by the first run of one rerun of `watch`), as absolute paths.
    private let said: Set<String>

    init(console: any Console, saidFor files: [String] = []) {
        self.console = console
        said = Set(files.map(Self.absolute))
    }

    private static func absolute(_ path: String) -> String {
        URL(fileURLWithPath: path).standardizedFileURL.path
    }

    func handle(_ envelope: Envelope) {
        switch envelope.kind {
        case .source:
            lastSource = envelope.source
            return
        case .gherkinDocument, .parseError: break
        default: return
        }
        envelope.withGherkinDocument { document in
            guard said.isEmpty || !said.contains(Self.absolute(document.uri ?? "")) else { return }
            for line in InvalidTimeoutTags.lines(in: document) { console.err(line + "\n") }
            for finding in StepsReadAsDescription.findings(in: document) {
                console.err(
                    "\(document.uri ?? "<unknown>"):\(finding.location.line):\(finding.location.column ?? 0): "
                        + "warning: \(finding.message)\n")
            }
            var findings = FeatureLineInDescription.findings(in: document)
            if !findings.isEmpty, let uri = document.uri {
                // Placed at their own lines by the file's text: the stream's source, else the file (a run in
                // worker processes streams no sources unless a report reads them).
                let source =
                    lastSource?.uri == uri
                    ? lastSource?.data : FileManager.default.contents(atPath: uri).map { String(decoding: $0, as: UTF8.self) }
                findings = FeatureLineInDescription.findings(in: document, source: source)
            }
            for finding in findings {
                console.err(
                    "\(document.uri ?? "<unknown>"):\(finding.location.line):\(finding.location.column ?? 0): "
                        + "warning: \(finding.message)\n")
            }
            for outline in document.outlinesWithoutExamples {
                console.err(
                    "\(document.uri ?? "<unknown>"):\(outline.location.line):\(outline.location.column ?? 0): "
                        + "warning: \(outline.keyword) '\(outline.name)' has no Examples, so it runs once with its <placeholders> as written "
                        + "(add an Examples: table, or make it a Scenario)\n")
            }
            for outline in document.outlinesWithoutExamplesRows {
                console.err(
                    "\(document.uri ?? "<unknown>"):\(outline.location.line):\(outline.location.column ?? 0): "
                        + "warning: \(outline.keyword) '\(outline.name)' has no Examples row, so it never runs "
                        + "(add a row under the header of its Examples)\n")
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
        // The hint names the keywords of the file's `# language:` (the stream's source, else the file).
        let source = lastSource?.uri == uri ? lastSource?.data : Self.fileText(uri)
        let words = ConsoleEscaping.escape(ParseErrorText.words(of: error, source: source), keepColors: false)
        console.err("\(uri):\(line):\(column): \(words)\n")
    }

    /// What the console says of a parse error after its location, for the reports that say it too (JUnit, GitHub,
    /// a console format in a file; `ReportOptions.parseErrorWords`): the hint in the language of the file as it is now.
    static func words(of error: ParseError) -> String {
        ParseErrorText.words(of: error, source: error.source.uri.flatMap(fileText))
    }

    private static func fileText(_ path: String) -> String? {
        FileManager.default.contents(atPath: path).map { String(decoding: $0, as: UTF8.self) }
    }
}
