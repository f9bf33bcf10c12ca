import Chat
import Foundation
import SpecRun

/// Steps about how the session applies what the service pushes (edits, late events, restarts).
extension ChatSessionSteps {
    static func registerUpdates(_ steps: inout Steps<ChatSessionWorld>) {
        steps.when("the operator corrects that message to {string}") { (world, text: String) in
            world.server.operatorEditsLastMessage(to: text)
        }
        steps.then("the displayed chat holds the operator message {string} only once, and not {string}") {
            (world, text: String, old: String) in
            let texts = try unwrap(world.session.shownChat).messages.filter { $0.kind == .operator }.map(\.text)
            try expect(texts.filter { $0 == text }.count, equals: 1)
            try expect(!texts.contains(old), "the chat still shows \"\(old)\": \(texts)")
        }
        steps.then("the session holds no chat event after it was stopped") { world in
            try expect(world.session.currentOperator == nil, "the stopped session took the operator \(world.session.currentOperator?.name ?? "")")
            try expect(world.session.chat?.state, equals: .queue)
        }
    }
}
