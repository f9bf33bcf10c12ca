import Foundation
import SpecRun
import Survey

/// The Survey app's steps (seed 002). They bind only in scenarios tagged @survey.
enum SurveySteps: StepLibrary {
    static let scope: String? = "@survey"

    static func register(_ steps: inout Steps<SurveyWorld>) {
        registerContext(&steps)
        registerLogin(&steps)
        registerTokenCache(&steps)
        registerSurveys(&steps)
        registerTokenRenewal(&steps)
        registerLogout(&steps)
        registerBoundary(&steps)
        ScriptedBoundarySteps.register(&steps)
        steps.after { world in world.cleanUp() }
    }

    // MARK: Shared context

    static func registerContext(_ steps: inout Steps<SurveyWorld>) {
        steps.given("the app is registered with client id {string} and client secret {string}") { (world, id: String, secret: String) in
            world.credentials = ClientCredentials(clientID: id, clientSecret: secret)
        }
        steps.given("the time is {string}") { (world, text: String) in
            world.clock.now = try surveyDate(text)
        }
        steps.given("the app talks to the server over HTTP") { world in
            world.overHTTP = try SurveyAPIOverHTTP(forwardingTo: world.server)
        }
        steps.given("the server cannot be reached") { world in
            await world.server.goOffline()
        }
        steps.given("the user is logged in with the token {string} valid until {string}") { (world, token: String, expiry: String) in
            try await world.arrangeSession(accessToken: token, refreshToken: "refresh-\(token)", expiry: try surveyDate(expiry))
        }
        steps.given("the user is logged in with the token {string} and the refresh token {string} valid until {string}") {
            (world, token: String, refresh: String, expiry: String) in
            try await world.arrangeSession(accessToken: token, refreshToken: refresh, expiry: try surveyDate(expiry))
        }
        steps.given("nothing is cached") { world in
            try await expectNil(world.cachedToken(), "the cache should start empty")
        }
        steps.then("the app sends a POST request to {string} with:") { (world, path: String, table: DataTable) in
            let expected = try table.rowsHash()
            let bodies = await world.requests(method: .post, path: path).map(InMemorySurveyServer.fields(of:))
            try expect(
                bodies.contains(expected),
                "expected a POST to \(path) with \(expected.sorted { $0.key < $1.key }), got \(bodies.map { $0.sorted { $0.key < $1.key } })"
            )
        }
        steps.then("the cached token is {string} with the refresh token {string} expiring at {string}") {
            (world, access: String, refresh: String, expiry: String) in
            let token = try unwrap(try await world.cachedToken(), "no token is cached")
            try expect(
                token, equals: Token(accessToken: access, tokenType: "Bearer", refreshToken: refresh, expiryDate: try surveyDate(expiry)))
        }
        steps.then("no token is cached") { world in
            try await expectNil(world.cachedToken(), "no token should be cached")
        }
        steps.then("no request is sent to the server") { world in
            let requests = await world.server.requests
            try expect(requests.map { "\($0.method.rawValue) \($0.url.path)" }, equals: [])
        }
    }

    // MARK: Log in

    static func registerLogin(_ steps: inout Steps<SurveyWorld>) {
        steps.given("the server accepts the email {string} with the password {string} and answers with the token:") {
            (world, email: String, password: String, table: DataTable) in
            await world.server.accept(email: email, password: password, answering: try issuedToken(table))
        }
        steps.given("the server answers the login with the status {int} and the body {string}") { (world, status: Int, body: String) in
            try await world.boundary.script("login", [.response(.json(body, status: status))])
        }
        steps.when("the user logs in with the email {string} and the password {string}") { (world, email: String, password: String) in
            await world.logIn(email: email, password: password)
        }
        steps.when("the user has typed the email {string} and the password {string}") { (world, email: String, password: String) in
            world.loginController.edit(email: email, password: password)
        }
        steps.then("the user is logged in with the access token {string} of type {string} and the refresh token {string}") {
            (world, access: String, type: String, refresh: String) in
            let token = try loggedInToken(world)
            try expect(token.accessToken, equals: access, "access token")
            try expect(token.tokenType, equals: type, "token type")
            try expect(token.refreshToken, equals: refresh, "refresh token")
        }
        steps.then("the token expires at {string}") { (world, expiry: String) in
            try expect(try loggedInToken(world).expiryDate, equals: try surveyDate(expiry))
        }
        steps.then("the login fails with a connectivity error") { world in
            try expect(try loginError(world) as? RemoteLoginService.Error, equals: .connectivity)
        }
        steps.then("the login fails with an invalid data error") { world in
            try expect(try loginError(world) as? RemoteLoginService.Error, equals: .invalidData)
        }
        steps.then("the login fails because the email or password is incorrect") { world in
            try expect(try loginError(world) as? RemoteLoginService.Error, equals: .invalidCredentials)
        }
        steps.then("the app displays the login error {string}") { (world, message: String) in
            let screen = try unwrap(world.loginViewModel, "the login screen was never shown")
            try expect(screen.errorMessage, equals: message)
            try expect(screen.isLoading, equals: false, "the login screen should stop loading")
        }
        steps.then("the app displays no login error") { world in
            let screen = try unwrap(world.loginViewModel, "the login screen was never shown")
            try expectNil(screen.errorMessage)
            try expect(!screen.isLoading, "the login screen is still loading")
        }
        steps.then("the login screen showed its loading state until the answer arrived") { world in
            try expect(world.loginScreen.shown.map(\.isLoading), equals: [true, false])
        }
        steps.then("the login button was disabled while the answer was on its way") { world in
            let loading = world.loginScreen.shown.filter(\.isLoading)
            try expect(!loading.isEmpty, "the login screen never showed its loading state")
            try expect(loading.allSatisfy { !$0.isLoginEnabled }, "the login button could be tapped while the answer was on its way")
        }
        steps.then("the app moves on to the surveys") { world in
            try expect(world.loggedInToken != nil, "the app stayed on the login screen")
            try expect(world.navigation.shown.last, equals: .surveys, "the screen shown")
        }
        steps.when("the user launches the app") { world in
            await world.appFlow.start()
        }
        steps.then("the app shows the login form") { world in
            try expect(world.navigation.shown.last, equals: .login, "the screen shown")
        }
        steps.then("the app shows the surveys") { world in
            try expect(world.navigation.shown.last, equals: .surveys, "the screen shown")
        }
        steps.then("the app stays on the login screen") { world in
            try expect(!world.navigation.shown.contains(.surveys), "the app showed the surveys")
            try expectNil(world.loggedInToken, "the app moved on to the surveys")
        }
        steps.then("no login request is sent") { world in
            try expect(await world.requests(method: .post, path: InMemorySurveyServer.tokenPath).count, equals: 0)
        }
        steps.then("the login button is enabled") { world in
            try expect(try unwrap(world.loginViewModel).isLoginEnabled, "the login button should be enabled")
        }
        steps.then("the login button is disabled") { world in
            try expect(try unwrap(world.loginViewModel).isLoginEnabled == false, "the login button should be disabled")
        }
    }

    static func loggedInToken(_ world: SurveyWorld) throws -> Token {
        switch try unwrap(world.loginResult, "the user never tried to log in") {
        case let .success(token): return token
        case let .failure(error): throw fail("expected the user to be logged in, but the login failed with \(error)")
        }
    }

    static func loginError(_ world: SurveyWorld) throws -> any Error {
        switch try unwrap(world.loginResult, "the user never tried to log in") {
        case let .success(token): throw fail("expected the login to fail, but it delivered \(token)")
        case let .failure(error): return error
        }
    }
}
