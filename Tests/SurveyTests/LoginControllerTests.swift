import Survey
import XCTest

final class LoginControllerTests: XCTestCase {
    func test_logIn_sendsNothingWhenTheEmailIsNotAnEmailAddress() async {
        let (sut, client, store, view) = makeSUT()

        let result = await sut.logIn(email: "dev@nimblehq", password: "12345678")

        XCTAssertEqual(result.error as? LoginController.Error, .incompleteForm)
        let requests = await client.requests
        let stored = await store.messages
        XCTAssertTrue(requests.isEmpty)
        XCTAssertTrue(stored.isEmpty)
        XCTAssertEqual(view.shown.map(\.isLoginEnabled), [false])
    }

    func test_logIn_savesTheTokenThenMovesOn() async throws {
        var loggedIn: [Token] = []
        let (sut, client, store, view) = makeSUT(onLoggedIn: { loggedIn.append($0) })
        await client.stub(statusCode: 200, data: makeTokenJSON(accessToken: "access"))

        let result = await sut.logIn(email: "dev@nimblehq.co", password: "12345678")

        let token = try result.get()
        XCTAssertEqual(loggedIn, [token])
        let stored = await store.messages
        XCTAssertEqual(stored.count, 2, "deletes the old token, then inserts the new one")
        XCTAssertEqual(view.shown.map(\.isLoading), [true, false])
        XCTAssertNil(view.shown.last?.errorMessage)
    }

    func test_logIn_staysOnLoginWithTheOriginalMessageWhenTheTokenCannotBeSaved() async {
        var loggedIn: [Token] = []
        let (sut, client, store, view) = makeSUT(onLoggedIn: { loggedIn.append($0) })
        await client.stub(statusCode: 200, data: makeTokenJSON())
        await store.stubInsertionError(AnyError())

        let result = await sut.logIn(email: "dev@nimblehq.co", password: "12345678")

        XCTAssertEqual(result.error as? LoginController.Error, .tokenNotSaved)
        XCTAssertEqual(loggedIn, [])
        XCTAssertEqual(view.shown.last?.errorMessage, "Unexpected error. Please try later.")
    }

    func test_logIn_showsTheLoginErrorAndSavesNothingWhenTheServerRefuses() async {
        let (sut, client, store, view) = makeSUT()
        await client.stub(statusCode: 401, data: Data())

        let result = await sut.logIn(email: "dev@nimblehq.co", password: "wrong")

        XCTAssertEqual(result.error as? RemoteLoginService.Error, .invalidCredentials)
        let stored = await store.messages
        XCTAssertTrue(stored.isEmpty)
        XCTAssertEqual(view.shown.last?.errorMessage, LoginPresenter.invalidCredentialsMessage)
    }

    // MARK: - Helpers

    private func makeSUT(onLoggedIn: @escaping (Token) -> Void = { _ in }) -> (LoginController, HTTPClientSpy, TokenStoreSpy, LoginViewSpy)
    {
        let client = HTTPClientSpy()
        let store = TokenStoreSpy()
        let view = LoginViewSpy()
        let service = RemoteLoginService(url: anyURL(), client: client, credentials: anyCredentials(), currentDate: { fixedDate() })
        let sut = LoginController(service: service, cache: LocalTokenLoader(store: store), view: view, onLoggedIn: onLoggedIn)
        return (sut, client, store, view)
    }
}

private final class LoginViewSpy: LoginView {
    private(set) var shown: [LoginViewModel] = []
    func display(_ viewModel: LoginViewModel) { shown.append(viewModel) }
}

private extension Result {
    var error: Failure? {
        if case let .failure(error) = self { return error }
        return nil
    }
}
