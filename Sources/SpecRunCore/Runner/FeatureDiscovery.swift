import Foundation

/// One feature file to run, with the lines selected in it (nil = the whole file).
struct FeatureFile: Equatable {
    let path: String
    var lines: Set<Int>?
}

/// Turns the configured paths into feature files: folders searched recursively (sorted), `path:LINE[:LINE]`
/// selectors, and `@rerun.txt` files listing such entries. I/O goes through `FileSystem` for tests.
struct FeatureDiscovery {
    let fileSystem: FileSystem
    /// Relative paths (also those read from rerun files) are resolved against this folder.
    var base: String? = nil
    /// Story documents (`.md`) that run, translated to Gherkin (`RunConfiguration.documents`).
    var documents: Set<String> = []

    func discover(_ entries: [String]) throws -> [FeatureFile] {
        var files: [FeatureFile] = []
        for entry in entries {
            for selector in try expand(entry) {
                try add(selector, to: &files)
            }
        }
        return files
    }

    private func expand(_ entry: String) throws -> [String] {
        guard entry.hasPrefix("@") else { return [entry] }
        let path = resolve(String(entry.dropFirst()))
        guard let text = fileSystem.read(path) else {
            throw SpecRunError.badRerunFile(path: path, reason: "no such file")
        }
        return Self.rerunEntries(text) { fileSystem.kind(of: resolve($0)) != nil }
    }

    /// The entries of a rerun file: one per line (the rerun report's format), so a path with spaces stays whole;
    /// a line that is not an existing path (with its `:LINE`s) is read as entries separated by spaces or tabs
    /// (a file written with another separator, or edited by hand).
    static func rerunEntries(_ text: String, exists: (String) -> Bool) -> [String] {
        var entries: [String] = []
        for rawLine in text.split(whereSeparator: { $0 == "\n" || $0 == "\r" || $0 == "\r\n" }) {
            let line = rawLine.trimmingCharacters(in: .whitespaces)
            guard !line.isEmpty else { continue }
            if line.contains(where: { $0 == " " || $0 == "\t" }), !exists(pathPart(line)) {
                entries += line.split(whereSeparator: { $0 == " " || $0 == "\t" }).map(String.init)
            } else {
                entries.append(line)
            }
        }
        return entries
    }

    /// `a b/c.feature:3:7` → `a b/c.feature`.
    private static func pathPart(_ entry: String) -> String {
        var path = Substring(entry)
        while let colon = path.lastIndex(of: ":"), !path[path.index(after: colon)...].isEmpty,
            path[path.index(after: colon)...].allSatisfy(\.isNumber)
        {
            path = path[..<colon]
        }
        return String(path)
    }

    private func add(_ selector: String, to files: inout [FeatureFile]) throws {
        let (path, lines) = try Self.split(resolve(selector), exists: fileSystem.kind(of:))
        switch fileSystem.kind(of: path) {
        case .none:
            throw SpecRunError.missingPath(path)
        case .directory:
            // A line has no meaning in a folder: refused, rather than the whole folder run as if selected.
            if lines != nil { throw SpecRunError.lineInFolder(selector) }
            for file in fileSystem.files(under: path).filter(Self.isFeature).sorted() {
                merge(FeatureFile(path: file, lines: nil), into: &files)
            }
            // Reported as files that cannot be read, rather than skipped without a word.
            for folder in fileSystem.unreadableFolders(path) {
                merge(FeatureFile(path: folder, lines: nil), into: &files)
            }
        case .file:
            if path.hasSuffix(".md") && !path.hasSuffix(".feature.md") && !documents.contains(path) {
                // A story document or a README given by name: parsed as plain Gherkin it would only give a dozen
                // misleading errors.
                let text = fileSystem.read(path) ?? ""
                throw SpecRunError.notAFeatureFile(path: path, hasGherkin: text.contains("# Feature:"))
            }
            merge(FeatureFile(path: path, lines: lines), into: &files)
        }
    }

    private func merge(_ file: FeatureFile, into files: inout [FeatureFile]) {
        guard let index = files.firstIndex(where: { $0.path == file.path }) else { return files.append(file) }
        switch (files[index].lines, file.lines) {
        case (nil, _), (_, nil): files[index].lines = nil
        case (let old?, let new?): files[index].lines = old.union(new)
        }
    }

    private func resolve(_ path: String) -> String {
        guard let base, !path.hasPrefix("/") else { return path }
        return (base.hasSuffix("/") ? base : base + "/") + path
    }

    static func isFeature(_ path: String) -> Bool {
        path.hasSuffix(".feature") || path.hasSuffix(".feature.md")
    }

    /// `a/b.feature:12:30` → ("a/b.feature", [12, 30]). A path that exists as written wins (colons in names).
    static func split(_ selector: String, exists: (String) -> FileSystem.Kind?) throws -> (String, Set<Int>?) {
        if exists(selector) != nil { return (selector, nil) }
        var parts = selector.split(separator: ":", omittingEmptySubsequences: false).map(String.init)
        var lines: [Int] = []
        while parts.count > 1, let line = Int(parts.last!) {
            lines.insert(line, at: 0)
            parts.removeLast()
        }
        // Lines count from 1: `:0` or `:-3` would select nothing and say only that nothing matched.
        if lines.contains(where: { $0 < 1 }) { throw SpecRunError.badLineSelector(selector) }
        if lines.isEmpty {
            if parts.count > 1, exists(parts.dropLast().joined(separator: ":")) != nil {
                throw SpecRunError.badLineSelector(selector)
            }
            return (selector, nil)
        }
        return (parts.joined(separator: ":"), Set(lines))
    }
}
