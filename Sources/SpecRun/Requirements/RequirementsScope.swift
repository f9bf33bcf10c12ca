import Foundation
import Requirements
import SpecRunReportCore
import SpecRunReports
import SpecRunWorkers

/// What a run of some feature files knows of the project's others, for the requirements coverage: a criterion
/// tagged only in files the run did not read is "outside this run", not "no scenario". The other files are those
/// under the top folders of the paths given (`Features/quiz/start.feature` → `Features/`) and under `Features/`,
/// that no path covers; their tag lines are read for criterion ids (a text scan, no parsing, at most `limit` files).
enum RequirementsScope {
    static let defaultRoot = "Features"

    /// The requirements attachment's body for a run of these paths: with its scope when it read only some files.
    static func body(_ requirements: RequirementsSet, paths: [String]) -> String {
        let body = RequirementsJSON.encode(requirements)
        guard let scope = scope(paths: paths, criteria: Set(requirements.criteria.map(\.id))) else { return body }
        return RequirementsAttachment.body(body, scope: scope)
    }

    /// nil when the paths cover every feature file of their top folders (the whole project was read).
    static func scope(
        paths: [String], criteria: Set<String>, limit: Int = 20_000,
        list: (String) -> [String] = RequirementsScope.featureFiles,
        read: (String) -> String? = { FileManager.default.contents(atPath: $0).map { String(decoding: $0, as: UTF8.self) } }
    )
        -> RequirementsAttachment.Scope?
    {
        let given = paths.filter { !$0.hasPrefix("@") }.map(normalized)
        guard !given.isEmpty else { return nil }
        let whole = given.filter { !hasLine($0) }.map(DocumentSources.documentPath)
        let roots = Set(given.map { topFolder(DocumentSources.documentPath($0)) } + [defaultRoot])
        var unread: [String] = []
        for root in roots.sorted() {
            for file in list(root) where !whole.contains(where: { covers($0, file) }) { unread.append(file) }
        }
        guard !unread.isEmpty else { return nil }
        guard unread.count <= limit else { return .init(partial: true, elsewhere: nil) }
        var found = Set<String>()
        for file in unread {
            guard let text = read(file) else { continue }
            for line in text.split(whereSeparator: \.isNewline) {
                let trimmed = line.drop { $0 == " " || $0 == "\t" }
                guard trimmed.first == "@" else { continue }
                for word in trimmed.split(whereSeparator: { $0 == " " || $0 == "\t" }) where word.first == "@" {
                    let id = String(word.dropFirst())
                    if criteria.contains(id) { found.insert(id) }
                }
            }
        }
        return .init(partial: true, elsewhere: found.sorted())
    }

    /// `.feature` files under a folder (a file itself when it is one), as paths relative like the folder's.
    static func featureFiles(_ root: String) -> [String] {
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: root, isDirectory: &isFolder) else { return [] }
        guard isFolder.boolValue else { return root.hasSuffix(".feature") ? [root] : [] }
        guard let enumerator = FileManager.default.enumerator(atPath: root) else { return [] }
        var files: [String] = []
        while let relative = enumerator.nextObject() as? String {
            if relative.hasSuffix(".feature") { files.append(normalized(root + "/" + relative)) }
        }
        return files
    }

    private static func normalized(_ path: String) -> String {
        var path = path
        while path.hasPrefix("./") { path.removeFirst(2) }
        while path.count > 1, path.hasSuffix("/") { path.removeLast() }
        return path
    }

    private static func hasLine(_ path: String) -> Bool { DocumentSources.documentPath(path) != path }

    private static func topFolder(_ path: String) -> String {
        path.hasPrefix("/") ? path : String(path.split(separator: "/").first ?? Substring(path))
    }

    private static func covers(_ path: String, _ file: String) -> Bool {
        path == "." || file == path || file.hasPrefix(path + "/")
    }
}
