import Foundation
import SpecRunWorkers

/// `specrun init [--specrun-path DIR | --specrun-url]`: in an existing Swift package, adds what a user needs to
/// write executable specifications — a `Features/` folder with an example, a step library target, a spec
/// executable (the composition root), a test target running the scenarios under `swift test`, and a
/// `specrun.json` — never overwriting a file. It edits `Package.swift` when the manifest has a shape it can edit
/// safely (`ManifestEdit`), and prints the lines to add otherwise. The dependency is the specrun checkout `init`
/// runs from (`swift run --package-path ../specrun specrun init`), else the published package.
struct InitCommand {
    let options: InitOptions
    let console: any Console
    var folder: String = FileManager.default.currentDirectoryPath
    /// The specrun checkout this executable was built in, if any (found from the executable's path).
    var checkout: String? = SpecRunCheckout.locate(executable: CommandLine.arguments.first ?? "")

    static let repository = "https://github.com/specrun/specrun.git"

    func run() -> Int32 {
        let manifestPath = (folder as NSString).appendingPathComponent("Package.swift")
        guard let manifest = FileManager.default.contents(atPath: manifestPath).map({ String(decoding: $0, as: UTF8.self) }) else {
            console.err(
                "\(ProgramName.current) init: no Package.swift in \(folder); run it in your package's folder (or `swift package init` first)\n"
            )
            return ExitCode.usage.rawValue
        }
        let package = ManifestEdit.packageName(in: manifest) ?? URL(fileURLWithPath: folder).lastPathComponent
        let names = Names(package: package)
        let dependency = self.dependency
        var explanation = dependency.explanation
        for (path, text) in Self.files(names) {
            let full = (folder as NSString).appendingPathComponent(path)
            if FileManager.default.fileExists(atPath: full) {
                console.out("  kept     \(path) (already there)\n")
                continue
            }
            do {
                try FileManager.default.createDirectory(
                    atPath: (full as NSString).deletingLastPathComponent,
                    withIntermediateDirectories: true)
                try text.write(toFile: full, atomically: true, encoding: .utf8)
                console.out("  created  \(path)\n")
            } catch {
                console.err("\(ProgramName.current) init: cannot write \(path): \(error.localizedDescription)\n")
                return ExitCode.usage.rawValue
            }
        }
        var outcome = ManifestEdit.apply(to: manifest, names: names, dependency: dependency)
        // A read-only manifest is the user's to change: the lines are printed instead (written, it lost its mode).
        if case .edited = outcome, !FileManager.default.isWritableFile(atPath: manifestPath) {
            outcome = .notEditable("it is read-only")
        }
        switch outcome {
        case .edited(let text):
            // (Through a link to its target, its permissions kept.)
            guard FmtFiles.writeInPlace(manifestPath, Data(text.utf8)) else {
                console.err("\(ProgramName.current) init: cannot write Package.swift\n")
                return ExitCode.usage.rawValue
            }
            console.out("  edited   Package.swift (\(ManifestEdit.summary(names, dependency)))\n")
        case .alreadyThere:
            let existing = ManifestEdit.existingDependency(in: manifest)
            console.out("  kept     Package.swift (it already depends on specrun\(existing.map { ": \($0)" } ?? ""))\n")
            explanation =
                "the one Package.swift already declares\(existing.map { ", \($0)" } ?? ""), kept as it is "
                + "(edit it by hand to change it; specrun init changes no dependency it finds)"
        case .notEditable(let reason):
            console.out("\nPackage.swift was left as it is (\(reason)).\n" + ManifestEdit.lines(names, dependency) + "\n")
        }
        console.out(
            """

            The dependency is \(explanation).
            Then run your specifications, and the same scenarios as tests:

                swift run \(names.executable)
                swift test
                swift test --filter "Adding items to a basket"    # one scenario, by its name

            Shell completions for \(names.executable) (bash; zsh and fish too):

                source <(swift run \(names.executable) completions bash)

            """)
        return ExitCode.passed.rawValue
    }

    var dependency: ManifestEdit.Dependency {
        if let path = options.specrunPath { return .path(path, given: true) }
        if !options.published, let checkout { return .path(checkout, given: false) }
        return .url(Self.repository, from: HelpText.version)
    }

    struct Names {
        let base: String
        let steps: String
        let executable: String
        let tests: String

        init(package: String) {
            let words = package.split(whereSeparator: { !$0.isLetter && !$0.isNumber })
            let camel = words.map { $0.prefix(1).uppercased() + $0.dropFirst() }.joined()
            base = camel.isEmpty ? "My" : camel
            steps = base + "Steps"
            executable = (package.isEmpty ? "my" : package.lowercased()) + "-specs"
            tests = base + "SpecTests"
        }
    }
}

struct InitOptions: Equatable {
    var specrunPath: String?
    /// `--specrun-url`: depend on the published package even when run from a checkout.
    var published = false
}
