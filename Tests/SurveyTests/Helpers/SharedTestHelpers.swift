import Foundation
import Survey
import XCTest

struct AnyError: Error, Equatable {}

func anyURL() -> URL { URL(string: "https://survey.example.com/api/v1/oauth/token")! }
func anyData() -> Data { Data("any data".utf8) }
func anyCredentials() -> ClientCredentials { ClientCredentials(clientID: "client-id", clientSecret: "client-secret") }
func fixedDate() -> Date { Date(timeIntervalSince1970: 1_700_000_000) }

func makeToken(accessToken: String = "access", refreshToken: String = "refresh", expiryDate: Date = fixedDate().addingTimeInterval(7200))
    -> Token
{
    Token(accessToken: accessToken, tokenType: "Bearer", refreshToken: refreshToken, expiryDate: expiryDate)
}

/// A token response of the survey API.
func makeTokenJSON(accessToken: String = "access", tokenType: String = "Bearer", refreshToken: String = "refresh", expiresIn: Int = 7200)
    -> Data
{
    Data(
        """
        {"data": {"id": "10", "type": "token", "attributes": {"access_token": "\(accessToken)", "token_type": "\(tokenType)",
         "expires_in": \(expiresIn), "refresh_token": "\(refreshToken)", "created_at": 1597169495}}}
        """.utf8)
}

func jsonObject(_ data: Data?) -> NSDictionary? {
    guard let data else { return nil }
    return (try? JSONSerialization.jsonObject(with: data)) as? NSDictionary
}

/// Runs `body` and returns the error it throws, or records a failure when it does not throw.
func captureError<T>(file: StaticString = #filePath, line: UInt = #line, _ body: () async throws -> T) async -> Error? {
    do {
        let value = try await body()
        XCTFail("Expected an error, got \(value) instead", file: file, line: line)
        return nil
    } catch {
        return error
    }
}

extension XCTestCase {
    func trackForMemoryLeaks(_ instance: AnyObject, file: StaticString = #filePath, line: UInt = #line) {
        addTeardownBlock { [weak instance] in
            XCTAssertNil(instance, "Instance should have been deallocated. Potential memory leak.", file: file, line: line)
        }
    }
}
