import Chat
import Foundation
import SpecRun

/// Steps of Features/chat/offline-session.feature about a service that is not ready or fails with an HTTP status.
extension OfflineChatSessionSteps {
    static func registerServiceFailures(_ steps: inout Steps<OfflineChatWorld>) {
        steps.given("the offline chat service is not ready for the next {int} history request(s)") { (world, count: Int) in
            world.server.failNextHistoryRequests(with: Array(repeating: ChatServiceError(code: "server-not-ready"), count: count))
        }
        steps.given("the offline chat service lost the visitor's session for the next {int} history request(s)") {
            (world, count: Int) in
            world.server.failNextHistoryRequests(with: Array(repeating: ChatServiceError(code: "reinit-required"), count: count))
        }
        steps.then("the session did not wait between the tries") { world in try expect(world.waits, equals: []) }
        steps.given("the offline chat service fails the next history request with HTTP {int}") { (world, status: Int) in
            world.server.failNextHistoryRequests(with: [ChatServiceHTTPError(statusCode: status)])
        }
        steps.then("{string} asked for the offline history {int} time(s) in all") { (world, visitor: String, times: Int) in
            try expect(world.server.historyRequests.filter { $0.token == visitor }.count, equals: times)
        }
        steps.then("the session waited {int} s, then {int} s between the tries") { (world, first: Int, second: Int) in
            try expect(world.waits, equals: [TimeInterval(first), TimeInterval(second)])
        }
    }
}
