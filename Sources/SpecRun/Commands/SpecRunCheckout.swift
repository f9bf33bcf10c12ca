import Foundation

/// The specrun checkout an executable was built in: `swift run --package-path ../specrun specrun init` runs
/// `../specrun/.build/<triple>/debug/specrun`, whose nearest folder with a `Package.swift` naming the package
/// "specrun" is the checkout. A spec executable of another package finds none (its package is not specrun).
enum SpecRunCheckout {
    static func locate(
        executable: String,
        read: (String) -> String? = { path in
            FileManager.default.contents(atPath: path).map { String(decoding: $0, as: UTF8.self) }
        }
    ) -> String? {
        guard !executable.isEmpty else { return nil }
        let absolute =
            executable.hasPrefix("/")
            ? executable
            : (FileManager.default.currentDirectoryPath as NSString).appendingPathComponent(executable)
        var folder = URL(fileURLWithPath: absolute).resolvingSymlinksInPath().deletingLastPathComponent()
        while folder.path != "/" && !folder.path.isEmpty {
            if let manifest = read(folder.appendingPathComponent("Package.swift").path) {
                return ManifestEdit.packageName(in: manifest) == "specrun" ? folder.path : nil
            }
            folder = folder.deletingLastPathComponent()
        }
        return nil
    }
}
