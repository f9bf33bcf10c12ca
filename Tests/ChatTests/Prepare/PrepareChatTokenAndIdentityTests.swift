import XCTest

@testable import Chat

final class PrepareChatTokenAndIdentityTests: XCTestCase {
    private let now = Date(timeIntervalSince1970: 1_800_000_000)

    // MARK: - Token request retries

    func test_prepare_retriesTheTokenRequestUpToThreeTimesOnUnreachableSTS() async {
        let (sut, spy) = makeSUT(appId: "app-1")
        spy.tokenResults = Array(repeating: .failure(UnreachableError()), count: 4)

        await expect(sut, toFailWith: .failedFetchToken)

        XCTAssertEqual(spy.messages.filter { $0 == .requestToken(appId: "app-1") }.count, 4)
    }

    func test_prepare_doesNotRetryTheTokenRequestOnAnAnswer() async {
        let (sut, spy) = makeSUT(appId: "app-1")
        spy.tokenResults = [.failure(AnyError())]

        await expect(sut, toFailWith: .failedFetchToken)

        XCTAssertEqual(spy.messages.filter { $0 == .requestToken(appId: "app-1") }.count, 1)
    }

    func test_prepare_usesTheTokenOfARetryAfterUnreachableSTS() async throws {
        let (sut, spy) = makeSUT(appId: "app-1")
        let token = JWT.token(expiringAt: now.addingTimeInterval(60), userId: "u-1")
        spy.tokenResults = [.failure(UnreachableError()), .success(token)]
        spy.initializeResults = [.success(())]
        spy.loginResults = [.success(())]
        spy.identityResults = [.success("ext-1")]

        try await sut.prepare()

        XCTAssertEqual(spy.storedToken, token)
    }

    // MARK: - Token updated

    func test_prepare_reportsEveryTokenSTSGaveThroughOnTokenUpdated() async throws {
        let (sut, spy) = makeSUT(appId: "app-1", identity: "ext-1")
        let (t1, t2) = (
            JWT.token(expiringAt: now.addingTimeInterval(60), userId: "u-1"),
            JWT.token(expiringAt: now.addingTimeInterval(120), userId: "u-1")
        )
        spy.tokenResults = [.success(t1), .success(t2)]
        spy.initializeResults = [.success(())]
        spy.loginResults = [.failure(AnyError()), .success(())]
        var updated: [String] = []
        sut.onTokenUpdated = { updated.append($0) }

        try await sut.prepare()

        XCTAssertEqual(updated, [t1, t2])
    }

    func test_prepare_givesTheConversationTheChatUserOfEveryTokenSTSGave() async throws {
        let (sut, spy) = makeSUT(appId: "app-1", identity: "ext-1")
        spy.tokenResults = [
            .success(JWT.token(expiringAt: now.addingTimeInterval(60), userId: "u-1")),
            .success(JWT.token(expiringAt: now.addingTimeInterval(120), userId: "u-2")),
        ]
        spy.initializeResults = [.success(())]
        spy.loginResults = [.failure(AnyError()), .success(())]
        sut.conversationSettings = spy

        try await sut.prepare()

        XCTAssertEqual(spy.conversationUserIds, ["u-1", "u-2"])
    }

    func test_renewUserToken_savesAndDeliversTheNewTokenWithoutOnTokenUpdated() async throws {
        let (sut, spy) = makeSUT(appId: "app-1")
        spy.tokenResults = [.success("renewed")]
        var updated: [String] = []
        sut.onTokenUpdated = { updated.append($0) }

        let token = try await sut.renewUserToken()

        XCTAssertEqual(token, "renewed")
        XCTAssertEqual(spy.storedToken, "renewed")
        XCTAssertEqual(updated, [])
    }

    func test_renewUserToken_deliversTheRefusalOnSTS401() async {
        let (sut, spy) = makeSUT(appId: "app-1")
        spy.tokenResults = [.failure(STSRefusal.unauthorized)]

        do {
            _ = try await sut.renewUserToken()
            XCTFail("Expected a refusal")
        } catch {
            XCTAssertEqual(error, .signInExpired)
        }
    }

    // MARK: - Identity registration

    func test_prepare_registersTheTokensUserAfterLoginAndSavesTheIdentity() async throws {
        let (sut, spy) = makeSUT(appId: "app-1", token: JWT.token(expiringAt: now.addingTimeInterval(60), userId: "u-1"))
        spy.initializeResults = [.success(())]
        spy.loginResults = [.success(())]
        spy.identityResults = [.success("ext-1")]

        try await sut.prepare()

        XCTAssertEqual(Array(spy.messages.suffix(3)), [.retrieveIdentity, .registerIdentity(userId: "u-1"), .insertIdentity("ext-1")])
    }

    func test_prepare_doesNotRegisterWhenAnIdentityIsSaved() async throws {
        let (sut, spy) = makeSUT(appId: "app-1", token: JWT.token(expiringAt: now.addingTimeInterval(60), userId: "u-1"), identity: "ext-0")
        spy.initializeResults = [.success(())]
        spy.loginResults = [.success(())]

        try await sut.prepare()

        XCTAssertFalse(spy.messages.contains(.registerIdentity(userId: "u-1")))
    }

    func test_prepare_completesAndSavesNoIdentityOnRegistrationError() async throws {
        let (sut, spy) = makeSUT(appId: "app-1", token: JWT.token(expiringAt: now.addingTimeInterval(60), userId: "u-1"))
        spy.initializeResults = [.success(())]
        spy.loginResults = [.success(())]
        spy.identityResults = [.failure(AnyError())]

        try await sut.prepare()

        XCTAssertNil(spy.storedIdentity)
        XCTAssertEqual(sut.state, .ready)
    }

    func test_prepare_asksTheIdentityStoreAgainUpToThreeTimesWhileUnreachable() async throws {
        let (sut, spy) = makeSUT(appId: "app-1", token: JWT.token(expiringAt: now.addingTimeInterval(60), userId: "u-1"))
        spy.initializeResults = [.success(())]
        spy.loginResults = [.success(())]
        spy.identityResults = [.failure(UnreachableError()), .failure(UnreachableError()), .success("ext-1")]

        try await sut.prepare()

        XCTAssertEqual(spy.messages.filter { $0 == .registerIdentity(userId: "u-1") }.count, 3)
        XCTAssertEqual(spy.storedIdentity, "ext-1")
    }

    func test_prepare_stopsAskingTheIdentityStoreAfterThreeUnreachableTries() async throws {
        let (sut, spy) = makeSUT(appId: "app-1", token: JWT.token(expiringAt: now.addingTimeInterval(60), userId: "u-1"))
        spy.initializeResults = [.success(())]
        spy.loginResults = [.success(())]
        spy.identityResults = Array(repeating: .failure(UnreachableError()), count: 3)

        try await sut.prepare()

        XCTAssertEqual(spy.messages.filter { $0 == .registerIdentity(userId: "u-1") }.count, 3)
        XCTAssertNil(spy.storedIdentity)
        XCTAssertEqual(sut.state, .ready)
    }

    func test_prepare_doesNotAskTheIdentityStoreAgainOnAnAnswer() async throws {
        let (sut, spy) = makeSUT(appId: "app-1", token: JWT.token(expiringAt: now.addingTimeInterval(60), userId: "u-1"))
        spy.initializeResults = [.success(())]
        spy.loginResults = [.success(())]
        spy.identityResults = [.failure(AnyError())]

        try await sut.prepare()

        XCTAssertEqual(spy.messages.filter { $0 == .registerIdentity(userId: "u-1") }.count, 1)
    }

    // MARK: - Logout

    func test_logout_logsTheClientOutThenDeletesTheCredentialsAndIsNotReady() async throws {
        let (sut, spy) = makeSUT(appId: "app-1", token: JWT.token(expiringAt: now.addingTimeInterval(60), userId: "u-1"), identity: "ext-1")
        spy.initializeResults = [.success(())]
        spy.loginResults = [.success(())]
        try await sut.prepare()

        try await sut.logout()

        XCTAssertEqual(Array(spy.messages.suffix(4)), [.logout, .deleteAppId, .deleteToken, .deleteIdentity])
        XCTAssertEqual(sut.state, .notReady)
    }

    func test_logout_deletesNothingAndDeliversTheClientErrorOnClientLogoutFailure() async throws {
        let (sut, spy) = makeSUT(appId: "app-1", token: JWT.token(expiringAt: now.addingTimeInterval(60), userId: "u-1"), identity: "ext-1")
        spy.initializeResults = [.success(())]
        spy.loginResults = [.success(())]
        try await sut.prepare()
        spy.logoutError = AnyError()

        do { try await sut.logout(); XCTFail("Expected the client's logout error") } catch {}

        XCTAssertEqual(spy.messages.last, .logout)
        XCTAssertEqual(sut.state, .ready)
    }

    // MARK: - Helpers

    private func makeSUT(
        appId: String? = nil, token: String? = nil, identity: String? = nil,
        file: StaticString = #filePath, line: UInt = #line
    ) -> (ChatPreparer, PrepareSpy) {
        let spy = PrepareSpy()
        spy.storedAppId = appId
        spy.storedToken = token
        spy.storedIdentity = identity
        let now = self.now
        let sut = ChatPreparer(
            appIdStore: spy, tokenStore: spy, sts: spy, client: spy, identityStore: spy, identityRegistry: spy,
            currentDate: { now })
        addTeardownBlock { [weak sut, weak spy] in
            XCTAssertNil(sut, "ChatPreparer should have been deallocated", file: file, line: line)
            XCTAssertNil(spy, "Spy should have been deallocated", file: file, line: line)
        }
        return (sut, spy)
    }

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
