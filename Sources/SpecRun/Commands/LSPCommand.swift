import Foundation
import SharedState
import SpecRunCore
import SpecRunEditor
import SpecRunReports
import SpecRunWorkers

/// `specrun lsp`: the language server over standard input and output, serving this executable's step
/// definitions. Standard input is read on a thread of its own; messages are handled one at a time, in order.
/// When the executable is rebuilt (or the client runs `specrun.restart`) it starts again from the new binary,
/// keeping the open documents (`LSPRestart`).
struct LSPCommand {
    let libraries: [any StepLibrary.Type]
    let console: any Console

    func run() async -> Int32 {
        // Started in a subfolder of the package: its folders, configuration and runs are the package's.
        let here = FileManager.default.currentDirectoryPath
        if let root = PackageRoot.find(from: here), root != here { _ = FileManager.default.changeCurrentDirectoryPath(root) }
        let folder = FileManager.default.temporaryDirectory
            .appendingPathComponent("specrun-lsp-\(ProcessInfo.processInfo.processIdentifier)")
        try? FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        var context = EditorAnalysis.Context(libraries: libraries, environment: console.environment, folder: folder)
        context.snippetInterface = Self.configuredSnippetInterface()
        context.requirements = RequirementsSource.folder(given: nil, disabled: false, exists: RequirementsSource.isFolder)
            .flatMap { try? RequirementsSource.read($0) }
        let server = LanguageServer(context: context)
        let restart = LSPRestart(environment: console.environment)
        server.executableChanged = { restart.executableChanged() }
        server.executable = restart.displayName
        server.runCommand = { restart.run($0) }
        server.historyFile = Self.configuredHistoryFile()
        let histories = HistoryFileReader()
        server.readHistory = { histories.read($0) }
        let stdout = LockedOutput()
        // A run or `watch` that finishes rewrites the history file: the client is asked for lenses and hints again.
        let watchedHistory = Locked<String?>(server.historyFile)
        let historyWatch = Ticker(every: 1) { [histories] in
            guard let file = watchedHistory.value, histories.changed(file) else { return }
            for request in LanguageServer.refreshRequests(histories.version) { stdout.write(LSPFrameReader.encode(request)) }
        }
        defer { historyWatch.stop() }
        var reader = LSPFrameReader()
        for reply in await restart.resume(server, reader: &reader) { stdout.write(LSPFrameReader.encode(reply)) }
        let input = Self.standardInput()
        for await _ in input.arrived {
            // One frame ahead, with all that has arrived meanwhile: keystrokes typed while the last one was analysed
            // are seen, and only the latest text of a document is analysed.
            var next: LSPFrameReader.Frame?
            while true {
                for chunk in input.take() { reader.append(chunk) }
                guard let frame = next ?? reader.next() else { break }
                next = reader.next()
                let replies: [[String: Any]]
                switch frame {
                case .body(let body):
                    replies = await server.handle(body, superseded: next.map { LanguageServer.supersedes($0, body) } ?? false)
                case .invalid(let reason): replies = [LanguageServer.error(id: NSNull(), code: -32700, "parse error: \(reason)")]
                }
                for reply in replies { stdout.write(LSPFrameReader.encode(reply)) }
                let file = server.historyFile
                watchedHistory.withLock { $0 = file }
                if let code = server.exitCode { return code }
                if server.restartRequested {
                    // Only returns when the new binary could not be started: then this one goes on.
                    var pending: [UInt8] = []
                    if case .body(let body)? = next { pending = Array(LSPFrameReader.frame(body)) }
                    restart.exec(documents: server.documents, pending: pending + reader.pending, historyFile: server.historyFile)
                    server.restartRequested = false
                    stdout.write(
                        LSPFrameReader.encode(
                            LanguageServer.showMessage(
                                2, "specrun: could not restart from \(restart.displayName); still serving the definitions it started with"))
                    )
                }
            }
        }
        // Standard input closed without `exit`: as the protocol says, 0 after `shutdown`, 1 otherwise.
        return server.shutdownRequested ? 0 : 1
    }

    /// The history file of the configuration file's default profile (`"history": "DIR"`), if any.
    static func configuredHistoryFile() -> String? {
        let read = { (path: String) in FileManager.default.contents(atPath: path).map { String(decoding: $0, as: UTF8.self) } }
        guard let expanded = try? ConfigFile.expand([], read: read),
            case .run(let options)? = try? CommandLineParser.parse(expanded)
        else { return nil }
        return options.formats.first { $0.format == .history }?.path.map(Reports.absolute)
    }

    /// The snippet style of the configuration file's default profile (`--format-options '{"snippets": …}'`).
    static func configuredSnippetInterface() -> RunConfiguration.SnippetInterface {
        let read = { (path: String) in FileManager.default.contents(atPath: path).map { String(decoding: $0, as: UTF8.self) } }
        guard let expanded = try? ConfigFile.expand([], read: read),
            case .run(let options)? = try? CommandLineParser.parse(expanded)
        else { return .synchronous }
        return options.formatOptions.snippetInterface ?? .synchronous
    }

    /// Standard input as it arrives, read on a thread of its own (a blocking read would hold a task's thread): the
    /// server takes everything received so far at once (`take`), so that it sees every keystroke waiting.
    private static func standardInput() -> StandardInput {
        let input = StandardInput()
        let thread = Thread {
            while true {
                let data = FileHandle.standardInput.availableData
                if data.isEmpty { break }
                input.put(data)
            }
            input.finish()
        }
        thread.start()
        return input
    }
}

/// The bytes read from standard input and not yet taken by the server.
final class StandardInput: Sendable {
    private let chunks = Locked<[Data]>([])
    /// An element when bytes arrived since the server last looked; its end when standard input ended.
    let arrived: AsyncStream<Void>
    private let continuation: AsyncStream<Void>.Continuation

    init() {
        (arrived, continuation) = AsyncStream<Void>.makeStream(bufferingPolicy: .bufferingNewest(1))
    }

    func put(_ data: Data) {
        chunks.withLock { $0.append(data) }
        continuation.yield()
    }

    func finish() { continuation.finish() }

    func take() -> [Data] {
        chunks.withLock { chunks in
            defer { chunks = [] }
            return chunks
        }
    }
}

/// Standard output, written whole frame by frame from the server's loop and the history watch's thread.
final class LockedOutput: Sendable {
    private let lock = Locked(())

    func write(_ data: Data) {
        lock.withLock { _ in FileHandle.standardOutput.write(data) }
    }
}

/// Reads the run history file, again only when its modification time moved; says when it did.
final class HistoryFileReader: Sendable {
    private struct State {
        var modified: [String: Date] = [:]
        var histories: [String: RunHistory] = [:]
        /// The modification time each `changed` saw last (nil inside: no file then).
        var seen: [String: Date?] = [:]
        var version = 0
    }

    private let state = Locked(State())

    var version: Int { state.value.version }

    func read(_ path: String) -> RunHistory? {
        let modified = Self.modified(path)
        return state.withLock { state in
            if let modified, state.modified[path] == modified, let known = state.histories[path] { return known }
            guard let modified else { return nil }
            let history = RunHistory.load(path)
            state.modified[path] = modified
            state.histories[path] = history
            return history
        }
    }

    /// Whether the file changed since the last call (the first call only notes it: the client asks for lenses
    /// when it opens a file).
    func changed(_ path: String) -> Bool {
        let modified = Self.modified(path)
        return state.withLock { state in
            guard let before = state.seen[path] else {
                state.seen[path] = .some(modified)
                return false
            }
            state.seen[path] = .some(modified)
            guard before != modified else { return false }
            state.version += 1
            return true
        }
    }

    private static func modified(_ path: String) -> Date? {
        (try? FileManager.default.attributesOfItem(atPath: path))?[.modificationDate] as? Date
    }
}
