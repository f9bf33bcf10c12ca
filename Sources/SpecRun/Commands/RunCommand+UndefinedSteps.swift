import Messages
import SharedState
import SpecRunCore
import SpecRunReportCore

/// The end of a run with undefined steps, as cucumber-js and Cucumber-JVM close one: each distinct undefined step
/// once, as one ready step library file grouped by keyword — the file `specrun snippets` writes (`SnippetLibrary`:
/// parameter types inferred, special characters escaped, each snippet matching exactly its steps) — after the
/// console report's own snippets, when a console report writes to stdout (`--format-options
/// '{"snippets": {"library": false}}'` leaves it out).
extension RunCommand {
    /// Whether the run's stream had an undefined step: a listener of the stream.
    final class UndefinedSteps: Sendable {
        private let seen = Locked(false)

        func handle(_ envelope: Envelope) {
            guard let finished = envelope.testStepFinished, finished.testStepResult.status == .undefined else { return }
            seen.withLock { $0 = true }
        }

        var any: Bool { seen.withLock { $0 } }
    }

    /// The library's type name in the printed file.
    static let undefinedStepsLibrary = "UndefinedSteps"

    /// Prints the file on stdout, after the reports (a dry run of the same features: nothing runs).
    func printUndefinedStepsLibrary(_ prepared: Prepared, seen: UndefinedSteps) async {
        guard seen.any, !options.worker, options.formatOptions.snippetsLibrary != false,
            Self.consoleFormats(options.formats).contains(where: {
                $0.writesToStdout && [.pretty, .progress, .summary].contains($0.format)
            })
        else { return }
        let runner = SpecRunner(
            libraries: libraries, configuration: prepared.configuration, ids: IncrementingIdGenerator(), environment: console.environment)
        guard
            let file = try? await runner.undefinedStepsFile(
                name: Self.undefinedStepsLibrary, world: nil,
                header:
                    "The undefined steps of this run: add the file to your package and list \(Self.undefinedStepsLibrary) with your step libraries."
            ),
            file.steps > 0
        else { return }
        console.out(
            "\n\(file.steps) distinct undefined step(s) as one step library (\(file.snippets) snippet(s); "
                + "`specrun snippets --output FILE` writes it to a file):\n\n" + file.text)
    }
}
