import Foundation
import XCTest

/// A whole `lsp` session with an executable: the messages written to its standard input at once (then shutdown
/// and exit), every message it answered read back.
struct LSPTestSession {
    let messages: [[String: Any]]

    static func run(executable: URL, _ messages: [[String: Any]], in folder: URL? = nil) throws -> LSPTestSession {
        LSPTestSession(
            messages: try exchange(
                executable: executable,
                messages + [request(90, "shutdown"), ["jsonrpc": "2.0", "method": "exit"]], in: folder))
    }

    /// Writes the messages (and `raw` bytes right after `initialize`) to `executable lsp` started in `folder` (the
    /// temporary folder by default), closes its input, and reads back every message it answered; the server must
    /// end with status 0.
    static func exchange(executable: URL, _ messages: [[String: Any]], raw: Data = Data(), in folder: URL? = nil) throws
        -> [[String: Any]]
    {
        var input = Data()
        for message in messages {
            let body = try JSONSerialization.data(withJSONObject: message)
            input.append(Data("Content-Length: \(body.count)\r\n\r\n".utf8))
            input.append(body)
            if message["method"] as? String == "initialize" { input.append(raw) }
        }
        let process = Process()
        process.executableURL = executable
        process.arguments = ["lsp"]
        process.currentDirectoryURL = folder ?? FileManager.default.temporaryDirectory
        let stdin = Pipe(), stdout = Pipe()
        process.standardInput = stdin
        process.standardOutput = stdout
        process.standardError = FileHandle.nullDevice
        try process.run()
        stdin.fileHandleForWriting.write(input)
        try stdin.fileHandleForWriting.close()
        let output = stdout.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        XCTAssertEqual(process.terminationStatus, 0)
        return frames(output)
    }

    static func frames(_ data: Data) -> [[String: Any]] {
        var messages: [[String: Any]] = []
        var rest = data[...]
        while let header = rest.range(of: Data("\r\n\r\n".utf8)) {
            let text = String(decoding: rest[rest.startIndex..<header.lowerBound], as: UTF8.self)
            guard let length = Int(text.replacingOccurrences(of: "Content-Length: ", with: "")) else { break }
            let body = rest[header.upperBound..<(header.upperBound + length)]
            if let message = (try? JSONSerialization.jsonObject(with: Data(body))) as? [String: Any] { messages.append(message) }
            rest = rest[(header.upperBound + length)...]
        }
        return messages
    }

    static func request(_ id: Int, _ method: String, _ params: [String: Any] = [:]) -> [String: Any] {
        ["jsonrpc": "2.0", "id": id, "method": method, "params": params]
    }

    static func open(_ uri: String, _ text: String) -> [String: Any] {
        [
            "jsonrpc": "2.0", "method": "textDocument/didOpen",
            "params": ["textDocument": ["uri": uri, "languageId": "gherkin", "version": 1, "text": text]],
        ]
    }

    func result<T>(_ id: Int, as type: T.Type) -> T? {
        messages.first { $0["id"] as? Int == id }?["result"] as? T
    }

    func diagnostics(_ uri: String) -> [[String: Any]] {
        let published = messages.last {
            $0["method"] as? String == "textDocument/publishDiagnostics" && ($0["params"] as? [String: Any])?["uri"] as? String == uri
        }
        return (published?["params"] as? [String: Any])?["diagnostics"] as? [[String: Any]] ?? []
    }
}
