import Chat

extension SessionError {
    /// Runs a chat request and gives the error it failed with, as the "fails with" steps check it
    /// (an error of another kind as `.server`), or nil when it succeeded.
    static func of(_ request: () async throws -> Void) async -> SessionError? {
        do {
            try await request()
            return nil
        } catch {
            return error as? SessionError ?? .server("\(error)")
        }
    }
}
