import Chat
import Foundation
import SpecRun

/// Steps of Features/chat/prepare.feature: the identity registration after login and the token renewal outside
/// `prepare()` with its "token updated" callback.
extension ChatPrepareSteps {
    static func registerIdentity(_ steps: inout Steps<ChatPrepareWorld>) {
        steps.given("the STS API issues tokens for the chat user {string}") { (world, userId: String) in
            world.backend.tokenUserId = userId
        }
        steps.given("the STS API issues tokens that name no chat user") { world in world.backend.tokenUserId = nil }
        steps.given("the customer's identity {string} is saved locally") { (world, identity: String) in
            world.backend.identity = identity
        }
        steps.given("the identity store gives the external id {string}") { (world, id: String) in
            world.backend.identityExternalId = id
        }
        steps.given("the identity store fails") { world in world.backend.identityExternalId = nil }
        steps.given("the identity store already has the customer with the external id {string}") { (world, id: String) in
            world.backend.identityAlreadyRegistered = id
        }
        steps.given("the identity store cannot be reached for the first {int} request(s)") { (world, times: Int) in
            world.backend.identityUnreachableLeft = times
        }
        steps.then("the app sends {int} request(s) to save his identity") { (world, count: Int) in
            try expect(world.backend.identityRequests.count, equals: count, "identity requests")
        }
        steps.then("after login the app sends a request to save his identity as the chat user {string}") {
            (world, userId: String) in
            try expect(world.backend.identityRequests, equals: [.registerIdentity(userId: userId, clientType: "iOS")])
            let login = try unwrap(
                world.backend.calls.firstIndex { if case .login = $0 { true } else { false } },
                "login was never called")
            let registration = try unwrap(world.backend.calls.firstIndex(of: world.backend.identityRequests[0]))
            try expect(registration > login, "the identity was registered before login: \(world.backend.calls)")
        }
        steps.then("the app sends a request to save his identity after each of the {int} logins") { (world, logins: Int) in
            let order = world.backend.calls.compactMap { call -> String? in
                switch call {
                case .login: "login"
                case .registerIdentity: "register"
                default: nil
                }
            }
            try expect(order, equals: Array(repeating: ["login", "register"], count: logins).flatMap { $0 })
        }
        steps.then("the app saves his identity {string} locally") { (world, identity: String) in
            try expect(world.backend.identity, equals: identity)
        }
        steps.then("every token request tells STS the token type {string} and the client id {string}") {
            (world, type: String, client: String) in
            let headers = world.backend.tokenRequestHeaders
            try expect(!headers.isEmpty, "no token request was sent")
            try expect(
                headers.map { [$0["cwt-token-type"], $0["cwt-client-id"]] }, equals: Array(repeating: [type, client], count: headers.count))
        }
        steps.then("the conversation belongs to the chat user {string}") { (world, userId: String) in
            try expect(world.conversation.userIds.last, equals: userId)
        }
        steps.then("the conversation was given the chat user of each of the {int} tokens STS gave") { (world, count: Int) in
            try expect(world.conversation.userIds.count, equals: count)
        }
        steps.then("the app sends no request to save his identity") { world in
            try expect(world.backend.identityRequests, equals: [])
        }
        steps.then("the app saves no identity locally") { world in try expect(world.backend.identity, equals: nil) }
        steps.when("the customer logs out of the chat") { world in
            do { try await world.preparer.logout(); world.logoutFailed = false } catch { world.logoutFailed = true }
        }
        steps.given("the customer has logged out of the chat") { world in try await world.preparer.logout() }
        steps.given("the chat client cannot log out") { world in world.backend.logoutFails = true }
        steps.then("the logout fails") { world in try expect(try unwrap(world.logoutFailed, "no logout"), "the logout succeeded") }
        steps.then("the app still has his app id, user token and identity saved") { world in
            try expect(world.backend.appId != nil, "the app id was forgotten")
            try expect(world.backend.token != nil, "the user token was forgotten")
            try expect(world.backend.identity != nil, "the identity was forgotten")
        }
        steps.then("the app has no app id, user token or identity saved") { world in
            try expect(world.backend.appId, equals: nil, "the saved app id")
            try expect(world.backend.token, equals: nil, "the saved user token")
            try expect(world.backend.identity, equals: nil, "the saved identity")
        }
    }

    static func registerTokenRenewal(_ steps: inout Steps<ChatPrepareWorld>) {
        steps.then("the app calls the STS API {int} time(s)") { (world, times: Int) in
            try expect(world.backend.tokenRequests.count, equals: times)
        }
        steps.when("the app renews the user token outside prepare\\(\\)") { world in
            do throws(ChatPrepareError) {
                world.renewal = .success(try await world.preparer.renewUserToken())
            } catch {
                world.renewal = .failure(error)
            }
        }
        steps.then("the renewal gives the new token from STS, saved locally") { world in
            let issued = try unwrap(world.backend.issuedTokens.last, "STS issued no token")
            guard case let .success(token) = try unwrap(world.renewal) else { throw fail("the renewal failed: \(world.renewal!)") }
            try expect(token, equals: issued)
            try expect(world.backend.token, equals: issued)
        }
        steps.then("the renewal fails because {string}") { (world, reason: String) in
            guard case let .failure(error) = try unwrap(world.renewal) else { throw fail("the renewal succeeded") }
            try expect(error.description, equals: reason)
        }
        steps.then("the token updated callback receives the new token") { world in
            let issued = try unwrap(world.backend.issuedTokens.last, "STS issued no token")
            try expect(world.updatedTokens, equals: [issued])
        }
        steps.then("the token updated callback receives each new token, in order") { world in
            try expect(world.backend.issuedTokens.count >= 2, "STS issued \(world.backend.issuedTokens.count) token(s)")
            try expect(world.updatedTokens, equals: world.backend.issuedTokens)
        }
        steps.then("the token updated callback is not called") { world in try expect(world.updatedTokens, equals: []) }
    }
}
