import Foundation
import Messages
import SpecRunCore
import SpecRunWorkers

/// `--changed-since REF`: the run's paths narrowed to the scenarios a change since a git ref affects (see
/// `ChangeSelection`), found with git (the working tree against REF, untracked files as new) and a dry run of the
/// paths; what it selects and why is printed on stderr.
struct ChangedSince {
    let ref: String
    let libraries: [any StepLibrary.Type]
    let console: any Console
    /// Runs git with these arguments in a folder (`ChildProcess`; a fake in tests).
    var git: (_ arguments: [String], _ folder: String) -> ChildProcess.Output? = { ChildProcess.run(["git"] + $0, in: $1) }
    var folder = FileManager.default.currentDirectoryPath

    /// The paths to run (empty: nothing the change affects), or a usage error for a person.
    func paths(for options: RunOptions) async throws -> [String] {
        let top = try repositoryTop()
        guard git(["rev-parse", "--verify", "--quiet", "\(ref)^{commit}"], folder)?.status == 0 else {
            throw UsageError(
                message:
                    "--changed-since '\(ref)': git knows no commit of that name here (give a branch, tag or commit; git fetch it first on a shallow CI clone)"
            )
        }
        guard let diff = git(["-c", "core.quotePath=false", "diff", "-U0", "--no-color", "--no-ext-diff", "--no-renames", ref, "--"], top),
            diff.status == 0
        else {
            throw UsageError(message: "--changed-since '\(ref)': git diff failed (run 'git diff \(ref)' to see why)")
        }
        var changed = ChangedLines.parse(diff: diff.output)
        if let untracked = git(["-c", "core.quotePath=false", "ls-files", "--others", "--exclude-standard"], top), untracked.status == 0 {
            for path in untracked.output.split(separator: "\n") { changed.wholeFiles.insert(String(path)) }
        }
        let paths = options.paths.isEmpty ? ["Features"] : options.paths
        let runner = SpecRunner(
            libraries: libraries, configuration: RunConfiguration(paths: paths, dryRun: true), ids: IncrementingIdGenerator(),
            environment: console.environment)
        let envelopes = try await runner.runCollecting().envelopes
        let prefix = top.hasSuffix("/") ? top : top + "/"
        let selection = ChangeSelection(envelopes: envelopes, changed: changed) { uri in
            let path = Self.resolved(uri.hasPrefix("/") ? uri : folder + "/" + uri)
            return path.hasPrefix(prefix) ? String(path.dropFirst(prefix.count)) : nil
        }
        console.err(Self.describe(selection, ref: ref))
        return selection.paths
    }

    /// The repository's top folder (symbolic links resolved), or why there is none.
    private func repositoryTop() throws -> String {
        guard let top = git(["rev-parse", "--show-toplevel"], folder) else {
            throw UsageError(message: "--changed-since needs git, and it could not be started (install git, or drop the option)")
        }
        guard top.status == 0 else {
            throw UsageError(message: "--changed-since '\(ref)': \(folder) is not in a git repository (run it in your package's clone)")
        }
        return Self.resolved(top.output.trimmingCharacters(in: .whitespacesAndNewlines))
    }

    static func resolved(_ path: String) -> String {
        URL(fileURLWithPath: path).standardizedFileURL.resolvingSymlinksInPath().path
    }

    /// `specrun: --changed-since main selects 2 scenario(s):` and a line per scenario (or file) with why.
    static func describe(_ selection: ChangeSelection, ref: String) -> String {
        guard !selection.selected.isEmpty else {
            return "\(ProgramName.current): --changed-since \(ref): no scenario uses a change since \(ref); nothing to run\n"
        }
        var text = "\(ProgramName.current): --changed-since \(ref) selects:\n"
        for entry in selection.selected {
            text += "  \(entry.uri)\(entry.line.map { ":\($0)" } ?? "")  \(entry.why)\n"
        }
        return text
    }
}
