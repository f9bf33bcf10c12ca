import Foundation
import SpecRunCore

/// `specrun lsp`: the language server over standard input and output, serving this executable's step
/// definitions. Standard input is read on a thread of its own; messages are handled one at a time, in order.
struct LSPCommand {
    let libraries: [any StepLibrary.Type]
    let console: any Console

    func run() async -> Int32 {
        let folder = FileManager.default.temporaryDirectory
            .appendingPathComponent("specrun-lsp-\(ProcessInfo.processInfo.processIdentifier)")
        try? FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let server = LanguageServer(libraries: libraries, environment: console.environment, folder: folder)
        let stdout = FileHandle.standardOutput
        var reader = LSPFrameReader()
        for await chunk in Self.standardInput() {
            reader.append(chunk)
            while let frame = reader.next() {
                let replies: [[String: Any]]
                switch frame {
                case .body(let body): replies = await server.handle(body)
                case .invalid(let reason): replies = [LanguageServer.error(id: NSNull(), code: -32700, "parse error: \(reason)")]
                }
                for reply in replies { stdout.write(LSPFrameReader.encode(reply)) }
                if let code = server.exitCode { return code }
            }
        }
        // Standard input closed without `exit`: as the protocol says, 0 after `shutdown`, 1 otherwise.
        return server.shutdownRequested ? 0 : 1
    }

    /// Standard input as it arrives, read on a thread of its own (a blocking read would hold a task's thread).
    private static func standardInput() -> AsyncStream<Data> {
        AsyncStream { continuation in
            let thread = Thread {
                while true {
                    let data = FileHandle.standardInput.availableData
                    if data.isEmpty { break }
                    continuation.yield(data)
                }
                continuation.finish()
            }
            thread.start()
        }
    }
}
