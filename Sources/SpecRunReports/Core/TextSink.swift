import Foundation

/// Where a formatter's text goes. Console formats write as the run goes; `close` ends the output.
protocol TextSink: AnyObject {
    func write(_ text: String)
    func close() throws
}

/// Writes straight to standard output (unbuffered by us, so progress shows as it happens).
final class StandardOutputSink: TextSink {
    func write(_ text: String) {
        FileHandle.standardOutput.write(Data(text.utf8))
    }
    func close() throws {}
}

/// Collects the text and writes it atomically on `close`: a temp file in the same folder, then a rename,
/// so a reader never sees half a report. Parent folders are created.
final class AtomicFileSink: TextSink {
    let path: String
    private var buffer = Data()

    init(path: String) { self.path = path }

    func write(_ text: String) { buffer.append(contentsOf: text.utf8) }

    func close() throws {
        try AtomicFile.write(buffer, to: path)
    }
}

/// Keeps everything in memory (tests).
final class MemorySink: TextSink {
    private(set) var text = ""
    private(set) var closeCount = 0
    func write(_ text: String) { self.text += text }
    func close() throws { closeCount += 1 }
}

enum AtomicFile {
    struct WriteError: Error, CustomStringConvertible {
        let path: String
        let reason: String
        var description: String { "cannot write the report \(path): \(reason). Check that the folder is writable." }
    }

    static func write(_ data: Data, to path: String) throws {
        let url = URL(fileURLWithPath: path)
        let folder = url.deletingLastPathComponent()
        let manager = FileManager.default
        do {
            try manager.createDirectory(at: folder, withIntermediateDirectories: true)
        } catch {
            throw WriteError(path: path, reason: "the folder \(folder.path) cannot be created (\(error.localizedDescription))")
        }
        let temp = folder.appendingPathComponent(".\(url.lastPathComponent).\(ProcessInfo.processInfo.processIdentifier).\(UInt32.random(in: 0...UInt32.max)).tmp")
        guard manager.createFile(atPath: temp.path, contents: data) else {
            throw WriteError(path: path, reason: "the temporary file \(temp.path) cannot be created")
        }
        if rename(temp.path, url.path) != 0 {
            let reason = String(cString: strerror(errno))
            try? manager.removeItem(at: temp)
            throw WriteError(path: path, reason: reason)
        }
    }
}
