import Foundation

/// Why a path gives no file's bytes (missing, a folder, a FIFO or another non-file, or not readable) and what to
/// give instead: for feature files (the run, `specrun gherkin`), story documents (`--requirements`) and the message
/// stream of `--shard-timings` alike.
package enum UnreadableFile {
    /// What to give instead, in the words of the file wanted.
    package struct Wanted: Sendable {
        /// Instead of a FIFO or a device: "give the feature file itself".
        package let instead: String
        /// Instead of this folder: "give its feature files (e.g. Features/*.feature)".
        package let inFolder: @Sendable (String) -> String

        package init(instead: String, inFolder: @escaping @Sendable (String) -> String) {
            self.instead = instead
            self.inFolder = inFolder
        }

        package static let featureFile = Wanted(
            instead: "give the feature file itself", inFolder: { "give its feature files (e.g. \($0)/*.feature)" })
    }

    /// Missing, a folder, a FIFO or another non-file, or not readable, with what to give instead; nil for a readable
    /// regular file.
    package static func why(_ path: String, wanted: Wanted = .featureFile) -> String? {
        var info = stat()
        guard stat(path, &info) == 0 else { return errno == ENOENT ? "no such file" : String(cString: strerror(errno)) }
        switch info.st_mode & S_IFMT {
        case S_IFREG: return access(path, R_OK) == 0 ? nil : "permission denied"
        case S_IFDIR: return "it is a folder; \(wanted.inFolder(path))"
        case S_IFIFO: return "it is a FIFO, not a file; \(wanted.instead)"
        case S_IFCHR: return "it is a character device, not a regular file; \(wanted.instead)"
        case S_IFBLK: return "it is a block device, not a regular file; \(wanted.instead)"
        case S_IFSOCK: return "it is a socket, not a regular file; \(wanted.instead)"
        default: return "it is not a regular file; \(wanted.instead)"
        }
    }
}
