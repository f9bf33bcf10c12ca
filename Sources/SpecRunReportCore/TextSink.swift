import Foundation

/// Where a formatter's text goes. Console formats write as the run goes; `close` ends the output.
package protocol TextSink: AnyObject {
    func write(_ text: String)
    /// UTF-8 bytes (a file sink copies them into its buffer; others decode them).
    func write(utf8 bytes: UnsafeBufferPointer<UInt8>)
    /// Writes out what is buffered (so a killed run leaves what came so far).
    func flush()
    func close() throws
}

extension TextSink {
    package func flush() {}
    func write(utf8 bytes: UnsafeBufferPointer<UInt8>) { write(String(decoding: bytes, as: UTF8.self)) }
}

/// New report files get 0644 less the umask specrun started with, read before any step runs: with
/// `--no-isolation` a step can change the process's umask (found by a hostile sweep: `umask(0o777)` in a step made every
/// report mode 000, unreadable by the CI job that uploads them).
package enum ReportFileMode {
    package static let startUmask: mode_t = {
        let mask = umask(0o022)
        umask(mask)
        return mask
    }()

    static func apply(to descriptor: Int32) {
        if descriptor >= 0 { _ = fchmod(descriptor, 0o644 & ~startUmask) }
    }
}

/// Writes straight to standard output (unbuffered by us, so progress shows as it happens): to `descriptor`, the
/// run's standard output for reports (see `FormatterFactory(standardOutput:)`).
final class StandardOutputSink: TextSink {
    private let descriptor: Int32

    init(descriptor: Int32 = STDOUT_FILENO) { self.descriptor = descriptor }

    func write(_ text: String) {
        var text = text
        text.withUTF8 { write(utf8: $0) }
    }

    /// write(2) until every byte is out; a closed or broken stdout ends the output quietly (FileHandle's `write`
    /// traps on it).
    func write(utf8 bytes: UnsafeBufferPointer<UInt8>) {
        guard var next = bytes.baseAddress else { return }
        var left = bytes.count
        while left > 0 {
            let written = Foundation.write(descriptor, next, left)
            if written < 0 {
                if errno == EINTR { continue }
                return
            }
            next += written
            left -= written
        }
    }

    func close() throws {}
}

/// Keeps everything in memory (tests).
final class MemorySink: TextSink {
    private(set) var text = ""
    private(set) var closeCount = 0
    func write(_ text: String) { self.text += text }
    func close() throws { closeCount += 1 }
}

enum AtomicFile {
    /// Writes `data` to a file that did not exist (`O_EXCL | O_NOFOLLOW`: never through a link planted at the name).
    private static func createNew(_ path: String, _ data: Data) -> Bool {
        let descriptor = open(path, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o644)
        ReportFileMode.apply(to: descriptor)
        guard descriptor >= 0 else { return false }
        var ok = true
        data.withUnsafeBytes { raw in
            var offset = 0
            while offset < raw.count {
                let written = Foundation.write(descriptor, raw.baseAddress! + offset, raw.count - offset)
                if written < 0 { if errno == EINTR { continue }; ok = false; return }
                offset += written
            }
        }
        if Foundation.close(descriptor) != 0 { ok = false }
        if !ok { unlink(path) }
        return ok
    }

    struct WriteError: Error, CustomStringConvertible {
        let path: String
        let reason: String
        /// What to do about it: for most failures, the folder's permissions.
        var advice = "Check that the folder is writable."
        var description: String { "cannot write the report \(path): \(reason)." + (advice.isEmpty ? "" : " \(advice)") }
    }

    static func write(_ data: Data, to path: String) throws {
        let url = URL(fileURLWithPath: path)
        let folder = url.deletingLastPathComponent()
        let manager = FileManager.default
        do {
            try manager.createDirectory(at: folder, withIntermediateDirectories: true)
        } catch {
            throw WriteError(path: path, folder: folder.path, notMade: error)
        }
        let temp = folder.appendingPathComponent(ReportPath.temporaryName(of: url.lastPathComponent))
        if let link = try? manager.destinationOfSymbolicLink(atPath: path), !link.isEmpty {
            do { try UntrustedLink.check(path) } catch { throw WriteError(path: path, reason: "\(error)") }
        }
        guard createNew(temp.path, data) else {
            throw WriteError(path: path, reason: "the temporary file \(temp.path) cannot be created")
        }
        if rename(temp.path, url.path) != 0 {
            let reason = String(cString: strerror(errno))
            try? manager.removeItem(at: temp)
            throw WriteError(path: path, reason: reason)
        }
    }
}

extension AtomicFile.WriteError {
    /// A report's folder that could not be made: the file in its way named, with what to do (`FileInTheWay`), or
    /// the system's reason.
    init(path: String, folder: String, notMade error: any Error) {
        if let file = FileInTheWay.of(folder: folder) {
            self.init(path: path, reason: FileInTheWay.reason(file), advice: "")
        } else {
            self.init(path: path, reason: "the folder \(folder) cannot be created (\(error.localizedDescription))")
        }
    }
}
