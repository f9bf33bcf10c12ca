import Foundation

/// The folder the language server works from: the package's, where `Features/`, `specrun.json` and `Requirements/`
/// are and where a lens's run starts. An editor may start the server in a subfolder (Neovim starts it in its own
/// working folder, `cd Features && nvim shop.feature`): the nearest folder up with a `Package.swift` is taken.
package enum PackageRoot {
    /// The nearest folder from `folder` up that holds a `Package.swift`, or nil when none does.
    package static func find(from folder: String, exists: (String) -> Bool = { FileManager.default.fileExists(atPath: $0) })
        -> String?
    {
        var url = URL(fileURLWithPath: folder).standardizedFileURL
        while true {
            if exists(url.appendingPathComponent("Package.swift").path) { return url.path }
            let parent = url.deletingLastPathComponent()
            if parent.path == url.path { return nil }
            url = parent
        }
    }
}
