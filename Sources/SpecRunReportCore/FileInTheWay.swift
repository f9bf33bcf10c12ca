import Foundation

/// A report's folder that cannot be made because a file stands where a folder must be (a site written to the path
/// of a file, or an earlier site whose `features` is a file): the nearest such path, so the error names it and says
/// what to do rather than Foundation's error number.
package enum FileInTheWay {
    /// The first path from the root down to `folder` that exists and is not a folder, nil when none is.
    package static func of(folder: String) -> String? {
        var path = folder.hasPrefix("/") ? "" : "."
        for component in folder.split(separator: "/", omittingEmptySubsequences: true) {
            path += "/" + component
            var isFolder: ObjCBool = false
            guard FileManager.default.fileExists(atPath: path, isDirectory: &isFolder) else { return nil }
            if !isFolder.boolValue { return path.hasPrefix("./") ? String(path.dropFirst(2)) : path }
        }
        return nil
    }

    /// The reason a report's folder cannot be made, naming the file in the way and what to do.
    package static func reason(_ file: String) -> String {
        "\(file) is a file, where the report needs a folder; give another path, or move the file away"
    }
}

extension FileInTheWay {
    /// The report at `report` refused before anything is written, when a file stands in the way of one of its
    /// `folders` (a site's own folders: its pages are not half written over an older site).
    package struct Refusal: Error, CustomStringConvertible {
        package let report: String
        package let file: String
        package var description: String { "cannot write the report \(report): \(FileInTheWay.reason(file))." }
    }

    package static func check(_ folders: [String], for report: String) throws {
        for folder in folders { if let file = of(folder: folder) { throw Refusal(report: report, file: file) } }
    }
}
