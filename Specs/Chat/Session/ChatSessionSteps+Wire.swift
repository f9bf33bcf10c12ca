import Chat
import Foundation
import SpecRun

/// Steps where the service speaks its wire strings (states, statuses, errors) and the session maps them.
extension ChatSessionSteps {
    static func registerWire(_ steps: inout Steps<ChatSessionWorld>) {
        steps.when("the chat service reports the visit session state {string}") { (world, wire: String) in
            world.server.reportVisitSessionState(wireValue: wire)
        }
        steps.then("the visit session state is {string}") { (world, state: String) in
            try expect(world.session.visitSessionState.rawValue, equals: state)
        }
        steps.when("the chat service reports the online status {string} on the wire") { (world, wire: String) in
            world.server.reportOnlineStatus(wireValue: wire)
        }
        steps.when("the chat service reports the chat state {string} on the wire") { (world, wire: String) in
            world.server.reportChatState(wireValue: wire)
        }
        steps.then("the session's chat state is {string}") { (world, state: String) in
            try expect(try unwrap(world.session.chat, "the session has no chat").state.rawValue, equals: state)
        }
        steps.given("the chat service answers the next request with the error {string}") { (world, code: String) in
            world.server.failNextRequest(withServiceError: code)
        }
        steps.then("the session connected to the chat service {int} time(s)") { (world, times: Int) in
            try expect(world.server.connections, equals: times)
        }
    }
}
