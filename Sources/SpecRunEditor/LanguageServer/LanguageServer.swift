import Foundation
import Gherkin
import Messages
import SpecRunCore
import SpecRunReports

/// `specrun lsp`'s brain: JSON-RPC requests and notifications in, responses and notifications out, the open
/// documents kept in memory (changed as the client sends them: whole or by ranges). No I/O of its own beyond its scratch folder: `LSPCommand` moves the bytes.
package final class LanguageServer {
    let context: EditorAnalysis.Context
    package var documents: [String: String] = [:]
    var analyses: [String: EditorAnalysis] = [:]
    /// Each document's findings kept per scenario between keystrokes.
    let pieces = PieceCache()
    /// Each document's last parse: its text and its syntax tree (the last good one while it does not parse).
    var parsed: [String: (text: String, document: GherkinDocument?)] = [:]
    /// The suite's steps and tags (`Features/`), indexed when first needed.
    var suite: SuiteIndex?
    /// The suite's index being built.
    var suiteTask: Task<SuiteIndex, Never>?
    /// The step definitions' expressions as completion reads them (kept: their syntax trees are).
    var expressions: CompletionExpressions?
    /// The suite's folder, relative to the working folder.
    var suiteFolder = "Features"
    package private(set) var shutdownRequested = false
    /// Set once `initialize` is answered (or the server restarted for a client that had sent it): before it, the
    /// protocol has requests refused with ServerNotInitialized and notifications dropped, `exit` aside.
    var initialized = false
    /// Set once `exit` arrives: the process's exit code.
    package private(set) var exitCode: Int32?
    /// Set when the server should start again from its executable (rebuilt, or `specrun.restart`): `LSPCommand`
    /// re-executes it with the open documents.
    package var restartRequested = false
    /// Tells whether the spec executable changed on disk since the server started (checked on each edit).
    package var executableChanged: () -> Bool = { false }
    /// Runs a command line (a code lens's "run this scenario"); its exit code and output.
    package var runCommand: ([String]) -> (code: Int32, output: String) = { _ in (127, "") }
    /// The command line that runs this executable (`.build/debug/specrun`), for code lenses.
    package var executable = "specrun"
    /// The run history's file whose last run the lenses and hints show (`specrun.json`'s `history`, or the client's
    /// `initializationOptions.history` folder); nil: none.
    package var historyFile: String?
    /// Reads a history file (`LSPCommand` keeps it until the file changes).
    package var readHistory: (String) -> RunHistory? = { _ in nil }

    package init(context: EditorAnalysis.Context) {
        self.context = context
    }

    /// Whether `next` changes the document `body` changes: `body`'s text need not be analysed (only kept, as the
    /// next change may be a range of it).
    package static func supersedes(_ next: LSPFrameReader.Frame, _ body: Data) -> Bool {
        guard case .body(let later) = next, let uri = changedURI(later) else { return false }
        return changedURI(body) == uri
    }

    private static func changedURI(_ body: Data) -> String? {
        guard let message = (try? JSONSerialization.jsonObject(with: body)) as? [String: Any],
            message["method"] as? String == "textDocument/didChange",
            let params = message["params"] as? [String: Any]
        else { return nil }
        return (params["textDocument"] as? [String: Any])?["uri"] as? String
    }

    /// The messages to send back for one message body (never throws: bad input is answered with an error).
    /// `superseded`: a change of the document follows at once (its text is kept, its diagnostics not published).
    package func handle(_ body: Data, superseded: Bool = false) async -> [[String: Any]] {
        guard let object = try? JSONSerialization.jsonObject(with: body), let message = object as? [String: Any] else {
            return [Self.error(id: NSNull(), code: -32700, "parse error: the message is not a JSON object")]
        }
        let id = message["id"]
        guard let method = message["method"] as? String else {
            // The client's answer to a request of ours (a refresh): nothing to say.
            if message["result"] != nil || message["error"] != nil { return [] }
            return id == nil ? [] : [Self.error(id: id!, code: -32600, "invalid request: no method")]
        }
        if !initialized, method != "initialize", method != "exit" {
            guard let id else { return [] }
            return [
                Self.error(
                    id: id, code: Self.serverNotInitialized,
                    "server not initialized: '\(method)' came before 'initialize'; send 'initialize' first, then the other requests")
            ]
        }
        let params = message["params"] as? [String: Any] ?? [:]
        var out: [[String: Any]] = []
        let result: Any?
        switch method {
        case "initialize":
            initialized = true
            if let folder = (params["initializationOptions"] as? [String: Any])?["history"] as? String {
                historyFile = RunHistory.file(in: folder)
            }
            result = Self.capabilities()
        case "initialized":
            // Compiles the step definitions now, after the initialize reply, rather than on the first keystroke.
            _ = await EditorAnalysis.analyse(text: "", uri: "warm-up.feature", context: context)
            startIndexingSuite()
            result = nil
        case "shutdown": shutdownRequested = true; result = NSNull()
        case "exit": exitCode = shutdownRequested ? 0 : 1; result = nil
        case "textDocument/didOpen", "textDocument/didChange":
            let document = params["textDocument"] as? [String: Any] ?? [:]
            guard let uri = document["uri"] as? String else { return [] }
            let text =
                document["text"] as? String
                ?? LSPTextEdits.apply(params["contentChanges"] as? [[String: Any]] ?? [], to: documents[uri] ?? "")
            documents[uri] = text
            if superseded { return [] }
            if executableChanged() { restartRequested = true; return [] }
            out.append(await publish(uri: uri, text: text, version: document["version"] as? Int))
            result = nil
        case "textDocument/didClose":
            if let uri = (params["textDocument"] as? [String: Any])?["uri"] as? String {
                documents[uri] = nil
                analyses[uri] = nil
                parsed[uri] = nil
                out.append([
                    "jsonrpc": "2.0", "method": "textDocument/publishDiagnostics",
                    "params": ["uri": uri, "diagnostics": [Any]()],
                ])
            }
            result = nil
        case "textDocument/formatting": result = formatting(params)
        case "textDocument/documentSymbol": result = symbols(params)
        case "textDocument/definition": result = definition(params)
        case "textDocument/hover": result = hover(params)
        case "textDocument/completion": result = await completion(params)
        case "textDocument/references": result = await references(params)
        case "textDocument/codeAction": result = codeActions(params)
        case "textDocument/codeLens": result = codeLenses(params)
        case "textDocument/inlayHint": result = inlayHints(params)
        case "workspace/executeCommand":
            let (answer, notes) = execute(params)
            result = answer
            out += notes
        default:
            if let id { return [Self.error(id: id, code: -32601, "method not found: \(method)")] }
            return []
        }
        if let id { out.insert(["jsonrpc": "2.0", "id": id, "result": result ?? NSNull()], at: 0) }
        return out
    }

    static func capabilities() -> [String: Any] {
        [
            "capabilities": [
                "textDocumentSync": ["openClose": true, "change": 2] as [String: Any],
                "documentFormattingProvider": true,
                "documentSymbolProvider": true,
                "definitionProvider": true,
                "hoverProvider": true,
                "completionProvider": ["triggerCharacters": [" ", "@"]],
                "referencesProvider": true,
                "codeActionProvider": ["codeActionKinds": ["quickfix"]],
                "codeLensProvider": ["resolveProvider": false],
                "inlayHintProvider": true,
                "executeCommandProvider": ["commands": [Self.runScenario, Self.showSnippet, Self.restart]],
            ] as [String: Any],
            "serverInfo": ["name": "specrun", "version": MetaFactory.implementationVersion],
        ]
    }

    /// The protocol's ServerNotInitialized error code.
    static let serverNotInitialized = -32002

    package static func error(id: Any, code: Int, _ message: String) -> [String: Any] {
        ["jsonrpc": "2.0", "id": id, "error": ["code": code, "message": message]]
    }

    func publish(uri: String, text: String, version: Int? = nil) async -> [String: Any] {
        let analysis = await pieces.analyse(text: text, uri: uri, context: context)
        analyses[uri] = analysis
        let lines = LSPText(text)
        let diagnostics = LSPJSON.diagnostics(
            analysis.diagnostics.map { diagnostic in
                (
                    lines.position(line: diagnostic.line, column: diagnostic.column), lines.endOfLine(diagnostic.line),
                    diagnostic.severity == .error ? 1 : 2, diagnostic.message
                )
            })
        var params: [String: Any] = ["uri": uri, "diagnostics": diagnostics]
        if let version { params["version"] = version }
        return ["jsonrpc": "2.0", "method": "textDocument/publishDiagnostics", "params": params]
    }

    /// The document's syntax tree, parsed when a request needs it rather than on every keystroke. While a line is
    /// being typed the document may not parse: its last good parse still gives tags and steps to complete, lenses.
    func document(_ uri: String) -> GherkinDocument? {
        guard let text = documents[uri], EditorLimits.tooLarge(text) == nil else { return nil }
        if let known = parsed[uri], known.text == text { return known.document }
        let mediaType: SourceMediaType = uri.hasSuffix(".md") ? .gherkinMarkdown : .gherkinPlain
        let document =
            (try? GherkinParser.parse(source: text, uri: uri, mediaType: mediaType, ids: IncrementingIdGenerator()))
            ?? parsed[uri]?.document
        parsed[uri] = (text, document)
        return document
    }

    func text(_ params: [String: Any]) -> (uri: String, text: String)? {
        guard let uri = (params["textDocument"] as? [String: Any])?["uri"] as? String, let text = documents[uri] else { return nil }
        return (uri, text)
    }

    /// 1-based line of the request's position.
    func line(_ params: [String: Any]) -> Int? {
        ((params["position"] as? [String: Any])?["line"] as? Int).map { $0 + 1 }
    }

    private func formatting(_ params: [String: Any]) -> Any? {
        guard let (uri, text) = text(params), !uri.hasSuffix(".feature.md"),
            case .success(let formatted) = GherkinFormatter.format(source: text), formatted != text
        else { return [Any]() }
        let lines = LSPText(text)
        return [["range": ["start": ["line": 0, "character": 0], "end": lines.end], "newText": formatted]]
    }

    private func definition(_ params: [String: Any]) -> Any? {
        guard let (uri, _) = text(params), let line = line(params),
            let definitions = analyses[uri]?.matches[line], !definitions.isEmpty
        else { return nil }
        return definitions.map(Self.location)
    }

    static func location(_ definition: StepDefinition) -> [String: Any] {
        let path = definition.sourceReference.uri ?? ""
        let absolute = path.hasPrefix("/") ? path : FileManager.default.currentDirectoryPath + "/" + path
        let line = max(Int(definition.sourceReference.location?.line ?? 1) - 1, 0)
        return [
            "uri": URL(fileURLWithPath: absolute).absoluteString,
            "range": ["start": ["line": line, "character": 0], "end": ["line": line, "character": 0]],
        ]
    }

    private func hover(_ params: [String: Any]) -> Any? {
        guard let (uri, _) = text(params), let line = line(params), let definitions = analyses[uri]?.matches[line] else { return nil }
        // An undefined step: what the diagnostic says of it (the nearest definition, the scope it needs), and the fix.
        let finding = analyses[uri]?.diagnostics.first { $0.line == line && $0.message.hasPrefix("undefined step") }?.message
        // (One reader for every definition, its trees kept: made once when the server has none yet.)
        let reader = expressions ?? CompletionExpressions()
        let text =
            definitions.isEmpty
            ? "No step definition matches this step." + (finding.map { "\n\n\($0)" } ?? "")
                + "\n\nThe quick fix (code action) writes its step definition."
            : definitions.map { definition in
                let types = reader.parameterNames(definition.pattern)
                return "`\(definition.pattern.source)`" + (types.isEmpty ? "" : " — parameters: " + types.joined(separator: ", "))
                    + "\n\n\(CheckCollector.location(of: definition))"
            }.joined(separator: "\n\n---\n\n")
        return ["contents": ["kind": "markdown", "value": text]]
    }

    private func symbols(_ params: [String: Any]) -> Any? {
        guard let (uri, text) = text(params), EditorLimits.tooLarge(text) == nil,
            let document = try? GherkinParser.parse(
                source: text, uri: uri, mediaType: uri.hasSuffix(".md") ? .gherkinMarkdown : .gherkinPlain, ids: IncrementingIdGenerator())
        else { return [Any]() }
        return DocumentSymbols.of(document, text: LSPText(text))
    }
}
