import Foundation
import SpecRunSystem

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Writes a report as it is produced into a temporary file next to the target (`.<name>.<pid>.<random>.tmp`),
/// through a 64 KiB buffer, and renames it into place on `close`: a reader never sees half a report, and the
/// report is never held in memory. Parent folders are created. An error is kept and thrown by `close`.
package final class StreamingFileSink: TextSink {
    let path: String
    private let bufferSize: Int
    #if DEBUG  // checked in tests; unchecked in release, named by callgrind (c10k, reports): every write of a file report
    private var pending = Pending()
    #else
    @exclusivity(unchecked) private var pending = Pending()
    #endif
    private var descriptor: Int32 = -1
    private var tempPath: String?
    private var failure: AtomicFile.WriteError?
    /// Where the report goes: `path`, or the file a symlink at `path` points to (the link is kept).
    private var destination: String?

    /// The temporary file's last part: `tmp` (`.<name>.<pid>.<random>.tmp`), `journal.tmp` for a `MessageJournal`.
    private let tempSuffix: String
    /// The descriptor `/dev/stdout` names: the run's standard output for reports (see `FormatterFactory`).
    private let standardOutput: Int32

    /// What every write reads: the bytes not yet written out, and whether the report is closed.
    private struct Pending {
        var buffer: [UInt8] = []
        var closed = false
    }

    package init(path: String, bufferSize: Int = 64 * 1024, tempSuffix: String = "tmp", standardOutput: Int32 = STDOUT_FILENO) {
        self.path = path
        self.bufferSize = bufferSize
        self.tempSuffix = tempSuffix
        self.standardOutput = standardOutput
        pending.buffer.reserveCapacity(bufferSize)
    }

    package func write(_ text: String) {
        var text = text
        text.withUTF8 { write(utf8: $0) }
    }

    package func write(utf8 bytes: UnsafeBufferPointer<UInt8>) {
        guard !pending.closed else { return }
        if pending.buffer.count + bytes.count > bufferSize { flush() }
        if bytes.count >= bufferSize {
            writeOut(bytes)
        } else {
            pending.buffer.append(contentsOf: bytes)
        }
    }

    /// Moves the report into place (once: a second call does nothing).
    package func close() throws {
        guard !pending.closed else { return }
        pending.closed = true
        flush()
        if failure == nil && descriptor < 0 { open() }
        if descriptor >= 0 {
            if systemClose(descriptor) != 0, failure == nil { failure = error(String(cString: strerror(errno))) }
            descriptor = -1
        }
        if failure == nil, let tempPath, !Self.replace(destination ?? path, with: tempPath) {
            let code = errno
            failure = code == ENOENT && access(tempPath, F_OK) != 0 ? removedDuringTheRun(tempPath) : error(String(cString: strerror(code)))
        }
        if let failure {
            if let tempPath { unlink(tempPath) }
            throw failure
        }
    }

    /// Removes the temporary file instead of moving it into place (once; `close` then does nothing).
    package func discard() {
        guard !pending.closed else { return }
        pending.closed = true
        pending.buffer.removeAll()
        if descriptor >= 0 { _ = systemClose(descriptor); descriptor = -1 }
        if let tempPath { unlink(tempPath) }
    }

    package func flush() {
        guard !pending.buffer.isEmpty else { return }
        pending.buffer.withUnsafeBufferPointer { writeOut($0) }
        pending.buffer.removeAll(keepingCapacity: true)
    }

    private func writeOut(_ bytes: UnsafeBufferPointer<UInt8>) {
        guard failure == nil else { return }
        if descriptor < 0 { open() }
        guard descriptor >= 0, var address = bytes.baseAddress else { return }
        var remaining = bytes.count
        while remaining > 0 {
            let written = systemWrite(descriptor, address, remaining)
            if written < 0 {
                if errno == EINTR { continue }
                failure = error(String(cString: strerror(errno)))
                return
            }
            remaining -= written
            address += written
        }
    }

    private func open() {
        if let standard = Self.standardDescriptor(path, standardOutput: standardOutput) {
            // /dev/stdout and the like: this process's own descriptor, where the console's output goes too.
            descriptor = fcntl(standard, F_DUPFD_CLOEXEC, 0)
            if descriptor < 0 { failure = error(String(cString: strerror(errno))) }
            return
        }
        let target: String
        do {
            target = try Self.resolvingLinks(path)
        } catch {
            failure = self.error("\(error)")
            return
        }
        destination = target
        var info = stat()
        // The kernel follows every link, /proc's magic ones included (a pipe is no path to resolve).
        if stat(path, &info) == 0 || stat(target, &info) == 0 {
            let kind = info.st_mode & S_IFMT
            if kind == S_IFDIR {
                failure = error("it is a folder; give a file path, e.g. \(path)/report.out")
                return
            }
            if kind == S_IFIFO {
                // A FIFO: opened waiting at most 2 s for a reader (a blocking open would hang the run for good);
                // with none, the report is refused in one line. Written through, never replaced.
                descriptor = systemOpenFIFO(path)
                if descriptor < 0 {
                    failure = error(
                        errno == ENXIO
                            ? "it is a FIFO that nothing reads; start its reader first, or give a file path"
                            : String(cString: strerror(errno)))
                }
                return
            }
            if kind != S_IFREG {
                // A device (/dev/stdout) or a socket: written through, never replaced.
                descriptor = systemOpenExisting(path)
                if descriptor < 0 { failure = error(String(cString: strerror(errno))) }
                return
            }
        }
        let url = URL(fileURLWithPath: target)
        let folder = url.deletingLastPathComponent()
        do {
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        } catch {
            failure = AtomicFile.WriteError(path: path, folder: folder.path, notMade: error)
            return
        }
        let temp = folder.appendingPathComponent(ReportPath.temporaryName(of: url.lastPathComponent, suffix: tempSuffix)).path
        descriptor = systemOpen(temp)
        if descriptor < 0 {
            failure = error("the temporary file \(temp) cannot be created (\(String(cString: strerror(errno))))")
            return
        }
        tempPath = temp
    }

    /// Moves the file at `temp` to `target`, atomically. A file already at `target` is swapped with it
    /// (`renameat2` with `RENAME_EXCHANGE`) and then removed, where the system can: a plain `rename` over an
    /// existing file makes ext4 write the new file's blocks out there and then (`auto_da_alloc`), which stalled
    /// every writer of the file system for a quarter of a second after a run whose 350 MB message report
    /// replaced the last one.
    static func replace(_ target: String, with temp: String) -> Bool {
        if specrun_rename_exchange(temp, target) == 0 {
            unlink(temp)
            return true
        }
        return rename(temp, target) == 0
    }

    /// The descriptor a path names (`/dev/stdout`, `/dev/stderr`, `/dev/fd/N`, `/proc/self/fd/N`), if it names one:
    /// `/dev/stdout` is `standardOutput`, the descriptor reports write stdout to.
    package static func standardDescriptor(_ path: String, standardOutput: Int32 = STDOUT_FILENO) -> Int32? {
        path == "/dev/stdout" ? standardOutput : ReportPath.descriptor(named: path)
    }

    /// Follows symlinks at `path` (up to 32), so the report replaces the file a link points to, not the link —
    /// except a link someone else planted in a shared folder (see `UntrustedLink`), which is refused.
    package static func resolvingLinks(_ path: String) throws -> String {
        var current = path
        for _ in 0..<32 {
            guard let link = try? FileManager.default.destinationOfSymbolicLink(atPath: current) else { return current }
            try UntrustedLink.check(current)
            current =
                link.hasPrefix("/")
                ? link
                : URL(fileURLWithPath: current).deletingLastPathComponent().appendingPathComponent(link).path
        }
        return current
    }

    private func error(_ reason: String) -> AtomicFile.WriteError { AtomicFile.WriteError(path: path, reason: reason) }

    /// The temporary file is gone when the report is moved into place: something removed it, or its folder,
    /// while the run was writing it (a cleaner of temporary files, another job) — not a matter of permissions.
    private func removedDuringTheRun(_ temp: String) -> AtomicFile.WriteError {
        let folder = URL(fileURLWithPath: temp).deletingLastPathComponent().path
        var info = stat()
        let reason =
            stat(folder, &info) == 0
            ? "its temporary file \(temp) was removed while the run was writing it"
            : "its folder \(folder) was removed while the run was writing the report"
        return AtomicFile.WriteError(
            path: path, reason: reason,
            advice: "Run again, and keep whatever removed it (a cleaner of old files, another job) away from the folder during a run.")
    }
}

// The C calls under names that do not clash with the sink's own `write`/`close`.
/// The temporary file: a new file, never an existing one nor a link planted under its name.
private func systemOpen(_ path: String) -> Int32 {
    let descriptor = open(path, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o644)
    ReportFileMode.apply(to: descriptor)
    return descriptor
}
private func systemOpenExisting(_ path: String) -> Int32 { open(path, O_WRONLY | O_CLOEXEC) }
/// A FIFO's write end, waiting at most 2 s for a reader (ENXIO when none came), then blocking as usual. (A blocking
/// open would wait for ever; a reader started a moment after the run still gets the report.)
private func systemOpenFIFO(_ path: String) -> Int32 {
    var descriptor: Int32 = -1
    for _ in 0..<200 {
        descriptor = open(path, O_WRONLY | O_CLOEXEC | O_NONBLOCK)
        if descriptor >= 0 || errno != ENXIO { break }
        usleep(10_000)
    }
    if descriptor >= 0 { _ = fcntl(descriptor, F_SETFL, fcntl(descriptor, F_GETFL) & ~O_NONBLOCK) }
    return descriptor
}
private func systemWrite(_ descriptor: Int32, _ bytes: UnsafePointer<UInt8>, _ count: Int) -> Int { write(descriptor, bytes, count) }
private func systemClose(_ descriptor: Int32) -> Int32 { close(descriptor) }

/// Paths that name one of this process's descriptors rather than a file, and the temporary files beside a report.
package enum ReportPath {
    /// The longest file name the file systems take (NAME_MAX), in bytes.
    static let longestName = 255

    /// `.<name>.<pid>.<random>.<suffix>`, the temporary file beside the report `name`: its `<name>` cut (on a
    /// character) so the whole stays a file name the system takes, whatever the length of the report's own name.
    package static func temporaryName(of name: String, suffix: String = "tmp") -> String {
        let tail = ".\(getpid()).\(UInt32.random(in: 0...UInt32.max)).\(suffix)"
        let room = longestName - 1 - tail.utf8.count
        guard name.utf8.count > room else { return "." + name + tail }
        var kept = ""
        var bytes = 0
        for character in name {
            bytes += character.utf8.count
            guard bytes <= room else { break }
            kept.append(character)
        }
        return "." + kept + tail
    }

    /// The descriptor `path` names (`/dev/stdout` 1, `/dev/stderr` 2, `/dev/fd/N`, `/proc/self/fd/N`), if it names one.
    package static func descriptor(named path: String) -> Int32? {
        switch path {
        case "/dev/stdout": return STDOUT_FILENO
        case "/dev/stderr": return STDERR_FILENO
        default:
            for prefix in ["/dev/fd/", "/proc/self/fd/"] where path.hasPrefix(prefix) {
                return Int32(path.dropFirst(prefix.count))
            }
            return nil
        }
    }
}
