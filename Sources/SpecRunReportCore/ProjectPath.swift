import Foundation

/// Paths in the reports relative to the project root, so a report moved to another machine still points at the
/// files: a step definition or hook at `/home/ci/work/app/Specs/Quiz/QuizSteps.swift` is `Specs/Quiz/QuizSteps.swift`.
/// The root is the working folder when the path is under it; for a stream recorded elsewhere (`specrun report` on
/// CI's stream), the path is cut before its first project folder (`Specs`, `Sources`, `Tests`, `Features`,
/// `Requirements`, or the top folder of a feature file of the run). Relative paths and other forms stay as they are.
package enum ProjectPath {
    package static let workingFolder: String = {
        let path = FileManager.default.currentDirectoryPath
        return path.hasSuffix("/") ? path : path + "/"
    }()

    static let projectFolders: Set<Substring> = ["Specs", "Sources", "Tests", "Features", "Requirements"]

    /// `path` relative to the project root; `folders`: more top folders of the project (the feature files').
    package static func relative(_ path: String, folders: Set<Substring> = [], root: String = workingFolder) -> String {
        guard path.hasPrefix("/") else { return path }
        if path.hasPrefix(root), path.count > root.count { return String(path.dropFirst(root.count)) }
        let components = path.split(separator: "/", omittingEmptySubsequences: false)
        // The first project folder from the left, not the file's own name.
        for position in components.indices.dropFirst().dropLast()
        where projectFolders.contains(components[position]) || folders.contains(components[position]) {
            return components[position...].joined(separator: "/")
        }
        return path
    }

    /// A message with the working folder's paths made relative (`/home/me/app/Specs/X.swift:50: error` →
    /// `Specs/X.swift:50: error`).
    package static func relativeInText(_ text: String, root: String = workingFolder) -> String {
        guard root.count > 1, text.contains(root) else { return text }
        return text.replacingOccurrences(of: root, with: "")
    }

    /// The top folder of a relative uri (`Features/quiz/a.feature` → `Features`), nil for a file at the top.
    package static func topFolder(of uri: String) -> Substring? {
        guard !uri.hasPrefix("/"), let slash = uri.firstIndex(of: "/") else { return nil }
        return uri[..<slash]
    }
}
