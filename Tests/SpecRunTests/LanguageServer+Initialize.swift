import Foundation

@testable import SpecRunEditor

extension LanguageServer {
    /// Answers `initialize`, as a client sends it before any other request (the server refuses them before it).
    func initialize() async {
        _ = await handle(Data(#"{"jsonrpc":"2.0","id":0,"method":"initialize","params":{"capabilities":{}}}"#.utf8))
    }
}
