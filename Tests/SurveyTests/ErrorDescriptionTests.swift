import Survey
import XCTest

/// Errors are read by people (logs, spec failures): each says what failed and what to do.
final class ErrorDescriptionTests: XCTestCase {
    func test_description_namesTheFailureAndTheRemedyForEveryError() {
        let descriptions: [String: String] = [
            "login connectivity": String(describing: RemoteLoginService.Error.connectivity),
            "login credentials": String(describing: RemoteLoginService.Error.invalidCredentials),
            "login data": String(describing: RemoteLoginService.Error.invalidData),
            "renewal connectivity": String(describing: RemoteTokenLoader.Error.connectivity),
            "renewal data": String(describing: RemoteTokenLoader.Error.invalidData),
            "cache not found": String(describing: LocalTokenLoader.Error.notFound),
            "cache data": String(describing: LocalTokenLoader.Error.invalidData),
            "surveys connectivity": String(describing: RemoteSurveysLoader.Error.connectivity),
            "surveys data": String(describing: RemoteSurveysLoader.Error.invalidData),
        ]

        XCTAssertEqual(Set(descriptions.values).count, descriptions.count, "every error has its own description")
        for (name, description) in descriptions {
            XCTAssertTrue(description.hasSuffix("."), "\(name): \(description)")
            XCTAssertTrue(
                ["try again", "log in", "Log in"].contains { description.contains($0) } || description.contains("expected"),
                "\(name) should say what to do: \(description)")
        }
    }

    func test_description_ofAuthorizationErrorShowsTheUnderlyingError() {
        let error = AuthorizationError(underlying: LocalTokenLoader.Error.notFound)

        XCTAssertEqual(String(describing: error), "The request could not be authorized: No token is cached: the user has to log in.")
    }

    func test_description_ofFileStoreErrorShowsThePath() {
        XCTAssertTrue(String(describing: FileTokenStore.Error.cannotWrite(path: "/tmp/x/token.json")).contains("/tmp/x/token.json"))
    }
}
