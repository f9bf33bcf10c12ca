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
        steps.when("the chat service sends the message {string} of the kind {string} on the wire") {
            (world, text: String, kind: String) in
            world.server.sendMessage(text, wireKind: kind)
        }
        steps.then("the session received {string} as a message of the kind {string}") {
            (world, text: String, kind: String) in
            let message = try unwrap(world.receivedMessages.last, "no message was received")
            try expect([message.text, message.kind.rawValue], equals: [text, kind])
        }
        steps.then("the chat shows {string} written by {string}") { (world, text: String, author: String) in
            let rows = ChatScreenPresenter.map(world.session).messages
            try expect(rows.last.map { [$0.author, $0.text] }, equals: [author, text])
        }
        steps.then("the session's chat state is {string}") { (world, state: String) in
            try expect(try unwrap(world.session.chat, "the session has no chat").state.rawValue, equals: state)
        }
        steps.given("the chat service answers the next request with the error {string}") { (world, code: String) in
            world.server.failNextRequest(withServiceError: code)
        }
        steps.when("the operator sends the file {string} of type {string} and {int} bytes, {int}×{int} pixels") {
            (world, name: String, type: String, size: Int, width: Int, height: Int) in
            world.server.operatorSendsFile(
                name: name, mimeType: type, size: size,
                imageSize: SessionImageSize(width: width, height: height))
        }
        steps.then("the received file is an image of {int}×{int} pixels") { (world, width: Int, height: Int) in
            let file = try unwrap(world.receivedMessages.last?.file, "no file was received")
            try expect(file.imageSize, equals: SessionImageSize(width: width, height: height))
        }
        steps.then("the received file has no image size") { world in
            let file = try unwrap(world.receivedMessages.last?.file, "no file was received")
            try expectNil(file.imageSize, "the image size")
        }
        steps.then("the chat has unread messages") { world in
            try expect(try unwrap(world.session.chat, "the session has no chat").hasUnreadMessages, "the chat is read")
        }
        steps.then("the chat has no unread messages") { world in
            try expect(!(try unwrap(world.session.chat, "the session has no chat").hasUnreadMessages), "the chat is unread")
        }
        steps.when("the visitor reads the chat") { world in
            await world.attempt { try await world.session.markChatRead() }
        }
        steps.then("the chat service was not told the chat was read") { world in
            try expect(world.server.readMarks, equals: 0, "times the service was told the chat was read")
        }
        steps.then("the chat service was told the chat was read") { world in
            try expect(world.server.readMarks, equals: 1)
        }
        steps.when("the visitor reads the chat on another device") { world in world.server.visitorReadsChatElsewhere() }
        steps.when("{int} second(s) pass(es)") { (world, seconds: Int) in
            world.now = world.now.addingTimeInterval(TimeInterval(seconds))
            await world.timer.advance(by: TimeInterval(seconds))
        }
        steps.when("{int} second(s) pass(es) on the clock while the session's timer is late") { (world, seconds: Int) in
            world.now = world.now.addingTimeInterval(TimeInterval(seconds))
        }
        steps.when("the session's timer fires") { world in
            await world.timer.advance(by: 60)
        }
        steps.then("the chat service received {int} typing update(s)") { (world, count: Int) in
            let updates = world.server.receivedRequests.filter { if case .setComposing = $0 { true } else { false } }
            try expect(updates.count, equals: count, "typing updates \(updates)")
        }
        steps.then("the last typing update carried no draft") { world in
            let last = world.server.receivedRequests.last { if case .setComposing = $0 { true } else { false } }
            guard case let .setComposing(_, draft) = try unwrap(last, "no typing update was sent") else { return }
            try expectNil(draft, "the draft sent again")
        }
        steps.then("the session connected to the chat service {int} time(s)") { (world, times: Int) in
            try expect(world.server.connections, equals: times)
        }
        steps.then("the session closed the lost connection before connecting again") { world in
            try expect(world.server.connectionsLeftOpen, equals: 0, "connections left open")
        }
    }
}
