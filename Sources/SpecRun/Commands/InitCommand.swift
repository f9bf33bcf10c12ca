import Foundation

/// `specrun init [--specrun-path DIR]`: in an existing Swift package, adds what a user needs to write executable
/// specifications — a `Features/` folder with an example, a step library target, a spec executable (the composition
/// root) and a `specrun.json` — never overwriting a file, and prints the `Package.swift` lines to add and the one
/// command to run.
struct InitCommand {
    let options: InitOptions
    let console: any Console
    var folder: String = FileManager.default.currentDirectoryPath

    static let repository = "https://github.com/specrun/specrun.git"

    func run() -> Int32 {
        let manifestPath = (folder as NSString).appendingPathComponent("Package.swift")
        guard let manifest = FileManager.default.contents(atPath: manifestPath).map({ String(decoding: $0, as: UTF8.self) }) else {
            console.err("specrun init: no Package.swift in \(folder); run it in your package's folder (or `swift package init` first)\n")
            return ExitCode.usage.rawValue
        }
        let package = Self.packageName(in: manifest) ?? URL(fileURLWithPath: folder).lastPathComponent
        let names = Names(package: package)
        let files: [(String, String)] = [
            ("Features/example.feature", Self.feature),
            ("Sources/\(names.steps)/ExampleSteps.swift", Self.steps),
            ("Sources/\(names.executable)/main.swift", Self.main(names)),
            ("specrun.json", Self.config),
        ]
        for (path, text) in files {
            let full = (folder as NSString).appendingPathComponent(path)
            if FileManager.default.fileExists(atPath: full) {
                console.out("  kept     \(path) (already there)\n")
                continue
            }
            do {
                try FileManager.default.createDirectory(atPath: (full as NSString).deletingLastPathComponent,
                                                        withIntermediateDirectories: true)
                try text.write(toFile: full, atomically: true, encoding: .utf8)
                console.out("  created  \(path)\n")
            } catch {
                console.err("specrun init: cannot write \(path): \(error.localizedDescription)\n")
                return ExitCode.usage.rawValue
            }
        }
        console.out("\n" + Self.manifestLines(names, specrunPath: options.specrunPath) + "\n")
        console.out("Then run your specifications:\n\n    swift run \(names.executable)\n")
        return ExitCode.passed.rawValue
    }

    struct Names {
        let steps: String
        let executable: String

        init(package: String) {
            let base = package.split(whereSeparator: { !$0.isLetter && !$0.isNumber }).map { $0.prefix(1).uppercased() + $0.dropFirst() }.joined()
            steps = (base.isEmpty ? "My" : base) + "Steps"
            executable = (package.isEmpty ? "my" : package.lowercased()) + "-specs"
        }
    }

    static func packageName(in manifest: String) -> String? {
        guard let range = manifest.range(of: #"Package\(\s*name:\s*"([^"]+)""#, options: .regularExpression) else { return nil }
        let match = manifest[range]
        guard let open = match.lastIndex(of: "\"") , let first = match[..<open].lastIndex(of: "\"") else { return nil }
        return String(match[match.index(after: first)..<open])
    }

    static func manifestLines(_ names: Names, specrunPath: String?) -> String {
        let dependency = specrunPath.map { ".package(name: \"specrun\", path: \"\($0)\")" }
            ?? ".package(url: \"\(repository)\", from: \"\(HelpText.version)\")"
        return """
        Add to your Package.swift (specrun is a dependency of these two targets only):

            dependencies: [
                \(dependency),
            ],
            targets: [
                .target(name: "\(names.steps)", dependencies: [.product(name: "SpecRun", package: "specrun")]),
                .executableTarget(name: "\(names.executable)", dependencies: [
                    "\(names.steps)", .product(name: "SpecRun", package: "specrun"),
                ]),
            ]
        """
    }

    static let feature = """
        Feature: A first executable specification
          Replace this with your own: one behaviour a scenario, in the words of your users.

          Scenario: Adding items to a basket
            Given the basket is empty
            When I add 2 "apples"
            Then the basket holds 2 "apples"

        """

    static let steps = """
        import SpecRun

        /// The scenario's state: a fresh instance for every scenario.
        public final class BasketWorld: World {
            var items: [String: Int] = [:]
            public required init() {}
        }

        /// Step definitions: Cucumber Expressions bound to Swift closures.
        public enum ExampleSteps: StepLibrary {
            public static func register(_ steps: inout Steps<BasketWorld>) {
                steps.given("the basket is empty") { world in world.items = [:] }
                steps.when("I add {int} {string}") { (world, count: Int, item: String) in
                    world.items[item, default: 0] += count
                }
                steps.then("the basket holds {int} {string}") { (world, count: Int, item: String) in
                    try expect(world.items[item] ?? 0, equals: count)
                }
            }
        }

        """

    static func main(_ names: Names) -> String {
        """
        // The composition root: every step library of your specifications, handed to specrun's command line.
        import SpecRun
        import \(names.steps)

        await SpecRunCLI.main(libraries: [ExampleSteps.self])

        """
    }

    static let config = """
        {
          "default": { "paths": ["Features"], "format": ["pretty", "html:reports/index.html", "junit:reports/junit.xml"] }
        }

        """
}

struct InitOptions: Equatable {
    var specrunPath: String?
}
