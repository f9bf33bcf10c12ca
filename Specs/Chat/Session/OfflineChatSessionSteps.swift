import Chat
import Foundation
import SpecRun

/// Steps of Features/chat/offline-session.feature (seed 003, offline chats and user change).
enum OfflineChatSessionSteps: StepLibrary {
    static let scope: String? = "@offline-session"

    static func register(_ steps: inout Steps<OfflineChatWorld>) {
        registerServer(&steps)
        registerHistory(&steps)
        registerSending(&steps)
        registerReadAndDelete(&steps)
        registerUserChange(&steps)
        registerServiceFailures(&steps)
    }

    private static func registerServer(_ steps: inout Steps<OfflineChatWorld>) {
        steps.given("the offline chat service") { world in _ = world.server }
        steps.given("the clock shows {string}") { (world, text: String) in world.now = try ISODate.parse(text) }
        steps.given("the visitor {string} has these offline chats on the server:") { (world, visitor: String, table: DataTable) in
            for row in table.hashes() {
                let name = row["chat"] ?? ""
                if world.chatIds[name] == nil {
                    world.chatIds[name] = world.server.addChat(token: visitor, createdAt: try ISODate.parse(row["created at"] ?? ""))
                }
                guard let kind = SessionMessage.Kind(rawValue: row["from"] ?? "") else {
                    throw fail("\"\(row["from"] ?? "")\" is not a message author: use visitor or operator")
                }
                world.server.addMessage(
                    to: try world.chatId(named: name), kind: kind, text: row["message"] ?? "",
                    date: try ISODate.parse(row["sent at"] ?? ""),
                    senderName: kind == .operator ? "Olga" : nil)
            }
        }
        steps.when("the operator {string} replies {string} in the chat {string} of {string}") {
            (world, operatorName: String, text: String, chat: String, _: String) in
            world.server.operatorReplies(text, inChat: try world.chatId(named: chat), operatorName: operatorName)
        }
        steps.when("the visitor {string} opens the offline chat {string} on another device with the message {string}") {
            (world, visitor: String, chat: String, text: String) in
            let id = world.server.addChat(token: visitor, createdAt: world.now)
            world.chatIds[chat] = id
            world.server.addMessage(to: id, kind: .visitor, text: text, date: world.now)
        }
        steps.when("the visitor {string} writes {string} in the offline chat {string} on another device") {
            (world, _: String, text: String, chat: String) in
            world.server.addMessage(to: try world.chatId(named: chat), kind: .visitor, text: text, date: world.now)
        }
        steps.when("the operator {string} answers {string} in the chat {string}, written at {string}") {
            (world, operatorName: String, text: String, chat: String, date: String) in
            world.server.addMessage(
                to: try world.chatId(named: chat), kind: .operator, text: text,
                date: try ISODate.parse(date), senderName: operatorName)
        }
        steps.when("an operator moves the chat {string} to the department {string}") { (world, chat: String, department: String) in
            world.server.moveChat(try world.chatId(named: chat), toDepartment: department)
        }
        steps.then("the offline chat {string} of {string} is for the department {string}") {
            (world, chat: String, visitor: String, department: String) in
            try expect(try world.chat(named: chat, of: visitor).departmentKey, equals: department)
        }
        steps.when("the visitor {string} reads the offline chat {string} on another device") {
            (world, visitor: String, chat: String) in
            try await world.server.perform(.markAsRead, chatId: try world.chatId(named: chat), token: visitor)
        }
        steps.when("the visitor {string} deletes the offline chat {string} on another device") {
            (world, visitor: String, chat: String) in
            try await world.server.perform(.delete, chatId: try world.chatId(named: chat), token: visitor)
        }
        steps.given("the next history answer also carries the message {string} for a chat it does not list") {
            (world, text: String) in
            world.server.includeInNextHistory(strayMessage: text, chatId: "unlisted-chat")
        }
        steps.given("the offline chat service is unreachable") { world in world.server.networkGoesDown() }
        steps.then("the request fails with {string}") { (world, message: String) in
            try expect(world.lastError?.description, equals: message)
        }
    }

    private static func registerHistory(_ steps: inout Steps<OfflineChatWorld>) {
        steps.when("{string} requests the offline history") { (world, visitor: String) in
            let session = world.session(of: visitor)
            await world.attempt { world.lastChanges = try await session.getHistory() }
        }
        steps.given("{string} has requested the offline history") { (world, visitor: String) in
            let session = world.session(of: visitor)
            do { try await session.getHistory() } catch { throw fail("the history request failed: \(error)") }
        }
        steps.when("{string} requests the full offline history") { (world, visitor: String) in
            let session = world.session(of: visitor)
            await world.attempt { world.lastChanges = try await session.getHistory(forced: true) }
        }
        steps.then("{string} sees these offline chats in this order:") { (world, visitor: String, table: DataTable) in
            let actual = world.session(of: visitor).chats.map { chat in
                [world.name(ofChat: chat.id), chat.messages.map(\.text).joined(separator: " / ")]
            }
            try expect(actual, equals: table.hashes().map { [$0["chat"] ?? "", $0["messages"] ?? ""] })
        }
        steps.then("{string} still sees the offline chats {string}") { (world, visitor: String, list: String) in
            try expect(world.session(of: visitor).chats.map { world.name(ofChat: $0.id) }, equals: world.names(list))
        }
        steps.then("the last request asked only for the changes since the previous one") { world in
            let requests = world.server.historyRequests
            try expect(requests.count >= 2, "expected two history requests, got \(requests.count)")
            try expect(requests.last?.since != nil, "the last request asked for the full history")
        }
        steps.then("the last request asked for the full history") { world in
            let last = try unwrap(world.server.historyRequests.last)
            try expectNil(last.since)
        }
        steps.then("the changes have no new chats") { world in
            try expect(try unwrap(world.lastChanges).newChats.map(\.id), equals: [])
        }
        steps.then("the changes have the new chats {string}") { (world, list: String) in
            try expect(try unwrap(world.lastChanges).newChats.map { world.name(ofChat: $0.id) }, equals: world.names(list))
        }
        steps.then("the changes have no modified chats") { world in
            try expect(try unwrap(world.lastChanges).modifiedChats.map { world.name(ofChat: $0.id) }, equals: [])
        }
        steps.then("the changes have the modified chats {string}") { (world, list: String) in
            try expect(!(try unwrap(world.lastChanges)).isEmpty, "changes with modified chats are reported empty")
            try expect(try unwrap(world.lastChanges).modifiedChats.map { world.name(ofChat: $0.id) }, equals: world.names(list))
        }
        steps.then("the changes have the new messages {string}") { (world, text: String) in
            try expect(try unwrap(world.lastChanges).messages.map(\.text), equals: [text])
        }
        steps.then("the new chat {string} in the changes holds the messages {string}") { (world, chat: String, texts: String) in
            let id = try world.chatId(named: chat)
            let new = try unwrap(world.lastChanges?.newChats.first { $0.id == id }, "the changes have no new chat \"\(chat)\"")
            try expect(new.messages.map(\.text).joined(separator: " / "), equals: texts)
        }
        steps.then("the new message belongs to the chat {string}") { (world, chat: String) in
            let message = try unwrap(world.lastChanges?.messages.last)
            let owner = try unwrap(world.session(of: world.lastVisitor).chat(for: message))
            try expect(world.name(ofChat: owner.id), equals: chat)
        }
        steps.then("the changes are empty") { world in
            let changes = try unwrap(world.lastChanges)
            try expect(changes.isEmpty, "expected no changes, got \(changes)")
        }
    }

    private static func registerSending(_ steps: inout Steps<OfflineChatWorld>) {
        steps.when("{string} sends {string} in the offline chat {string}") { (world, visitor: String, text: String, chat: String) in
            let existing = try world.chat(named: chat, of: visitor)
            let session = world.session(of: visitor)
            await world.attempt { world.lastReceipt = try await session.sendMessage(text, in: existing) }
            if let error = world.lastError { throw fail("sending failed: \(error)") }
        }
        steps.then("the chat the send returned holds the messages {string}") { (world, texts: String) in
            try expect(try unwrap(world.lastReceipt).chat.messages.map(\.text).joined(separator: " / "), equals: texts)
        }
        steps.when("{string} sends {string} in a new offline chat for the department {string}") {
            (world, visitor: String, text: String, department: String) in
            let session = world.session(of: visitor)
            await world.attempt { world.lastReceipt = try await session.sendMessage(text, in: nil, departmentKey: department) }
        }
        steps.when("{string} tries to send {string} in the offline chat {string} of {string}") {
            (world, visitor: String, text: String, chat: String, owner: String) in
            let theirs = try unwrap(world.server.chat(try world.chatId(named: chat)), "the service has no chat \"\(chat)\" of \(owner)")
            let session = world.session(of: visitor)
            await world.attempt { world.lastReceipt = try await session.sendMessage(text, in: theirs) }
        }
        steps.when("{string} tries to send the file {string} of type {string} in a new offline chat") {
            (world, visitor: String, name: String, type: String) in
            let session = world.session(of: visitor)
            await world.attempt { world.lastReceipt = try await session.sendFile(Data(count: 10), name: name, mimeType: type, in: nil) }
        }
        steps.then("nothing was sent to the offline chat service") { world in
            try expect(world.server.sendRequests.map(\.request), equals: [])
        }
        steps.then("the new offline chat has no unread answers") { world in
            try expect(!(try unwrap(world.lastReceipt).chat.hasUnreadMessages), "a chat the visitor just created is marked unread")
        }
        steps.when("{string} sends a PNG image of {int} bytes in a new offline chat") { (world, visitor: String, size: Int) in
            let session = world.session(of: visitor)
            await world.attempt { world.lastReceipt = try await session.sendImage(Data(count: size), type: .png, in: nil) }
        }
        steps.when("{string} sends the file {string} of type {string} and {int} bytes in the offline chat {string}") {
            (world, visitor: String, name: String, type: String, size: Int, chat: String) in
            let existing = try world.chat(named: chat, of: visitor)
            let session = world.session(of: visitor)
            await world.attempt {
                world.lastReceipt = try await session.sendFile(Data(count: size), name: name, mimeType: type, in: existing)
            }
            if let error = world.lastError { throw fail("sending failed: \(error)") }
        }
        steps.then("the file can be downloaded from its attachment URL") { world in
            let message = try unwrap(world.lastReceipt).message
            let url = try unwrap(world.session(of: world.lastVisitor).attachmentURL(for: message))
            try expect(url.lastPathComponent, equals: try unwrap(message.file).name)
        }
        steps.then("{string} has {int} offline chat(s)") { (world, visitor: String, count: Int) in
            try expect(world.session(of: visitor).chats.count, equals: count)
        }
        steps.then("the new offline chat is for the department {string} and holds {string}") { (world, department: String, text: String) in
            let chat = try unwrap(world.lastReceipt).chat
            try expect(chat.departmentKey, equals: department)
            try expect(chat.messages.map(\.text), equals: [text])
            try expect(world.session(of: world.lastVisitor).chats.map(\.id), equals: [chat.id])
        }
        steps.then("the chat service has that chat for {string}") { (world, visitor: String) in
            let chat = try unwrap(world.lastReceipt).chat
            try expect(world.server.chatIds(of: visitor).contains(chat.id), "the service has no chat \(chat.id) for \(visitor)")
        }
        steps.then("the new offline chat holds the visitor file {string} of type {string} and {int} bytes") {
            (world, name: String, type: String, size: Int) in
            let message = try unwrap(world.lastReceipt).message
            try expect(message.kind, equals: .fileFromVisitor)
            let file = try unwrap(message.file)
            try expect([file.name, file.mimeType], equals: [name, type])
            try expect(file.size, equals: size)
        }
    }

    private static func registerReadAndDelete(_ steps: inout Steps<OfflineChatWorld>) {
        steps.then("the offline chat {string} is unread") { (world, chat: String) in
            try expect(try world.chat(named: chat, of: world.lastVisitor).hasUnreadMessages, "the chat \"\(chat)\" is read")
        }
        steps.then("the offline chat {string} is read") { (world, chat: String) in
            try expect(!(try world.chat(named: chat, of: world.lastVisitor).hasUnreadMessages), "the chat \"\(chat)\" is unread")
        }
        steps.when("{string} marks the offline chat {string} as read") { (world, visitor: String, chat: String) in
            let existing = try world.chat(named: chat, of: visitor)
            let session = world.session(of: visitor)
            await world.attempt { try await session.markChatAsRead(existing) }
            if let error = world.lastError { throw fail("marking as read failed: \(error)") }
        }
        steps.when("{string} deletes the offline chat {string}") { (world, visitor: String, chat: String) in
            let existing = try world.chat(named: chat, of: visitor)
            let session = world.session(of: visitor)
            await world.attempt { try await session.deleteChat(existing) }
            if let error = world.lastError { throw fail("deleting failed: \(error)") }
        }
        steps.then("the chat service was asked to mark the chat {string} as read") { (world, chat: String) in
            let id = try world.chatId(named: chat)
            try expect(
                world.server.actionRequests.contains { $0.action == .markAsRead && $0.chatId == id },
                "the app did not ask the chat service to mark the chat \"\(chat)\" as read")
        }
        steps.then("the chat service no longer has the chat {string}") { (world, chat: String) in
            try expectNil(world.server.chat(try world.chatId(named: chat)))
        }
    }

    private static func registerUserChange(_ steps: inout Steps<OfflineChatWorld>) {
        steps.when("the app changes the user from {string} to {string}") { (world, previous: String, next: String) in
            do {
                _ = try await OfflineSession.changeUser(
                    from: world.session(of: previous), to: next, makeSession: { world.session(of: $0) }, cache: world.cache)
            } catch {
                throw fail("the new user's history request failed: \(error)")
            }
        }
        steps.when("the app tries to change the user from {string} to {string}") { (world, previous: String, next: String) in
            await world.attempt {
                _ = try await OfflineSession.changeUser(
                    from: world.session(of: previous), to: next, makeSession: { world.session(of: $0) }, cache: world.cache)
            }
        }
        steps.when("the stopped session of {string} requests the offline history") { (world, visitor: String) in
            let session = try unwrap(world.sessions[visitor])
            world.historyRequestsBefore = world.server.historyRequests.count
            await world.attempt { try await session.getHistory() }
        }
        steps.when("the stopped session of {string} sends {string} in the offline chat {string}") {
            (world, visitor: String, text: String, chat: String) in
            let session = try unwrap(world.sessions[visitor])
            let id = try world.chatId(named: chat)
            let existing = try unwrap(session.chats.first { $0.id == id }, "\(visitor) has no offline chat \"\(chat)\"")
            await world.attempt { try await session.sendMessage(text, in: existing) }
        }
        steps.when("the stopped session of {string} deletes the offline chat {string}") { (world, visitor: String, chat: String) in
            let session = try unwrap(world.sessions[visitor])
            let id = try world.chatId(named: chat)
            let existing = try unwrap(session.chats.first { $0.id == id }, "\(visitor) has no offline chat \"\(chat)\"")
            await world.attempt { try await session.deleteChat(existing) }
        }
        steps.then("no history request reached the offline chat service since the user change") { world in
            try expect(world.server.historyRequests.count, equals: try unwrap(world.historyRequestsBefore))
        }
        steps.then("the device caches no offline history") { world in
            try expectNil(world.cache.load(), "the offline history cached on the device")
        }
        steps.then("the offline history the device caches is that of {string}") { (world, visitor: String) in
            try expect(world.cache.load()?.token, equals: visitor, "whose offline history the device caches")
        }
        steps.when("the app clears the cached user data") { world in
            OfflineSession.clearCachedUserData(in: world.cache)
        }
        steps.when("an offline session for {string} is created without clearing the cached user data") { (world, visitor: String) in
            _ = world.session(of: visitor)
        }
        steps.when("{string} relaunches the app") { (world, visitor: String) in
            world.sessions[visitor] = OfflineSession(token: visitor, service: world.server, cache: world.cache)
        }
    }
}
