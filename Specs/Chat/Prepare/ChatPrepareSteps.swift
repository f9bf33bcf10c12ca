import Chat
import Foundation
import SpecRun

/// Steps of Features/chat/prepare.feature (seed 000, the myCWT start-up flow).
enum ChatPrepareSteps: StepLibrary {
    static let scope: String? = "@mycwt-prepare"

    static func register(_ steps: inout Steps<ChatPrepareWorld>) {
        registerContext(&steps)
        registerBubble(&steps)
        registerRequestsAndStorage(&steps)
        registerSDK(&steps)
        registerIdentity(&steps)
        registerTokenRenewal(&steps)
        ScriptedBoundarySteps.register(&steps)
    }

    private static func registerContext(_ steps: inout Steps<ChatPrepareWorld>) {
        steps.given("the clock shows {string}") { (world, text: String) in
            world.now = try ISODate.parse(text)
            world.backend.tokenExpiry = world.now.addingTimeInterval(86_400)
        }
        steps.given("the customer has connectivity") { world in world.connected = true }
        steps.given("the customer has no connectivity") { world in world.connected = false }
        steps.given("the chat service answers every request") { world in
            world.backend.metadataFallback = "cwt-app-1"
            world.backend.initializeFailuresLeft = 0
            world.backend.loginFailuresLeft = 0
        }
        steps.given("the customer is a first time chat customer") { world in
            world.backend.appId = nil
            world.backend.token = nil
        }
        steps.given("the appId isn't saved locally") { world in world.backend.appId = nil }
        steps.given("the appId {string} is saved locally") { (world, appId: String) in world.backend.appId = appId }
        steps.given("the user token isn't saved locally") { world in world.backend.token = nil }
        steps.given("a user token valid until {string} is saved locally") { (world, text: String) in
            world.backend.token = JWTFactory.token(subject: "stored", expiringAt: try ISODate.parse(text), userId: "traveler-42")
            world.savedToken = world.backend.token
        }
        steps.given("a user token of the chat user {string} is saved locally") { (world, userId: String) in
            world.backend.token = JWTFactory.token(subject: "stored", expiringAt: world.now.addingTimeInterval(3_600), userId: userId)
            world.savedToken = world.backend.token
        }
        steps.given("a user token that names no chat user is saved locally") { world in
            world.backend.token = JWTFactory.token(subject: "stored", expiringAt: world.now.addingTimeInterval(3_600))
            world.savedToken = world.backend.token
        }
        steps.given("a valid user token is saved locally") { world in
            world.backend.token = JWTFactory.token(
                subject: "stored", expiringAt: world.now.addingTimeInterval(3_600), userId: "traveler-42")
            world.savedToken = world.backend.token
        }
        steps.given("the user token {string} is saved locally") { (world, token: String) in
            world.backend.token = token
            world.savedToken = token
        }
        steps.given("the unreadable user token {string} is saved locally") { (world, token: String) in
            world.backend.token = token
            world.savedToken = token
        }
        steps.given("the STS-metadata API gives the app id {string}") { (world, appId: String) in
            world.backend.metadataFallback = appId
        }
        steps.given("the STS-metadata API fails once, then gives the app id {string}") { (world, appId: String) in
            world.backend.metadataResults = [nil]
            world.backend.metadataFallback = appId
        }
        steps.given("the STS-metadata API fails every time") { world in
            world.backend.metadataResults = []
            world.backend.metadataFallback = nil
        }
        steps.given("the STS API gives a token valid until {string}") { (world, text: String) in
            world.backend.tokenExpiry = try ISODate.parse(text)
        }
        steps.given("the STS API fails every time") { world in world.backend.tokenFailsAlways = true }
        steps.given("STS cannot be reached for the first {int} token request(s)") { (world, times: Int) in
            world.backend.tokenUnreachableLeft = times
        }
        steps.given("the STS API answers the token request with the status {int}") { (world, status: Int) in
            world.backend.tokenStatus = status
        }
        steps.given("the chat client initialize fails once") { world in world.backend.initializeFailuresLeft = 1 }
        steps.given("the chat client initialize fails every time") { world in world.backend.initializeFailuresLeft = .max }
        steps.given("the chat client login fails once") { world in world.backend.loginFailuresLeft = 1 }
        steps.given("the chat client login fails every time") { world in world.backend.loginFailuresLeft = .max }
        steps.when("the chat client login works again") { world in world.backend.loginFailuresLeft = 0 }
        steps.when("the chat client login fails once more only") { world in world.backend.loginFailuresLeft = 1 }
    }

    private static func registerBubble(_ steps: inout Steps<ChatPrepareWorld>) {
        steps.when("the customer opens the app to chat with an agent") { world in await world.entryPoint.appDidOpen() }
        steps.when("the customer opens the app for the first time") { world in await world.entryPoint.appDidOpen() }
        steps.when("the customer taps Retry") { world in
            let last = try unwrap(world.bubble.shown.last)
            try expect(last.showsRetry, "the bubble offers no Retry to tap; it shows \(last)")
            await world.entryPoint.retry()
        }
        steps.given("the customer taps Retry while the chat is still connecting") { world in
            world.backend.whileRequestingMetadata = { [unowned world] in await world.entryPoint.retry() }
        }
        steps.then("the app displays the chat bubble {string}") { (world, message: String) in
            let first = try unwrap(world.bubble.shown.first)
            try expect(first.state, equals: .connecting)
            try expect(first.message, equals: message)
            try expect(!first.showsRetry && !first.opensConversation, "a connecting bubble offers nothing to tap: \(first)")
        }
        steps.when("the customer taps the chat bubble") { world in
            world.entryPoint.bubbleTapped()
        }
        steps.then("the conversation opens") { world in
            try expect(world.conversation.timesShown, equals: 1, "times the conversation was shown")
        }
        steps.then("the ready bubble showed it opens the conversation") { world in
            let last = try unwrap(world.bubble.shown.last)
            try expect(last.state, equals: .ready)
            try expect(last.opensConversation && !last.showsRetry, "a ready bubble should offer to open the conversation: \(last)")
        }
        steps.then("the conversation does not open") { world in
            try expect(world.conversation.timesShown, equals: 0, "times the conversation was shown")
        }
        steps.then("the chat bubble shows {string}") { (world, message: String) in
            try expect(world.bubble.shown.last?.message, equals: message)
        }
        steps.then("the chat bubble offers Retry") { world in
            let last = try unwrap(world.bubble.shown.last)
            try expect(last.showsRetry && !last.opensConversation, "expected a failed bubble with Retry, got \(last)")
        }
        steps.then("the chat bubble does not offer Retry") { world in
            let last = try unwrap(world.bubble.shown.last)
            try expect(!last.showsRetry, "the bubble offers Retry: \(last)")
        }
        steps.then("the chat bubble is hidden") { world in
            let last = try unwrap(world.bubble.shown.last)
            try expect(!last.isVisible, "the bubble is visible: \(last)")
            try expect(!last.opensConversation, "a hidden bubble opens the conversation: \(last)")
            try expect(world.bubble.shown.allSatisfy { !$0.isVisible }, "the bubble was shown at some point: \(world.bubble.shown)")
        }
        steps.then("no request is sent to the chat service") { world in
            try expect(world.backend.calls, equals: [])
        }
    }

    private static func registerRequestsAndStorage(_ steps: inout Steps<ChatPrepareWorld>) {
        steps.when("prepare\\(\\) is called") { world in await world.prepare() }
        steps.when("the app builds the chat start-up flow") { world in _ = world.entryPoint }
        steps.given("prepare\\(\\) has completed") { world in
            await world.prepare()
            if case let .failure(error) = try unwrap(world.outcome) { throw fail("prepare() failed: \(error)") }
            world.callsWhenReady = world.backend.calls.count
        }
        steps.given("prepare\\(\\) has failed") { world in
            await world.prepare()
            if case .success = try unwrap(world.outcome) { throw fail("prepare() did not fail") }
        }
        steps.then("prepare\\(\\) sends no request and does not call the ChatClient again") { world in
            let before = try unwrap(world.callsWhenReady, "prepare() never completed before")
            try expect(Array(world.backend.calls.dropFirst(before)), equals: [])
        }
        steps.then("the chat client state is {string}") { (world, state: String) in
            let shown =
                switch world.preparer.state {
                case .notReady: "not ready"
                case .ready: "ready"
                case let .failed(error): "failed: \(error)"
                }
            try expect(shown, equals: state)
        }
        steps.then("the chat client is in the state {string}") { (world, state: String) in
            try expect(world.preparer.state.description, equals: state)
        }
        steps.then("prepare\\(\\) completes successfully") { world in
            let outcome = try unwrap(world.outcome)
            if case let .failure(error) = outcome { throw fail("prepare() failed: \(error)") }
        }
        steps.then("prepare\\(\\) fails because {string}") { (world, reason: String) in
            guard case let .failure(error) = try unwrap(world.outcome) else { throw fail("prepare() succeeded") }
            try expect(error.description, equals: reason)
        }
        steps.then("a request is sent to the STS-metadata API") { world in
            try expect(world.backend.metadataRequests >= 1, "the STS-metadata API was not requested")
        }
        steps.then("the app requests the STS-metadata API") { world in
            try expect(world.backend.calls.first, equals: .requestMetadata)
        }
        steps.then("the app requests the STS-metadata API {int} time(s)") { (world, times: Int) in
            try expect(world.backend.metadataRequests, equals: times)
        }
        steps.then("the app does not request the STS-metadata API") { world in
            try expect(world.backend.metadataRequests, equals: 0)
        }
        steps.then("the app saves his app id {string} locally") { (world, appId: String) in
            try expect(world.backend.appId, equals: appId)
        }
        steps.then("the app saves his new user token locally") { world in
            let issued = try unwrap(world.backend.issuedTokens.last)
            try expect(world.backend.token, equals: issued)
        }
        steps.then("the app checks whether the user token is saved locally") { world in
            try expect(world.backend.retrievedToken, "the stored user token was not checked")
        }
        steps.then("the app calls the STS API for a new token") { world in
            try expectNil(world.savedToken, "a token was saved before: that is a renewal")
            try expect(world.backend.tokenRequests.count, equals: 1)
            try expect(world.backend.token, equals: world.backend.issuedTokens.first)
        }
        steps.then("the app calls the STS API to renew the token") { world in
            let old = try unwrap(world.savedToken, "no token was saved before: there was nothing to renew")
            try expect(world.backend.tokenRequests.count, equals: 1)
            try expect(world.backend.token, equals: world.backend.issuedTokens.first)
            try expect(world.backend.token != old, "the saved token was kept, not renewed")
        }
        steps.then("the app renews the token before it initializes the ChatClient") { world in
            let calls = world.backend.calls
            let renewal = try unwrap(
                calls.firstIndex { if case .requestToken = $0 { true } else { false } }, "the token was not renewed: \(calls)")
            let initialize = try unwrap(
                calls.firstIndex { if case .initialize = $0 { true } else { false } }, "the ChatClient was not initialized: \(calls)")
            try expect(renewal < initialize, "the ChatClient was initialized with the old token before the renewal: \(calls)")
        }
        steps.then("the app calls initialize on the ChatClient without calling the STS API") { world in
            try expect(world.backend.tokenRequests, equals: [])
            try expect(world.backend.clientCalls.first, equals: .initialize(appId: try unwrap(world.backend.appId)))
        }
        steps.then("the app saves no app id locally") { world in
            try expectNil(world.backend.appId, "the app id saved")
        }
        steps.then("the app saves no user token locally") { world in
            try expectNil(world.backend.token, "the user token saved")
        }
        steps.then("the app does not call initialize on the ChatClient") { world in
            try expect(world.backend.clientCalls, equals: [])
        }
    }

    private static func registerSDK(_ steps: inout Steps<ChatPrepareWorld>) {
        steps.then("the app calls the ChatClient in this order:") { (world, table: DataTable) in
            let actual = world.backend.clientCalls.map { call -> String in
                switch call {
                case let .initialize(appId): "initialize \(appId)"
                case .login: "login"
                case .logout: "logout"
                default: "\(call)"
                }
            }
            try expect(actual, equals: table.column("call"))
        }
        steps.then("the app does not call login on the ChatClient") { world in
            try expect(
                world.backend.clientCalls.contains { if case .login = $0 { true } else { false } } == false,
                "login was called: \(world.backend.clientCalls)")
        }
        steps.then("the ChatClient logs in the chat user {string} with the saved token") { (world, userId: String) in
            try expect(world.backend.logins, equals: [.login(userId: userId, token: try unwrap(world.savedToken))])
        }
        steps.then("the ChatClient logs in the chat user {string} with the renewed token") { (world, userId: String) in
            try expect(world.backend.logins, equals: [.login(userId: userId, token: try unwrap(world.backend.issuedTokens.last))])
        }
        steps.then("the second login uses the renewed token") { world in
            let logins = world.backend.clientCalls.compactMap { if case let .login(_, token) = $0 { token } else { nil } }
            try expect(logins.count, equals: 2)
            try expect(logins.last, equals: try unwrap(world.backend.issuedTokens.last))
            try expect(logins.first != logins.last, "the second login reused the first token")
        }
        steps.then("the app calls logout on the ChatClient {int} time(s)") { (world, times: Int) in
            try expect(world.backend.clientCalls.filter { $0 == .logout }.count, equals: times)
        }
    }
}
