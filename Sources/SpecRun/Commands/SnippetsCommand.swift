import Foundation
import Messages
import SpecRunCore
import SpecRunWorkers

/// `specrun snippets [PATH…] [--output FILE] [--name NAME] [--world TYPE]`: every distinct undefined step of the
/// features (default `Features/`), found without running a step, as one step library file to add to the package:
/// grouped by keyword, parameter types where Cucumber Expressions infer them, special characters escaped, and each
/// snippet matching exactly the steps it was made for (see `SnippetLibrary`). Printed, or written to FILE (an
/// existing file is never overwritten).
struct SnippetsCommand {
    let options: SnippetsOptions
    let libraries: [any StepLibrary.Type]
    let console: any Console

    func run() async -> Int32 {
        let paths = options.paths.isEmpty ? ["Features"] : options.paths
        let configuration = RunConfiguration(paths: paths, tags: options.tags, dryRun: true)
        let runner = SpecRunner(
            libraries: libraries, configuration: configuration, ids: IncrementingIdGenerator(), environment: console.environment)
        let file: SpecRunner.UndefinedStepsFile
        do {
            file = try await runner.undefinedStepsFile(
                name: options.name, world: options.world,
                header: "The undefined steps of \(paths.joined(separator: " ")) (specrun snippets).")
        } catch {
            return console.usageFailure(error)
        }
        let summary =
            "\(ProgramName.current) snippets: \(file.steps) distinct undefined step(s), \(file.snippets) snippet(s)"
            + (file.unresolved > 0 ? ", \(file.unresolved) without one (listed at the end of the file)" : "")
        guard file.steps > 0 else {
            // A `PATH:LINE` that selects no scenario: said as the run says it; exit 4, as the run's, when the paths
            // select nothing at all.
            let selection = LineSelectionHints.selection(for: configuration)
            for note in selection.notes { console.err("\(ProgramName.current) snippets: \(note)\n") }
            if selection.selectsNothing { return ExitCode.nothingSelected.rawValue }
            console.err(
                "\(ProgramName.current) snippets: every step of \(paths.joined(separator: " ")) has a definition; nothing to write\n")
            return ExitCode.passed.rawValue
        }
        guard let output = options.output else {
            console.out(file.text)
            console.err(summary + "\n")
            return ExitCode.passed.rawValue
        }
        if FileManager.default.fileExists(atPath: output) {
            console.err("\(ProgramName.current) snippets: \(output) exists, left as it is (delete it or give --output another file)\n")
            return ExitCode.usage.rawValue
        }
        guard FileManager.default.createFile(atPath: output, contents: Data(file.text.utf8)) else {
            console.err("\(ProgramName.current) snippets: cannot write \(output) (give --output a file in a writable folder)\n")
            return ExitCode.usage.rawValue
        }
        console.err(summary + "; written to \(output) (list \(options.name) with your step libraries)\n")
        return ExitCode.passed.rawValue
    }
}

struct SnippetsOptions: Equatable {
    var paths: [String] = []
    var tags: String?
    var output: String?
    /// The step library's name (a Swift type name).
    var name = "PendingSteps"
    /// The World to bind to; nil: the file declares `<name>World`.
    var world: String?
}
