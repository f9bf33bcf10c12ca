import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Whether files can be written in a folder: what a report checks before the run it reports on.
package enum WritableFolder {
    /// Whether `path` is there and no regular file (a device such as /dev/stdout, a FIFO, a folder, through links):
    /// written in place, not through a temporary file beside it.
    package static func isThereAndNotAFile(_ path: String) -> Bool {
        var info = stat()
        guard stat(path, &info) == 0 else { return false }
        return (info.st_mode & S_IFMT) != S_IFREG
    }

    /// Makes `folder` (with its parents), then creates and removes a file in it: nil when that worked, else why not.
    package static func problem(_ folder: String) -> String? {
        // Each folder of the path made in turn (`mkdir -p`), so a refusal names the one and its reason.
        var made = folder.hasPrefix("/") ? "" : "."
        for component in folder.split(separator: "/") {
            made += "/" + component
            if mkdir(made, 0o777) != 0 && errno != EEXIST {
                return "the folder \(made) cannot be made (\(String(cString: strerror(errno))))"
            }
        }
        let probe = folder + (folder.hasSuffix("/") ? "" : "/") + ".specrun-probe-\(getpid())-\(UInt32.random(in: 0...UInt32.max))"
        let descriptor = open(probe, O_WRONLY | O_CREAT | O_EXCL, 0o600)
        guard descriptor >= 0 else { return "no file can be made in \(folder) (\(String(cString: strerror(errno))))" }
        close(descriptor)
        unlink(probe)
        return nil
    }
}
