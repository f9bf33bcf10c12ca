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
        steps.then("the app lets the visitor rate the operator") { world in
            try expect(ChatScreenPresenter.map(world.session).canRateOperator, "the app does not offer to rate the operator")
        }
        steps.when("the app shows the chat screen") { world in
            world.shownScreen = ChatScreenPresenter.map(world.session)
        }
        steps.then("the app does not let the visitor rate an operator") { world in
            let screen = world.shownScreen ?? ChatScreenPresenter.map(world.session)
            try expect(!screen.canRateOperator, "the app offers to rate an operator")
        }
        steps.then("the chat service no longer has the visitor connected") { world in
            try expect(!world.server.isConnected, "the stopped session is still connected to the chat service")
        }
        steps.then("the session holds no chat event after it was stopped") { world in
            try expect(
                world.session.currentOperator == nil, "the stopped session took the operator \(world.session.currentOperator?.name ?? "")")
            try expect(world.session.chat?.state, equals: .queue)
        }
    }
}
