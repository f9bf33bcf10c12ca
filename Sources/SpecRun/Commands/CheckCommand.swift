import Foundation
import Gherkin
import Messages
import Requirements
import SpecRunCore
import SpecRunEditor
import SpecRunWorkers

/// `specrun check [PATH…]`: the features and step definitions checked without running a step — parse errors,
/// undefined steps (with the nearest step definitions), ambiguous steps, step closures whose parameters do not
/// fit their expression, unused step definitions, and against the story documents (`CheckRequirements`) criteria
/// without a scenario and tags that name no criterion — each as `file:line:col: error|warning: …` (or GitHub
/// annotations with `--format github`). Exit 1 on any error (`--warnings-as-errors` makes warnings count,
/// `--strict-coverage` the requirements' findings), else 4 when a `PATH:LINE` selects no scenario (named on stderr as
/// a run names it), 0 otherwise.
struct CheckCommand {
    let options: CheckOptions
    let libraries: [any StepLibrary.Type]
    let console: any Console

    typealias Finding = CheckFinding

    func run() async -> Int32 {
        var configuration = RunConfiguration(paths: options.paths.isEmpty ? ["Features"] : options.paths, tags: options.tags, dryRun: true)
        configuration.checkArguments = true
        // A story document given by name is checked as it would run: its Given/When/Then against the steps.
        let documents = DocumentSources.translate(configuration.paths)
        configuration.documents = documents.documents
        let runner = SpecRunner(
            libraries: libraries, configuration: configuration,
            ids: IncrementingIdGenerator(), environment: console.environment)
        let collector = CheckCollector()
        collector.makeOutOfScope = { runner.outOfScopeMatcher() }
        let requirements: RequirementsSet?
        do {
            requirements = try RequirementsSource.folder(
                given: options.requirements, disabled: options.noRequirements,
                exists: RequirementsSource.isFolder
            ).map(RequirementsSource.read)
            _ = try await runner.run { collector.handle($0) }
        } catch {
            return console.usageFailure(error)
        }
        // `check SUBFOLDER`: a step definition its scenarios do not use, or a criterion they do not tag, may be used by
        // the rest of the suite: only what the whole of Features/ leaves unused is reported.
        var suiteTags: Set<String> = []
        if !options.paths.isEmpty, options.paths != ["Features"], RequirementsSource.isFolder("Features") {
            let elsewhere = await Self.suiteUse(libraries: libraries, console: console)
            collector.usedElsewhere = elsewhere.definitions
            suiteTags = elsewhere.pickleTags
        }
        // A `PATH:LINE` that selects no scenario: said as the run says it, and no definition is called unused.
        let selectionNotes = collector.scenarioCount == 0 ? LineSelectionHints.notes(for: configuration) : []
        if !selectionNotes.isEmpty { collector.reportsUnused = false }
        var findings = collector.findings()
        findings += documents.warnings.map {
            Finding(severity: .warning, file: $0.uri, line: $0.line, column: $0.column ?? 1, message: $0.message)
        }
        if let requirements {
            findings += CheckRequirements(requirements: requirements, strict: options.strictCoverage)
                .findings(tags: collector.tagUses, pickleTags: collector.pickleTags.union(suiteTags))
        }
        // Each once (a story document of the requirements folder checked as Gherkin too has its warnings from both).
        var seen = Set<String>()
        findings = findings.filter { seen.insert("\($0.file):\($0.line):\($0.column):\($0.message)").inserted }
        for finding in findings { console.out(render(finding) + "\n") }
        let errors = findings.filter { $0.severity == .error || options.warningsAsErrors }.count
        let warnings = findings.count - findings.filter { $0.severity == .error }.count
        console.err(
            "\(ProgramName.current) check: \(collector.scenarioCount) scenario(s), \(collector.definitionCount) step definition(s): "
                + "\(findings.filter { $0.severity == .error }.count) error(s), \(warnings) warning(s)\n")
        for note in selectionNotes { console.err("\(ProgramName.current) check: \(note)\n") }
        return ExitCode(success: errors == 0, unparsable: false, nothingSelected: !selectionNotes.isEmpty).rawValue
    }

    /// The step definitions the scenarios of `Features/` use and their tags (a second dry run, no argument checks).
    static func suiteUse(libraries: [any StepLibrary.Type], console: any Console) async -> (
        definitions: Set<String>, pickleTags: Set<String>
    ) {
        let runner = SpecRunner(
            libraries: libraries, configuration: RunConfiguration(paths: ["Features"], dryRun: true),
            ids: IncrementingIdGenerator(), environment: console.environment)
        let collector = CheckCollector()
        collector.makeOutOfScope = { runner.outOfScopeMatcher() }
        _ = try? await runner.run { collector.handle($0) }
        return (collector.usedKeys, collector.pickleTags)
    }

    func render(_ finding: Finding) -> String {
        if options.github {
            let kind = finding.severity == .error || options.warningsAsErrors ? "error" : "warning"
            let message = finding.message.replacingOccurrences(of: "%", with: "%25").replacingOccurrences(of: "\n", with: "%0A")
            return "::\(kind) file=\(finding.file),line=\(finding.line),col=\(finding.column)::\(message)"
        }
        return "\(finding.file):\(finding.line):\(finding.column): \(finding.severity.rawValue): \(finding.message)"
    }
}

struct CheckOptions: Equatable {
    var paths: [String] = []
    var tags: String?
    var github = false
    var warningsAsErrors = false
    /// `--requirements DIR` (default `Requirements` when it exists), `--no-requirements`.
    var requirements: String?
    var noRequirements = false
    /// `--strict-coverage`: a criterion without a scenario, or a tag naming no criterion, is an error.
    var strictCoverage = false
}
