import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

extension StreamingFileSink {
    /// Removes the report an earlier run left at the path, when this run's cannot replace it and the old one
    /// would be read as this run's (a rerun list). The sink is discarded first (nothing of this run is moved into
    /// place); only a regular file is removed, never a link nor what it points to. Returns whether one was.
    package func removeEarlierReport() -> Bool {
        guard Self.standardDescriptor(path) == nil else { return false }
        discard()
        var info = stat()
        guard lstat(path, &info) == 0, info.st_mode & S_IFMT == S_IFREG else { return false }
        return unlink(path) == 0
    }
}
