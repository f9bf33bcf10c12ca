import Foundation
import Messages

/// One saved message stream given to `specrun report`, checked before anything is read: it exists, is a
/// file, is not empty and is text that starts like NDJSON. Each refusal is one line naming the file and what to do.
struct StreamInput: Equatable {
    let path: String
    /// The path with symlinks and `..` resolved: the same file given twice has the same one.
    let resolvedPath: String
    let size: Int

    static func check(_ path: String, fileManager: FileManager = .default) throws -> StreamInput {
        var isDirectory: ObjCBool = false
        guard fileManager.fileExists(atPath: path, isDirectory: &isDirectory) else {
            throw UsageError(message: "\(path): no such file; give the NDJSON file a run wrote with --format message:FILE")
        }
        if isDirectory.boolValue {
            throw UsageError(message: "\(path) is a folder; give the message files in it, e.g. specrun report \(path)/*.ndjson")
        }
        guard fileManager.isReadableFile(atPath: path) else {
            throw UsageError(message: "\(path): not readable (check its permissions)")
        }
        let attributes = try? fileManager.attributesOfItem(atPath: path)
        let size = (attributes?[.size] as? NSNumber)?.intValue ?? 0
        let head = try readHead(path)
        if head.allSatisfy({ $0 == 0x20 || $0 == 0x09 || $0 == 0x0D || $0 == 0x0A }) {
            throw UsageError(message: "\(path): empty file, no messages in it (was the run killed before it started?)")
        }
        if head.contains(0) || !isUTF8Prefix(head) {
            throw UsageError(message: "\(path): binary data, not an NDJSON message stream; give the file a run wrote with --format message:FILE")
        }
        if let first = head.first(where: { $0 != 0x20 && $0 != 0x09 && $0 != 0x0D && $0 != 0x0A }), first == UInt8(ascii: "[") {
            throw UsageError(message: "\(path):1: a JSON array (a Cucumber JSON report?), not an NDJSON message stream; give the file of --format message:FILE")
        }
        do {
            _ = try NDJSON.firstEnvelope(inFile: path)
        } catch let error as NDJSON.Error {
            throw UsageError(message: "\(error); give the file a run wrote with --format message:FILE")
        }
        let resolved = URL(fileURLWithPath: path).resolvingSymlinksInPath().standardizedFileURL.path
        return StreamInput(path: path, resolvedPath: resolved, size: size)
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
        try NDJSON.forEachLine(inFile: input.path) { line, lineNumber, _ in
            hasher.combine(lineNumber)
            hasher.combine(bytes: UnsafeRawBufferPointer(line))
            guard runStarted == nil, line.starts(with: marker),
                  let envelopes = try? NDJSON.decode(String(decoding: line, as: UTF8.self)) else { return }
            runStarted = envelopes.first?.testRunStarted?.timestamp
        }
        return StreamFingerprint(size: input.size, hash: hasher.finalize(), runStarted: runStarted)
    }

    var sameContentKey: String { "\(size):\(hash)" }
}
