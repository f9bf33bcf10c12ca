import Foundation

/// What `specrun init` adds to a `Package.swift`, and the edit it makes when the manifest has a shape it can edit
/// safely: one `Package(` call whose arguments sit at four spaces (as `swift package init` writes them), a
/// `name:` line, a `targets: [` line, at most one `dependencies: [` line and no `platforms:` but macOS 13 or later.
/// Any other shape (a computed manifest, arguments on one line, older platforms) is left alone: the lines are printed.
enum ManifestEdit {
    enum Dependency: Equatable {
        /// A local checkout; `given`: by `--specrun-path` (else found from the running executable).
        case path(String, given: Bool)
        case url(String, from: String)

        /// `.package(…)` as it goes in `dependencies:`.
        var declaration: String {
            switch self {
            case let .path(path, _): return ".package(path: \"\(path)\")"
            case let .url(url, version): return ".package(url: \"\(url)\", from: \"\(version)\")"
            }
        }

        /// The package identity `.product(name:package:)` needs: a path's last component, lower-cased; the URL's name.
        var identity: String {
            switch self {
            case let .path(path, _):
                let last = URL(fileURLWithPath: path).standardizedFileURL.lastPathComponent
                return (last.isEmpty ? "specrun" : last).lowercased()
            case .url: return "specrun"
            }
        }

        var explanation: String {
            switch self {
            case let .path(path, given):
                return "the specrun checkout at \(path) (\(given ? "--specrun-path" : "the one this specrun was built from"); "
                    + "specrun init --specrun-url uses the published package)"
            case let .url(url, version):
                return "the published package \(url), from \(version) (--specrun-path DIR uses a local checkout)"
            }
        }
    }

    enum Outcome: Equatable {
        case edited(String)
        case alreadyThere
        case notEditable(String)
    }

    static let platforms = "platforms: [.macOS(.v13)]"

    static func apply(to manifest: String, names: InitCommand.Names, dependency: Dependency) -> Outcome {
        var lines = manifest.components(separatedBy: "\n")
        // What is looked for is looked for outside comments (a commented-out `Package(` is none); what is edited,
        // the lines as written (blanking keeps each line where it was).
        let code = withoutComments(manifest).components(separatedBy: "\n")
        func indices(_ pattern: String) -> [Int] {
            code.indices.filter { code[$0].range(of: pattern, options: .regularExpression) != nil }
        }
        // (Any specrun dependency: a second `init` from elsewhere — a user's spec executable, another checkout —
        // finds the one the first wrote, whatever its identity, and adds none.)
        if manifest.contains("package: \"\(dependency.identity)\"") || manifest.contains(declarationPrefix(dependency))
            || existingDependency(in: manifest) != nil
        {
            return .alreadyThere
        }
        guard indices(#"Package\("#).count == 1 else { return .notEditable("it does not have one Package(…) call") }
        for name in [names.steps, names.executable, names.tests] where !indices(#"name:\s*"\#(name)""#).isEmpty {
            return .notEditable("it already declares a target named \"\(name)\"; add specrun's beside it by hand, or rename it")
        }
        let nameLines = indices(#"^    name: "[^"]*",\s*$"#)
        let targetLines = indices(#"^    targets: \[\s*$"#)
        let dependencyLines = indices(#"^    dependencies: \[\s*$"#)
        guard nameLines.count == 1 else { return .notEditable("its name is not on a line of its own") }
        guard targetLines.count == 1 else { return .notEditable("its targets are not a `targets: [` list at the top level") }
        guard
            !code.contains(where: { $0.range(of: #"^    dependencies:"#, options: .regularExpression) != nil })
                || dependencyLines.count == 1
        else {
            return .notEditable("its dependencies are not a `dependencies: [` list of lines")
        }
        let platformLines = indices(#"^    platforms:"#)
        if let line = platformLines.first {
            guard platformLines.count == 1, let version = macOSVersion(in: lines[line]), version >= 13 else {
                return .notEditable("its platforms need macOS 13 or later for specrun: \(platforms)")
            }
        }
        // From the bottom up, so the line numbers found above stay right.
        let targetIndex = targetLines[0]
        lines.insert(contentsOf: targets(names, dependency).map { "        " + $0 }, at: targetIndex + 1)
        if let index = dependencyLines.first {
            lines.insert("        \(dependency.declaration),", at: index + 1)
        } else {
            lines.insert(contentsOf: ["    dependencies: [", "        \(dependency.declaration),", "    ],"], at: targetIndex)
        }
        if platformLines.isEmpty { lines.insert("    \(platforms),", at: nameLines[0] + 1) }
        return .edited(lines.joined(separator: "\n"))
    }

    /// The three targets, one declaration a line.
    static func targets(_ names: InitCommand.Names, _ dependency: Dependency) -> [String] {
        let package = dependency.identity
        return [
            ".target(name: \"\(names.steps)\", dependencies: [.product(name: \"SpecRun\", package: \"\(package)\")]),",
            ".executableTarget(name: \"\(names.executable)\", dependencies: [\"\(names.steps)\", .product(name: \"SpecRun\", package: \"\(package)\")]),",
            ".testTarget(name: \"\(names.tests)\", dependencies: [\"\(names.steps)\", .product(name: \"SpecRunTesting\", package: \"\(package)\")],",
            "            plugins: [.plugin(name: \"SpecRunScenarios\", package: \"\(package)\")]),",
        ]
    }

    /// The lines to add by hand when the manifest is not edited.
    static func lines(_ names: InitCommand.Names, _ dependency: Dependency) -> String {
        """
        Add to your Package.swift (specrun is a dependency of these three targets only):

            \(platforms),   // specrun needs macOS 13 (Linux: any)
            dependencies: [
                \(dependency.declaration),
            ],
            targets: [
        \(targets(names, dependency).map { "        " + $0 }.joined(separator: "\n"))
            ]
        """
    }

    static func summary(_ names: InitCommand.Names, _ dependency: Dependency) -> String {
        "\(dependency.declaration); targets \(names.steps), \(names.executable), \(names.tests)"
    }

    /// The `.package(…)` declaration of specrun a manifest already has (its path or url), as written: what a
    /// second `init` reports as the dependency, whatever this executable was built from.
    static func existingDependency(in manifest: String) -> String? {
        guard let range = manifest.range(of: #"\.package\([^)]*specrun[^)]*\)"#, options: [.regularExpression, .caseInsensitive])
        else { return nil }
        return manifest[range].split(whereSeparator: \.isNewline).map { $0.trimmingCharacters(in: .whitespaces) }.joined(separator: " ")
    }

    static func packageName(in manifest: String) -> String? {
        let manifest = withoutComments(manifest)
        guard let range = manifest.range(of: #"Package\(\s*name:\s*"[^"]+""#, options: .regularExpression) else { return nil }
        let match = manifest[range]
        guard let close = match.lastIndex(of: "\""), let open = match[..<close].lastIndex(of: "\"") else { return nil }
        return String(match[match.index(after: open)..<close])
    }

    private static func declarationPrefix(_ dependency: Dependency) -> String {
        switch dependency {
        case let .path(path, _): return "path: \"\(path)\""
        case let .url(url, _): return "url: \"\(url)\""
        }
    }

    /// The macOS version of a `platforms:` line (`.macOS(.v13)` → 13, `.macOS("13.0")` → 13); nil without one.
    private static func macOSVersion(in line: String) -> Int? {
        // No macOS entry: SwiftPM's default (10.13) is too old for specrun, and adding one is not this edit's job.
        guard let range = line.range(of: #"\.macOS\(\s*(\.v|")[0-9]+"#, options: .regularExpression) else { return nil }
        return Int(line[range].filter(\.isNumber))
    }
}
