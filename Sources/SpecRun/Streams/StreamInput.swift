import Foundation
import Messages
import SpecRunWorkers

/// One saved message stream given to `specrun report`, checked before anything is read: it exists, is a
/// file, is not empty and is text that starts like NDJSON. Each refusal is one line naming the file and what to do.
struct StreamInput: Equatable {
    let path: String
    /// Where it is read: the path itself, or for a pipe, FIFO or device (`/dev/stdin`, `<(…)`), a regular copy
    /// made first — such a stream can be read once only, and a report reads its start, then all of it.
    var readPath: String { spool ?? path }
    var spool: String? = nil
    /// The path with symlinks and `..` resolved: the same file given twice has the same one.
    let resolvedPath: String
    let size: Int

    /// `spools`: where the temporary copy made for a pipe or device is listed (removed by `removeSpools` when the
    /// command ends).
    static func check(_ path: String, spools: inout [String], fileManager: FileManager = .default) throws -> StreamInput {
        var isDirectory: ObjCBool = false
        guard fileManager.fileExists(atPath: path, isDirectory: &isDirectory) else {
            throw UsageError(message: "\(path): no such file; give the NDJSON file a run wrote with --format message:FILE")
        }
        if isDirectory.boolValue {
            throw UsageError(
                message: "\(path) is a folder; give the message files in it, e.g. \(ProgramName.current) report \(path)/*.ndjson")
        }
        guard fileManager.isReadableFile(atPath: path) else {
            throw UsageError(message: "\(path): not readable (check its permissions)")
        }
        let attributes = try? fileManager.attributesOfItem(atPath: path)
        var spool: String?
        if let type = attributes?[.type] as? FileAttributeType, type != .typeRegular {
            spool = try spooled(path, spools: &spools)
        }
        let size =
            spool.flatMap { try? fileManager.attributesOfItem(atPath: $0)[.size] as? NSNumber }?.intValue
            ?? (attributes?[.size] as? NSNumber)?.intValue ?? 0
        do {
            var input = try checkContent(path, reading: spool ?? path)
            input = StreamInput(path: input.path, spool: spool, resolvedPath: input.resolvedPath, size: size)
            return input
        } catch {
            if let spool { unlink(spool) }
            throw error
        }
    }

    /// The stream of a pipe or device copied into a temporary regular file (removed when the command ends).
    private static func spooled(_ path: String, spools: inout [String]) throws -> String {
        var template = Array((NSTemporaryDirectory() + "/specrun-report-input.XXXXXX").utf8CString)
        let output = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
        guard output >= 0 else {
            throw UsageError(message: "\(path): cannot copy the stream to a temporary file (\(String(cString: strerror(errno))))")
        }
        defer { close(output) }
        let spool = String(decoding: template.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        spools.append(spool)
        let input = open(path, O_RDONLY | O_CLOEXEC)
        guard input >= 0 else { throw UsageError(message: "\(path): not readable (\(String(cString: strerror(errno))))") }
        defer { close(input) }
        // Up to the end, or the first NUL byte (no message stream has one: `/dev/zero` must not fill the disk; what
        // was copied is then refused as binary data).
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        var failed = false
        while true {
            let count = chunk.withUnsafeMutableBytes { read(input, $0.baseAddress, $0.count) }
            if count < 0 && errno == EINTR { continue }
            guard count > 0 else { break }
            let part = chunk[..<count]
            let end = part.firstIndex(of: 0).map { $0 + 1 } ?? count
            if !FileDescriptorIO.writeAll(output, Array(part[..<end])) { failed = true; break }
            if end < count || part.contains(0) { break }
        }
        if failed { throw UsageError(message: "\(path): cannot copy the stream to a temporary file (\(String(cString: strerror(errno))))") }
        return spool
    }

    /// Removes the temporary copies made for pipes and devices.
    static func removeSpools(_ spools: [String]) {
        for spool in spools { unlink(spool) }
    }

    private static func checkContent(_ path: String, reading readPath: String) throws -> StreamInput {
        let size = 0
        let head = try readHead(readPath)
        if head.isEmpty {
            throw NoMessages(path: path, what: "empty file (0 bytes)", guess: "was the run killed before it started?")
        }
        if head.allSatisfy(isBlank), isBlankThroughout(readPath) {
            throw NoMessages(
                path: path, what: "blank file, only whitespace and blank lines",
                advice: "give the file a run wrote with --format message:FILE")
        }
        if head.contains(0) || !isUTF8Prefix(head) {
            throw UsageError(
                message: "\(path): binary data, not an NDJSON message stream; give the file a run wrote with --format message:FILE")
        }
        if let first = head.first(where: { !isBlank($0) }), first == UInt8(ascii: "[") {
            throw UsageError(
                message:
                    "\(path):1: a JSON array (a Cucumber JSON report?), not an NDJSON message stream; give the file of --format message:FILE"
            )
        }
        do {
            _ = try NDJSON.firstEnvelope(inFile: readPath, uri: path)
        } catch let error as NDJSON.Error {
            throw UsageError(message: "\(error); give the file a run wrote with --format message:FILE")
        }
        let resolved = URL(fileURLWithPath: path).resolvingSymlinksInPath().standardizedFileURL.path
        return StreamInput(path: path, resolvedPath: resolved, size: size)
    }

    /// A file that holds no message (empty, or blank): alone, nothing to report; beside other streams (CI shards),
    /// the reports are made from those and marked incomplete (`ReportCommand`).
    struct NoMessages: Error, CustomStringConvertible {
        let path: String
        /// "empty file (0 bytes)", "blank file, only whitespace and blank lines".
        let what: String
        /// How it may have come about.
        var guess: String? = nil
        /// What to give instead, when it is the only stream.
        var advice: String? = nil
        /// Why the merged run is incomplete.
        var reason: String { "\(path): \(what), no messages in it" }
        /// The line beside other streams.
        var besideOthers: String { reason + (guess.map { " (\($0))" } ?? "") }
        var description: String { besideOthers + (advice.map { "; \($0)" } ?? "") }
    }

    /// A space, tab, CR or LF: what a blank line holds.
    private static func isBlank(_ byte: UInt8) -> Bool { byte == 0x20 || byte == 0x09 || byte == 0x0D || byte == 0x0A }

    /// Whether the whole file is blank (its first 4 KiB are: past them, a stream may still start).
    private static func isBlankThroughout(_ path: String) -> Bool {
        guard let handle = FileHandle(forReadingAtPath: path) else { return false }
        defer { try? handle.close() }
        while let data = try? handle.read(upToCount: 1 << 16), !data.isEmpty {
            guard data.allSatisfy(isBlank) else { return false }
        }
        return true
    }

    /// The first 4 KiB.
    private static func readHead(_ path: String) throws -> [UInt8] {
        guard let handle = FileHandle(forReadingAtPath: path) else {
            throw UsageError(message: "\(path): not readable (check its permissions)")
        }
        defer { try? handle.close() }
        let data = (try? handle.read(upToCount: 4096)) ?? Data()
        return [UInt8](data)
    }

    /// Valid UTF-8, allowing a character cut at the end of the sample.
    private static func isUTF8Prefix(_ bytes: [UInt8]) -> Bool {
        var trimmed = bytes[...]
        for _ in 0..<3 where String(bytes: trimmed, encoding: .utf8) == nil && !trimmed.isEmpty {
            trimmed = trimmed.dropLast()
        }
        return String(bytes: trimmed, encoding: .utf8) != nil
    }
}

/// What a first quick pass over each stream tells before merging: its content's fingerprint (a file given twice
/// under two names is read once) and when its run started (the merged run starts at the earliest).
struct StreamFingerprint: Equatable {
    let size: Int
    let hash: Int
    let runStarted: Timestamp?

    static func of(_ input: StreamInput) throws -> StreamFingerprint {
        var hasher = Hasher()
        var runStarted: Timestamp?
        let marker = Array(#"{"testRunStarted":"#.utf8)
        try NDJSON.forEachLine(inFile: input.readPath) { line, lineNumber, _ in
            hasher.combine(lineNumber)
            hasher.combine(bytes: UnsafeRawBufferPointer(line))
            guard runStarted == nil, line.starts(with: marker),
                let envelopes = try? NDJSON.decode(String(decoding: line, as: UTF8.self))
            else { return }
            runStarted = envelopes.first?.testRunStarted?.timestamp
        }
        return StreamFingerprint(size: input.size, hash: hasher.finalize(), runStarted: runStarted)
    }

    var sameContentKey: String { "\(size):\(hash)" }
}
