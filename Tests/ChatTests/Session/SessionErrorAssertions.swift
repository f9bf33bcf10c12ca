import Chat
import XCTest

extension XCTestCase {
    /// Runs a session request and asserts that it fails with `expected`.
    func expect(
        _ expected: SessionError, file: StaticString = #filePath, line: UInt = #line,
        when action: () async throws -> Void
    ) async {
        do {
            try await action()
            XCTFail("Expected \(expected), got success", file: file, line: line)
        } catch {
            XCTAssertEqual(error as? SessionError, expected, file: file, line: line)
        }
    }
}
