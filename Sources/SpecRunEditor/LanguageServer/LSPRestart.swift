import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The language server's process-level side: noticing that its executable was rebuilt (its modification time
/// changed), starting again from it with the open documents (`exec`, same process and pipes: the client sees
/// nothing but fresh diagnostics), and running a scenario for a code lens.
package final class LSPRestart: Sendable {
    static let stateVariable = "SPECRUN_LSP_STATE"
    let path: String?
    private let started: Date?
    private let environment: [String: String]

    package init(environment: [String: String]) {
        self.environment = environment
        path = Bundle.main.executablePath
        started = path.flatMap(Self.modified)
    }

    /// How a user runs this executable from the working folder (`.build/debug/specrun`).
    package var displayName: String {
        guard let path else { return "specrun" }
        let folder = FileManager.default.currentDirectoryPath + "/"
        return path.hasPrefix(folder) ? String(path.dropFirst(folder.count)) : path
    }

    private static func modified(_ path: String) -> Date? {
        (try? FileManager.default.attributesOfItem(atPath: path))?[.modificationDate] as? Date
    }

    /// True once the executable on disk is newer than the running one and its writing is over (a second old).
    package func executableChanged() -> Bool {
        guard let path, let started, let now = Self.modified(path), now != started else { return false }
        return Date().timeIntervalSince(now) > 1 && FileManager.default.isExecutableFile(atPath: path)
    }

    /// Starts the executable again in this process, handing it the documents, unread bytes and what the client
    /// set (`initializationOptions.history`) in a state file. Returns only if that failed.
    package func exec(documents: [String: String], pending: [UInt8], historyFile: String?) {
        guard let path, let state = Self.saveState(documents: documents, pending: pending, historyFile: historyFile) else { return }
        setenv(Self.stateVariable, state.path, 1)
        let arguments = [path, "lsp"]
        var argv = arguments.map { strdup($0) }
        argv.append(nil)
        execv(path, argv)
        argv.forEach { free($0) }
        unsetenv(Self.stateVariable)
        try? FileManager.default.removeItem(at: state)
    }

    /// Writes what `resume` reads back: the file's location.
    static func saveState(documents: [String: String], pending: [UInt8], historyFile: String?) -> URL? {
        let state = FileManager.default.temporaryDirectory.appendingPathComponent("specrun-lsp-state-\(getpid()).json")
        var object: [String: Any] = ["documents": documents, "pending": Data(pending).base64EncodedString()]
        if let historyFile { object["history"] = historyFile }
        guard let data = try? JSONSerialization.data(withJSONObject: object), (try? data.write(to: state)) != nil else { return nil }
        return state
    }

    /// After a restart: the documents back in the server (their diagnostics to publish), the unread bytes back in
    /// the reader, the history file the client named back in the server.
    package func resume(_ server: LanguageServer, reader: inout LSPFrameReader) async -> [[String: Any]] {
        guard let file = environment[Self.stateVariable] ?? ProcessInfo.processInfo.environment[Self.stateVariable] else { return [] }
        unsetenv(Self.stateVariable)
        // The client initialized the process before the restart and will not do it again.
        server.initialized = true
        defer { try? FileManager.default.removeItem(atPath: file) }
        guard let data = FileManager.default.contents(atPath: file),
            let object = (try? JSONSerialization.jsonObject(with: data)) as? [String: Any]
        else { return [] }
        if let pending = (object["pending"] as? String).flatMap({ Data(base64Encoded: $0) }) { reader.append(pending) }
        if let history = object["history"] as? String { server.historyFile = history }
        var replies: [[String: Any]] = [LanguageServer.showMessage(3, "specrun: restarted with the rebuilt step definitions")]
        for (uri, text) in (object["documents"] as? [String: String] ?? [:]).sorted(by: { $0.key < $1.key }) {
            server.documents[uri] = text
            replies.append(await server.publish(uri: uri, text: text))
        }
        return replies
    }

    /// Runs this executable with `arguments` in the working folder: its exit code and output (stdout and stderr).
    package func run(_ arguments: [String]) -> (code: Int32, output: String) {
        guard let path else { return (127, "specrun: the executable's path is unknown") }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: path)
        process.arguments = arguments
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = pipe
        process.standardInput = FileHandle.nullDevice
        do { try process.run() } catch { return (127, "specrun: \(error)") }
        let output = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: output, as: UTF8.self))
    }
}
