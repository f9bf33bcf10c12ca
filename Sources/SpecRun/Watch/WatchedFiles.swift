import Foundation

/// The files `specrun watch` polls: the feature files (and story documents) under its paths, and the Swift files of
/// the package in the working folder (not under `.build` or a hidden folder), each with its modification time.
enum WatchedFiles {
    static func scan(paths: [String], package folder: String, swift: Bool = true) -> [String: Date] {
        var files: [String: Date] = [:]
        for path in paths {
            let file = path.split(separator: ":").first.map(String.init) ?? path
            collect(file, into: &files) { $0.hasSuffix(".feature") || $0.hasSuffix(".feature.md") || $0.hasSuffix(".md") }
        }
        if swift { collect(folder, into: &files) { $0.hasSuffix(".swift") } }
        return files
    }

    /// The paths (without a `:LINE` suffix or a rerun file's `@`) that name no file or folder: watching them would
    /// wait for ever on nothing.
    static func missing(paths: [String]) -> [String] {
        paths.filter { path in
            var file = path.hasPrefix("@") ? String(path.dropFirst()) : path
            while let colon = file.lastIndex(of: ":"), !file[file.index(after: colon)...].isEmpty,
                file[file.index(after: colon)...].allSatisfy(\.isNumber)
            {
                file = String(file[..<colon])
            }
            return !FileManager.default.fileExists(atPath: file)
        }
    }

    private static func collect(_ root: String, into files: inout [String: Date], _ wanted: (String) -> Bool) {
        let manager = FileManager.default
        var isFolder: ObjCBool = false
        guard manager.fileExists(atPath: root, isDirectory: &isFolder) else { return }
        if !isFolder.boolValue {
            if let date = modified(root) { files[WatchSession.resolved(root)] = date }
            return
        }
        let url = URL(fileURLWithPath: WatchSession.resolved(root))
        guard
            let walk = manager.enumerator(
                at: url, includingPropertiesForKeys: [.contentModificationDateKey, .isDirectoryKey], options: [.skipsHiddenFiles])
        else { return }
        for case let item as URL in walk {
            if item.lastPathComponent == ".build" || item.lastPathComponent == "node_modules" {
                walk.skipDescendants()
                continue
            }
            guard wanted(item.lastPathComponent),
                let values = try? item.resourceValues(forKeys: [.contentModificationDateKey, .isDirectoryKey]),
                values.isDirectory != true, let date = values.contentModificationDate
            else { continue }
            files[item.path] = date
        }
    }

    private static func modified(_ path: String) -> Date? {
        (try? FileManager.default.attributesOfItem(atPath: path))?[.modificationDate] as? Date
    }
}
