import Chat
import Foundation
import SpecRun

/// Steps of Features/chat/session.feature (seed 003, the realtime session).
enum ChatSessionSteps: StepLibrary {
    static let scope: String? = "@session"

    static func register(_ steps: inout Steps<ChatSessionWorld>) {
        registerLifeCycle(&steps)
        registerChat(&steps)
        registerMessages(&steps)
        registerOperator(&steps)
        registerConnection(&steps)
        registerScreen(&steps)
        registerUpdates(&steps)
        registerWire(&steps)
    }

    /// What the visitor sees: `ChatScreenPresenter` over the session.
    private static func registerScreen(_ steps: inout Steps<ChatSessionWorld>) {
        steps.then("the app offers to start a chat") { world in
            let screen = ChatScreenPresenter.map(world.session)
            try expect(screen.canStartChat, "the app does not offer to start a chat: \(screen)")
            try expectNil(screen.availabilityNotice)
        }
        steps.then("the app does not offer to start another chat, and says nothing about the operators") { world in
            let screen = ChatScreenPresenter.map(world.session)
            try expect(!screen.canStartChat, "the app offers to start a chat")
            try expectNil(screen.availabilityNotice)
        }
        steps.then("the app does not offer to start a chat and says {string}") { (world, notice: String) in
            let screen = ChatScreenPresenter.map(world.session)
            try expect(!screen.canStartChat, "the app offers to start a chat")
            try expect(screen.availabilityNotice, equals: notice)
        }
        steps.then("the app shows these messages:") { (world, table: DataTable) in
            let rows = ChatScreenPresenter.map(world.session).messages.map { [$0.author, $0.text] }
            try expect(rows, equals: table.hashes().map { [$0["author"] ?? "", $0["text"] ?? ""] })
        }
        steps.then("the app shows the title {string}") { (world, title: String) in
            try expect(ChatScreenPresenter.map(world.session).title, equals: title)
        }
        steps.then("the app shows the attachment {string} from {string}") { (world, attachment: String, author: String) in
            let row = try unwrap(ChatScreenPresenter.map(world.session).messages.last)
            try expect(row.attachment, equals: attachment)
            try expect(row.author, equals: author)
        }
        steps.then("the app shows {string}") { (world, indicator: String) in
            try expect(ChatScreenPresenter.map(world.session).typingIndicator, equals: indicator)
        }
        steps.then("the app shows no typing indicator") { world in
            try expectNil(ChatScreenPresenter.map(world.session).typingIndicator)
        }
        steps.then("the app shows the banner {string}") { (world, banner: String) in
            try expect(ChatScreenPresenter.map(world.session).connectionBanner, equals: banner)
        }
        steps.then("the app shows no connection banner") { world in
            try expectNil(ChatScreenPresenter.map(world.session).connectionBanner)
        }
        steps.then("the app does not let the visitor send messages") { world in
            try expect(!ChatScreenPresenter.map(world.session).canSendMessages, "the app lets the visitor send messages")
        }
        steps.then("the app lets the visitor send messages") { world in
            try expect(ChatScreenPresenter.map(world.session).canSendMessages, "the app does not let the visitor send messages")
        }
        steps.when("the app registers the device token {string} for push notifications") { (world, token: String) in
            await world.attempt { try await world.session.setDeviceToken(token) }
        }
        steps.then("the chat service can notify the device {string}") { (world, token: String) in
            try expectNil(world.lastError)
            try expect(world.server.deviceToken, equals: token)
        }
    }

    private static func registerLifeCycle(_ steps: inout Steps<ChatSessionWorld>) {
        steps.given("the chat service for account {string} and location {string}") { (world, account: String, location: String) in
            world.configuration = SessionConfiguration(accountName: account, location: location)
        }
        steps.given("operators are online") { world in world.server.setOnlineStatus(.online) }
        steps.given("the visitor identifies as {string} with email {string}") { (world, name: String, email: String) in
            world.configuration = SessionConfiguration(
                accountName: world.configuration.accountName, location: world.configuration.location,
                visitorFields: [.displayName: name, .email: email])
        }
        steps.when("the visitor starts the session") { world in await world.attempt { try await world.session.start() } }
        steps.given("the visitor has started the session") { world in
            try await world.mustSucceed("starting the session") { try await world.session.start() }
        }
        steps.when("the visitor refreshes the session") { world in await world.attempt { try await world.session.refresh() } }
        steps.when("the visitor refreshes the session without starting it") { world in
            await world.attempt { try await world.session.refresh() }
        }
        steps.when("the visitor stops the session") { world in
            world.session.stop()
            world.eventCountAtStop = world.events.count
        }
        steps.when("the chat service sends a full update") { world in world.server.pushFullUpdate() }
        steps.then("the session receives a full update") { world in try expect(world.fullUpdates, equals: 1) }
        steps.then("the session receives {int} full update(s)") { (world, count: Int) in try expect(world.fullUpdates, equals: count) }
        steps.then("the session receives no event after it was stopped") { world in
            let atStop = try unwrap(world.eventCountAtStop)
            try expect(Array(world.events.dropFirst(atStop)), equals: [])
        }
        steps.then("the request fails with {string}") { (world, message: String) in
            try expect(world.lastError?.description, equals: message)
        }
        steps.then("the rating succeeds") { world in try expectNil(world.lastError, "the rating's error") }
        steps.then("the online status is {string}") { (world, status: String) in
            try expect(world.session.onlineStatus?.rawValue, equals: status)
        }
        steps.then("the connection status is {string}") { (world, status: String) in
            try expect(world.session.connectionStatus.rawValue, equals: status)
        }
        steps.then("the chat service knows the visitor as {string} with email {string}") { (world, name: String, email: String) in
            let fields = try unwrap(world.server.connectedConfiguration).visitorFields
            try expect(fields[.displayName], equals: name)
            try expect(fields[.email], equals: email)
        }
        steps.when("the app configures the session with the account {string}") { (world, account: String) in
            world.configuration = SessionConfiguration(accountName: account, location: "mobile")
        }
        steps.then("the session connected to the chat service at {string}") { (world, url: String) in
            try expectNil(world.lastError)
            try expect(
                try unwrap(world.server.connectedConfiguration, "the session never connected").serviceURL?.absoluteString, equals: url)
        }
        steps.when("the chat service reports the online status {string}") { (world, status: String) in
            world.server.setOnlineStatus(try ChatSessionWorld.onlineStatus(status))
        }
    }

    private static func registerChat(_ steps: inout Steps<ChatSessionWorld>) {
        steps.given("the visitor already has a chat in state {string} with the operator {string} and these messages:") {
            (world, state: String, name: String, table: DataTable) in
            let messages = try table.hashes().map { row in (try ChatSessionWorld.kind(row["from"] ?? ""), row["text"] ?? "") }
            world.server.restoreChat(
                state: try ChatSessionWorld.state(state), operator: world.chatOperator(named: name), messages: messages)
        }
        steps.then("no chat is displayed") { world in try expectNil(world.session.shownChat) }
        steps.then("the chat is displayed") { world in
            try expect(world.session.shownChat != nil, "the chat is not displayed (state \(world.session.chat?.state.rawValue ?? "none"))")
            try expect(ChatScreenPresenter.map(world.session).isChatVisible, "the app hides the chat")
        }
        steps.then("the chat is not displayed") { world in
            try expect(world.session.shownChat == nil, "the chat is displayed in state \(world.session.chat?.state.rawValue ?? "none")")
            try expect(!ChatScreenPresenter.map(world.session).isChatVisible, "the app shows the chat")
        }
        steps.then("the displayed chat is in state {string}") { (world, state: String) in
            try expect(try unwrap(world.session.shownChat).state.rawValue, equals: state)
        }
        steps.then("the displayed chat is in state {string} with these messages:") { (world, state: String, table: DataTable) in
            let chat = try unwrap(world.session.shownChat)
            try expect(chat.state.rawValue, equals: state)
            try expect(
                chat.messages.map { [$0.kind.rawValue, $0.text] }, equals: table.hashes().map { [$0["from"] ?? "", $0["text"] ?? ""] })
        }
        steps.when("the visitor starts a chat") { world in
            await world.attempt { world.startedChatId = try await world.session.startChat() }
        }
        steps.given("the visitor has started a chat") { world in
            try await world.mustSucceed("starting a chat") { world.startedChatId = try await world.session.startChat() }
        }
        steps.when("the visitor starts a chat with client-side id {string}") { (world, id: String) in
            await world.attempt { world.startedChatId = try await world.session.startChat(clientSideId: id) }
        }
        steps.then("the request returns the client-side id {string}") { (world, id: String) in
            try expect(world.startedChatId, equals: id)
        }
        steps.then("the chat-started callback carries the client-side id returned by the request") { world in
            let returned = try unwrap(world.startedChatId)
            try expect(lastChatStartedId(world), equals: returned)
        }
        steps.then("the chat-started callback carries the client-side id {string}") { (world, id: String) in
            try expect(lastChatStartedId(world), equals: id)
        }
        steps.given("the visitor has closed the chat") { world in
            try await world.mustSucceed("closing the chat") { try await world.session.closeChat() }
        }
        steps.when("the visitor closes the chat") { world in await world.attempt { try await world.session.closeChat() } }
        steps.step("the operator closes the chat") { world in world.server.operatorClosesChat() }
        steps.then("the session is told the chat state is {string}") { (world, state: String) in
            let last = world.events.compactMap { if case let .chatStateChanged(state) = $0 { state } else { nil } }.last
            try expect(last?.rawValue, equals: state)
        }
        steps.then("nothing was sent to the chat service") { world in
            let sent = world.server.receivedRequests.filter { request in
                switch request {
                case .sendMessage, .sendFile, .rateOperator, .closeChat: true
                default: false
                }
            }
            try expect(sent, equals: [])
        }
    }

    private static func registerMessages(_ steps: inout Steps<ChatSessionWorld>) {
        steps.when("the visitor sends the message {string} with client-side id {string}") { (world, text: String, id: String) in
            world.sendResults.append(await world.session.sendMessage(text, clientSideId: id))
        }
        steps.when("the visitor sends the message {string}") { (world, text: String) in
            world.sendResults.append(await world.session.sendMessage(text))
        }
        steps.when("the visitor sends the file {string} of type {string} and {int} bytes with client-side id {string}") {
            (world, name: String, type: String, size: Int, id: String) in
            world.sendResults.append(await world.session.sendFile(Data(count: size), name: name, mimeType: type, clientSideId: id))
        }
        steps.then("the message {string} succeeds") { (world, id: String) in
            try expect(try world.result(for: id), equals: .sent(clientSideId: id))
        }
        steps.then("the message succeeds with the client-side id returned by the request") { world in
            let generated = try unwrap(world.generatedIds.last)
            try expect(world.sendResults.last, equals: .sent(clientSideId: generated))
        }
        steps.then("the message {string} fails with {string}") { (world, id: String, message: String) in
            guard case let .failed(_, error) = try world.result(for: id) else { throw fail("the message \"\(id)\" succeeded") }
            try expect(error.description, equals: message)
        }
        steps.then("the visitor receives their own message {string} with client-side id {string}") { (world, text: String, id: String) in
            let message = try unwrap(world.receivedMessages.last)
            try expect(message.kind, equals: .visitor)
            try expect(message.text, equals: text)
            try expect(message.clientSideId, equals: id)
        }
        steps.then("the visitor receives their own file {string} of type {string} and {int} bytes") {
            (world, name: String, type: String, size: Int) in
            try expectFile(world, kind: .fileFromVisitor, name: name, type: type, size: size)
        }
        steps.then("the visitor receives the operator file {string} of type {string} and {int} bytes") {
            (world, name: String, type: String, size: Int) in
            try expectFile(world, kind: .fileFromOperator, name: name, type: type, size: size)
        }
        steps.then("the file can be downloaded from its attachment URL") { world in
            let message = try unwrap(world.receivedMessages.last)
            let url = try unwrap(world.session.attachmentURL(for: message))
            try expect(url.lastPathComponent, equals: try unwrap(message.file).name)
        }
        steps.when("the operator replies {string}") { (world, text: String) in world.server.operatorReplies(text) }
        steps.when("the operator sends the file {string} of type {string} and {int} bytes") {
            (world, name: String, type: String, size: Int) in
            world.server.operatorSendsFile(name: name, mimeType: type, size: size)
        }
        steps.when("the chat service posts the system message {string}") { (world, text: String) in world.server.systemMessage(text) }
        steps.then("the visitor receives the operator message {string}") { (world, text: String) in
            let message = try unwrap(world.receivedMessages.last)
            try expect(message.kind, equals: .operator)
            try expect(message.text, equals: text)
        }
        steps.then("the visitor receives the system message {string}") { (world, text: String) in
            let message = try unwrap(world.receivedMessages.last)
            try expect(message.kind, equals: .system)
            try expect(message.text, equals: text)
        }
        steps.then("that message is from the operator {string} with id {string} and avatar {string}") {
            (world, name: String, id: String, avatar: String) in
            let message = try unwrap(world.receivedMessages.last)
            try expect(message.senderName, equals: name)
            try expect(message.senderUID, equals: id)
            try expect(message.senderAvatarURL?.absoluteString, equals: avatar)
        }
    }

    private static func registerOperator(_ steps: inout Steps<ChatSessionWorld>) {
        steps.step("the operator {string} takes the chat") { (world, name: String) in
            world.server.operatorTakesChat(world.chatOperator(named: name))
        }
        steps.step("the operator {string} with id {string} and avatar {string} takes the chat") {
            (world, name: String, id: String, avatar: String) in
            let chatOperator = SessionOperator(id: id, name: name, avatarURL: URL(string: avatar))
            world.operators[name] = chatOperator
            world.server.operatorTakesChat(chatOperator)
        }
        steps.then("the session is told the operator is {string} with id {string} and avatar {string}") {
            (world, name: String, id: String, avatar: String) in
            let updates = world.events.compactMap { if case let .operatorUpdated(op) = $0 { op } else { nil } }
            let last = try unwrap(updates.last)
            try expect(last, equals: SessionOperator(id: id, name: name, avatarURL: URL(string: avatar)))
            try expect(world.session.currentOperator, equals: last)
        }
        steps.when("the operator starts typing") { world in world.server.operatorTyping(true) }
        steps.when("the operator stops typing") { world in world.server.operatorTyping(false) }
        steps.then("the visitor sees that the operator is typing") { world in
            try expect(world.session.isOperatorTyping, "the operator is not shown as typing")
        }
        steps.when("the app creates the session without starting it") { world in
            _ = world.session
        }
        steps.then("the visitor sees that the operator is not typing") { world in
            try expect(!world.session.isOperatorTyping, "the operator is still shown as typing")
        }
        steps.when("the visitor tries to type the draft {string}") { (world, draft: String) in
            await world.attempt { try await world.session.setComposingMessage(true, draft: draft) }
        }
        steps.when("the visitor is composing the draft {string}") { (world, draft: String) in
            try await world.mustSucceed("composing") { try await world.session.setComposingMessage(true, draft: draft) }
        }
        steps.when("the visitor stops composing with an empty draft") { world in
            try await world.mustSucceed("composing") { try await world.session.setComposingMessage(false, draft: "") }
        }
        steps.then("the operator sees the visitor typing {string}") { (world, draft: String) in
            try expect(world.server.isVisitorTyping, "the visitor is not shown as typing to the operator")
            try expect(world.server.visitorDraft, equals: draft)
        }
        steps.then("the operator sees the visitor is not typing and no draft") { world in
            try expect(!world.server.isVisitorTyping, "the visitor is still shown as typing")
            try expectNil(world.server.visitorDraft)
        }
        steps.when("the visitor rates the operator {string} with {int} stars") { (world, name: String, stars: Int) in
            let id = world.chatOperator(named: name).id
            await world.attempt { try await world.session.rateOperator(id, rate: stars) }
        }
        steps.when("the visitor rates the operator with id {string} with {int} stars") { (world, id: String, stars: Int) in
            await world.attempt { try await world.session.rateOperator(id, rate: stars) }
        }
        steps.then("the chat service receives the rate {int} for the operator {string}") { (world, rate: Int, id: String) in
            try expectNil(world.lastError)
            try expect(world.server.ratings[id], equals: rate)
        }
    }

    private static func registerConnection(_ steps: inout Steps<ChatSessionWorld>) {
        steps.given("the network is unreachable") { world in world.server.networkGoesDown() }
        steps.when("the network becomes unreachable") { world in world.server.networkGoesDown() }
        steps.when("the network is reachable again") { world in world.server.networkComesBack() }
        steps.then("the session is told the connection status is {string}") { (world, status: String) in
            let last = world.events.compactMap { if case let .connectionStatusChanged(status) = $0 { status } else { nil } }.last
            try expect(last?.rawValue, equals: status)
            try expect(world.session.connectionStatus.rawValue, equals: status)
        }
        steps.then("the session receives the error {string}") { (world, message: String) in
            let last = world.events.compactMap { if case let .error(error) = $0 { error } else { nil } }.last
            try expect(last?.description, equals: message)
        }
    }

    private static func lastChatStartedId(_ world: ChatSessionWorld) -> String? {
        world.events.compactMap { if case let .chatStarted(_, id) = $0 { id } else { nil } }.last
    }

    private static func expectFile(_ world: ChatSessionWorld, kind: SessionMessage.Kind, name: String, type: String, size: Int) throws {
        let message = try unwrap(world.receivedMessages.last)
        try expect(message.kind, equals: kind)
        let file = try unwrap(message.file)
        try expect(file.name, equals: name)
        try expect(file.mimeType, equals: type)
        try expect(file.size, equals: size)
    }
}
