import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A report path that is a symlink another user planted in a sticky, world-writable folder (`/tmp`): following
/// it would let them choose which of our files the report replaces. The rule is the kernel's own
/// `fs.protected_symlinks`: such a link is followed only when we or the folder's owner own it.
struct UntrustedLink: Error, CustomStringConvertible {
    let path: String
    let owner: uid_t

    var description: String {
        "\(path) is a symbolic link owned by another user (uid \(owner)) in a shared folder; it is not followed. Remove it or choose another path"
    }

    /// Throws when the link at `path` is one not to follow.
    static func check(_ path: String, userId: uid_t = geteuid()) throws {
        var link = stat()
        guard lstat(path, &link) == 0, link.st_mode & S_IFMT == S_IFLNK else { return }
        var folder = stat()
        let parent = URL(fileURLWithPath: path).deletingLastPathComponent().path
        guard stat(parent, &folder) == 0 else { return }
        let sharedFolder = folder.st_mode & S_ISVTX != 0 && folder.st_mode & S_IWOTH != 0
        if sharedFolder && link.st_uid != userId && link.st_uid != folder.st_uid {
            throw UntrustedLink(path: path, owner: link.st_uid)
        }
    }
}
