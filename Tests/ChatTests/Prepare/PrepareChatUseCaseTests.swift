import XCTest

@testable import Chat

final class PrepareChatUseCaseTests: XCTestCase {
    private let now = Date(timeIntervalSince1970: 1_800_000_000)

    // MARK: - State

    func test_state_isNotReadyBeforePrepare() {
        let (sut, _) = makeSUT()

        XCTAssertEqual(sut.state, .notReady)
    }

    func test_prepare_onAReadyClientCompletesWithoutAnyCall() async throws {
        let (sut, spy) = makeSUT(appId: "app-1", token: validToken())
        spy.initializeResults = [.success(())]
        spy.loginResults = [.success(())]
        try await sut.prepare()
        let callsWhenReady = spy.messages.count

        try await sut.prepare()

        XCTAssertEqual(sut.state, .ready)
        XCTAssertEqual(spy.messages.count, callsWhenReady)
    }

    func test_prepare_failingNamesTheStepInTheStateAndRunsAgainNextTime() async {
        let (sut, spy) = makeSUT(appId: "app-1", token: validToken())
        spy.initializeResults = [.failure(AnyError()), .failure(AnyError())]
        spy.metadataResults = [.success(STSMetadata(appId: "app-2"))]

        try? await sut.prepare()

        XCTAssertEqual(sut.state, .failed(.initFailed))
        spy.initializeResults = [.success(())]
        spy.loginResults = [.success(())]
        try? await sut.prepare()
        XCTAssertEqual(sut.state, .ready)
    }

    // MARK: - App id

    func test_prepare_requestsMetadataWhenAppIdIsNotStored() async throws {
        let (sut, spy) = makeSUT()
        spy.metadataResults = [.success(STSMetadata(appId: "app-1"))]
        spy.tokenResults = [.success(renewedToken())]
        spy.initializeResults = [.success(())]
        spy.loginResults = [.success(())]

        try await sut.prepare()

        XCTAssertEqual(Array(spy.messages.prefix(3)), [.retrieveAppId, .requestMetadata, .insertAppId("app-1")])
    }

    func test_prepare_checksStoredTokenWithoutRequestingMetadataWhenAppIdIsStored() async throws {
        let (sut, spy) = makeSUT(appId: "app-1", token: validToken())
        spy.initializeResults = [.success(())]
        spy.loginResults = [.success(())]

        try await sut.prepare()

        XCTAssertEqual(Array(spy.messages.prefix(2)), [.retrieveAppId, .retrieveToken])
        XCTAssertFalse(spy.messages.contains(.requestMetadata))
    }

    func test_prepare_retriesMetadataOnceOnMetadataError() async throws {
        let (sut, spy) = makeSUT()
        spy.metadataResults = [.failure(AnyError()), .success(STSMetadata(appId: "app-2"))]
        spy.tokenResults = [.success(renewedToken())]
        spy.initializeResults = [.success(())]
        spy.loginResults = [.success(())]

        try await sut.prepare()

        XCTAssertEqual(Array(spy.messages.prefix(4)), [.retrieveAppId, .requestMetadata, .requestMetadata, .insertAppId("app-2")])
    }

    func test_prepare_deliversMetadataErrorOnTwoMetadataErrors() async {
        let (sut, spy) = makeSUT()
        spy.metadataResults = [.failure(AnyError()), .failure(AnyError())]

        await expect(sut, toFailWith: .failedFetchAppId)
        XCTAssertEqual(spy.messages, [.retrieveAppId, .requestMetadata, .requestMetadata])
    }

    // MARK: - User token

    func test_prepare_requestsTokenFromSTSWhenTokenIsNotStored() async throws {
        let (sut, spy) = makeSUT(appId: "app-1")
        spy.tokenResults = [.success(renewedToken())]
        spy.initializeResults = [.success(())]
        spy.loginResults = [.success(())]

        try await sut.prepare()

        XCTAssertEqual(
            Array(spy.messages.prefix(4)), [.retrieveAppId, .retrieveToken, .requestToken(appId: "app-1"), .insertToken(renewedToken())])
    }

    func test_prepare_renewsTokenThroughSTSWhenStoredTokenIsExpired() async throws {
        let expired = JWT.token(expiringAt: now.addingTimeInterval(-1))
        let (sut, spy) = makeSUT(appId: "app-1", token: expired)
        spy.tokenResults = [.success(renewedToken())]
        spy.initializeResults = [.success(())]
        spy.loginResults = [.success(())]

        try await sut.prepare()

        XCTAssertEqual(
            spy.messages,
            [
                .retrieveAppId, .retrieveToken, .requestToken(appId: "app-1"), .insertToken(renewedToken()),
                .initialize(appId: "app-1"), .login(userId: "user-1", token: renewedToken()),
            ])
    }

    func test_prepare_renewsTokenWhenStoredTokenExpiresExactlyNow() async throws {
        let (sut, spy) = makeSUT(appId: "app-1", token: JWT.token(expiringAt: now))
        spy.tokenResults = [.success(renewedToken())]
        spy.initializeResults = [.success(())]
        spy.loginResults = [.success(())]

        try await sut.prepare()

        XCTAssertTrue(spy.messages.contains(.requestToken(appId: "app-1")))
    }

    func test_prepare_renewsTokenWhenStoredTokenIsUnreadable() async throws {
        let (sut, spy) = makeSUT(appId: "app-1", token: "not-a-jwt")
        spy.tokenResults = [.success(renewedToken())]
        spy.initializeResults = [.success(())]
        spy.loginResults = [.success(())]

        try await sut.prepare()

        XCTAssertTrue(spy.messages.contains(.requestToken(appId: "app-1")))
    }

    func test_prepare_initializesWithoutCallingSTSWhenStoredTokenIsNotExpired() async throws {
        let token = validToken()
        let (sut, spy) = makeSUT(appId: "app-1", token: token)
        spy.initializeResults = [.success(())]
        spy.loginResults = [.success(())]

        try await sut.prepare()

        XCTAssertEqual(spy.messages, [.retrieveAppId, .retrieveToken, .initialize(appId: "app-1"), .login(userId: "user-1", token: token)])
    }

    func test_prepare_deliversTokenErrorOnSTSTokenError() async {
        let (sut, spy) = makeSUT(appId: "app-1")
        spy.tokenResults = [.failure(AnyError())]

        await expect(sut, toFailWith: .failedFetchToken)
        XCTAssertFalse(spy.messages.contains(.initialize(appId: "app-1")))
    }

    // MARK: - Initialize

    func test_prepare_requestsMetadataAgainAndInitializesWithNewAppIdOnInitializeError() async throws {
        let token = validToken()
        let (sut, spy) = makeSUT(appId: "old-app", token: token)
        spy.initializeResults = [.failure(AnyError()), .success(())]
        spy.metadataResults = [.success(STSMetadata(appId: "new-app"))]
        spy.loginResults = [.success(())]

        try await sut.prepare()

        XCTAssertEqual(
            spy.messages,
            [
                .retrieveAppId, .retrieveToken, .initialize(appId: "old-app"),
                .requestMetadata, .insertAppId("new-app"), .initialize(appId: "new-app"), .login(userId: "user-1", token: token),
            ])
    }

    func test_prepare_deliversInitializeErrorOnSecondInitializeError() async {
        let (sut, spy) = makeSUT(appId: "app-1", token: validToken())
        spy.initializeResults = [.failure(AnyError()), .failure(AnyError())]
        spy.metadataResults = [.success(STSMetadata(appId: "app-1"))]

        await expect(sut, toFailWith: .initFailed)
        XCTAssertEqual(spy.messages.filter { if case .login = $0 { true } else { false } }, [])
    }

    func test_prepare_deliversMetadataErrorOnMetadataErrorsAfterInitializeError() async {
        let (sut, spy) = makeSUT(appId: "app-1", token: validToken())
        spy.initializeResults = [.failure(AnyError())]
        spy.metadataResults = [.failure(AnyError()), .failure(AnyError())]

        await expect(sut, toFailWith: .failedFetchAppId)
    }

    // MARK: - Login

    func test_prepare_logsOutRenewsTokenAndLogsInAgainOnLoginError() async throws {
        let token = validToken()
        let (sut, spy) = makeSUT(appId: "app-1", token: token)
        spy.initializeResults = [.success(())]
        spy.loginResults = [.failure(AnyError()), .success(())]
        spy.tokenResults = [.success(renewedToken())]

        try await sut.prepare()

        XCTAssertEqual(
            spy.messages,
            [
                .retrieveAppId, .retrieveToken, .initialize(appId: "app-1"), .login(userId: "user-1", token: token),
                .logout, .requestToken(appId: "app-1"), .insertToken(renewedToken()), .login(userId: "user-1", token: renewedToken()),
            ])
    }

    func test_prepare_deliversLoginErrorOnSecondLoginError() async {
        let (sut, spy) = makeSUT(appId: "app-1", token: validToken())
        spy.initializeResults = [.success(())]
        spy.loginResults = [.failure(AnyError()), .failure(AnyError())]
        spy.tokenResults = [.success(renewedToken())]

        await expect(sut, toFailWith: .loginFailed)
        XCTAssertEqual(spy.messages.filter { $0 == .logout }.count, 1)
    }

    func test_prepare_logsInAsTheChatUserTheTokenNames() async throws {
        let token = JWT.token(expiringAt: now.addingTimeInterval(3600), userId: "traveler-7")
        let (sut, spy) = makeSUT(appId: "app-1", token: token)
        spy.initializeResults = [.success(())]
        spy.loginResults = [.success(())]

        try await sut.prepare()

        XCTAssertEqual(spy.messages.last, .login(userId: "traveler-7", token: token))
    }

    func test_prepare_failsWithInvalidTokenWithoutLoggingInOnTokensNamingNoChatUser() async {
        let (sut, spy) = makeSUT(appId: "app-1", token: JWT.token(expiringAt: now.addingTimeInterval(3600)))
        spy.initializeResults = [.success(())]
        spy.tokenResults = [.success(JWT.token(expiringAt: now.addingTimeInterval(7200)))]

        await expect(sut, toFailWith: .invalidToken)
        XCTAssertFalse(spy.messages.contains { if case .login = $0 { true } else { false } })
    }

    func test_prepare_tellsTheSTSRefusalsApart() async {
        for (refusal, expected) in [(STSRefusal.unauthorized, ChatPrepareError.signInExpired), (.unknownVendor, .chatNotOffered)] {
            let (sut, spy) = makeSUT(appId: "app-1")
            spy.tokenResults = [.failure(refusal)]

            await expect(sut, toFailWith: expected)
        }
    }

    func test_prepare_deliversTokenErrorWhenTokenRenewalFailsAfterLoginError() async {
        let (sut, spy) = makeSUT(appId: "app-1", token: validToken())
        spy.initializeResults = [.success(())]
        spy.loginResults = [.failure(AnyError())]
        spy.tokenResults = [.failure(AnyError())]

        await expect(sut, toFailWith: .failedFetchToken)
    }

    func test_prepare_completesSuccessfullyOnLoginSuccess() async {
        let (sut, spy) = makeSUT(appId: "app-1", token: validToken())
        spy.initializeResults = [.success(())]
        spy.loginResults = [.success(())]

        do { try await sut.prepare() } catch { XCTFail("Expected success, got \(error)") }
    }

    func test_errorDescription_namesTheFailingStep() {
        XCTAssertTrue(ChatPrepareError.failedFetchAppId.description.contains("metadata"))
        XCTAssertTrue(ChatPrepareError.failedFetchToken.description.contains("token"))
        XCTAssertTrue(ChatPrepareError.initFailed.description.contains("initialized"))
        XCTAssertTrue(ChatPrepareError.loginFailed.description.contains("login"))
    }

    func test_stateDescription_namesTheStateAndErrorAsTheOriginalClient() {
        XCTAssertEqual(ChatClientState.notReady.description, "notReady")
        XCTAssertEqual(ChatClientState.ready.description, "ready")
        XCTAssertEqual(ChatClientState.failed(.failedFetchAppId).description, "failed(failedFetchAppId)")
        XCTAssertEqual(ChatClientState.failed(.initFailed).description, "failed(initFailed)")
    }

    // MARK: - Helpers

    private func makeSUT(appId: String? = nil, token: String? = nil, file: StaticString = #filePath, line: UInt = #line) -> (
        ChatPreparer, PrepareSpy
    ) {
        let spy = PrepareSpy()
        spy.storedAppId = appId
        spy.storedToken = token
        let now = self.now
        let sut = ChatPreparer(appIdStore: spy, tokenStore: spy, sts: spy, client: spy, currentDate: { now })
        addTeardownBlock { [weak sut, weak spy] in
            XCTAssertNil(sut, "ChatPreparer should have been deallocated", file: file, line: line)
            XCTAssertNil(spy, "Spy should have been deallocated", file: file, line: line)
        }
        return (sut, spy)
    }

    private func validToken() -> String { JWT.token(expiringAt: now.addingTimeInterval(3600), userId: "user-1") }
    private func renewedToken() -> String { JWT.token(expiringAt: now.addingTimeInterval(7200), userId: "user-1") }

    private func expect(_ sut: ChatPreparer, toFailWith expected: ChatPrepareError, file: StaticString = #filePath, line: UInt = #line)
        async
    {
        do {
            try await sut.prepare()
            XCTFail("Expected \(expected), got success", file: file, line: line)
        } catch {
            XCTAssertEqual(error, expected, file: file, line: line)
        }
    }
}
