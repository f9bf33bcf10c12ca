import Chat
import Foundation
import SpecRun

extension RiderChatSteps {
    // MARK: Sending (AC-002, AC-006, AC-007, input rules)

    static func registerSending(_ steps: inout Steps<RiderChatWorld>) {
        let sendAccepted: @Sendable (RiderChatWorld, String, String) async throws -> Void = { world, name, text in
            let outcome = try await world.send(name, text)
            if case let .refused(reason) = outcome { throw fail("\(name)'s message was refused: \(reason)") }
        }
        steps.when("{word} sends {string}") { (world, name: String, text: String) in
            try await sendAccepted(world, name, text)
        }
        steps.when("{word} sends a message of {int} characters") { (world, name: String, length: Int) in
            try await sendAccepted(world, name, world.makeMessage(length: length))
        }
        steps.when("{word} tries to send {string}") { (world, name: String, text: String) in
            _ = try await world.send(name, text)
        }
        steps.when("{word} tries to send a message of {int} characters") { (world, name: String, length: Int) in
            _ = try await world.send(name, world.makeMessage(length: length))
        }
        steps.when(regex: #"^(\w+) tries to send (an empty message|a message of only spaces|a message of only spaces and line breaks)$"#) {
            (world, name: String, kind: String) in
            let text =
                ["an empty message": "", "a message of only spaces": "     ", "a message of only spaces and line breaks": " \n\t \n "][kind]
                ?? ""
            _ = try await world.send(name, text)
        }
        steps.then("the message is refused with the reason {string}") { (world, reason: String) in
            try expect(world.lastOutcome, equals: .refused(reason: reason))
            let name = try unwrap(world.lastSender)
            try expect(try await world.viewModel(name).notice, equals: reason, "the reason \(name) sees")
        }
        steps.when("{word} picks the quick reply {string}") { (world, name: String, reply: String) in
            let app = try await world.app(name)
            try expect(
                app.client.viewModel().quickReplies.contains(reply),
                "\"\(reply)\" is not among \(name)'s quick replies \(app.client.viewModel().quickReplies)")
            let outcome = await app.client.sendQuickReply(reply)
            try expect(outcome, equals: .sent, "the quick reply's outcome")
        }
        steps.then("{word} is offered these quick replies:") { (world, name: String, table: DataTable) in
            let viewModel = try await world.viewModel(name)
            try expect(viewModel.isQuickRepliesEnabled, "the quick replies button should be enabled for \(name)")
            try expect(viewModel.quickReplies, equals: table.rows.map { $0[0] })
        }
        steps.then("{word} is offered no quick replies") { (world, name: String) in
            let viewModel = try await world.viewModel(name)
            try expect(
                !viewModel.isQuickRepliesEnabled && viewModel.quickReplies.isEmpty,
                "\(name) should be offered no quick replies, got \(viewModel.quickReplies)")
        }

        steps.then("the app of {word} sent nothing to the chat service") { (world, name: String) in
            try expect(try await world.app(name).network.sendsAttempted, equals: 0, "messages handed to the network")
        }
        steps.then("{word} sees {string} marked {string}, to be resent automatically") {
            (world, name: String, text: String, status: String) in
            let row = try await world.row(name, text: text)
            try expect(row.status, equals: status)
            try expect(row.willResend, "\"\(text)\" is not resent automatically")
        }
        steps.then("{word} sees {string} marked {string}, not to be resent") { (world, name: String, text: String, status: String) in
            let row = try await world.row(name, text: text)
            try expect(row.status, equals: status)
            try expect(!row.willResend, "\"\(text)\" would be resent automatically")
        }

        steps.given("the phones are in the time zone {string}") { (world, identifier: String) in
            world.timeZone = try unwrap(TimeZone(identifier: identifier), "no time zone \"\(identifier)\"")
        }

        // Connectivity (AC-006)
        steps.given("the device of {word} loses its internet connection") { (world, name: String) in
            let app = try await world.app(name)
            app.network.isOnline = false
            app.disconnectLive()
            await app.client.connectivityChanged(isOnline: false)
        }
        steps.given("the network of {word} is back before her/his/their app notices it") { (world, name: String) in
            let app = try await world.app(name)
            app.network.isOnline = true
        }
        steps.when("connectivity is restored for {word}") { (world, name: String) in
            let app = try await world.app(name)
            app.network.isOnline = true
            if app.subscription == nil { app.reconnectLive() }
            await app.client.connectivityChanged(isOnline: true)
        }
        steps.given("the connection of {word} drops right after the chat service receives her/his/their next message") {
            (world, name: String) in
            try await world.app(name).network.dropNextReply = true
        }
        steps.given("the phone of {word} reports connectivity again while the next message is on its way") { (world, name: String) in
            let app = try await world.app(name)
            app.network.onceWhileSending = { [weak app] in await app?.client.connectivityChanged(isOnline: true) }
        }
        steps.then("the app of {word} handed {int} message(s) to the network") { (world, name: String, count: Int) in
            try expect(try await world.app(name).network.sendsAttempted, equals: count, "messages handed to the network")
        }
        steps.given("the chat service is slow to answer {word}") { (world, name: String) in
            let app = try await world.app(name)
            app.network.whileSending = { [weak app] in
                guard let app else { return }
                app.rowsSeenWhileSending = app.client.viewModel(timeZone: world.timeZone).rows
            }
        }
        steps.then("while it is on its way {word} sees {string} marked {string}") { (world, name: String, text: String, status: String) in
            let rows = try unwrap(world.apps[name]).rowsSeenWhileSending
            let row = try unwrap(rows.first { $0.text == text }, "\(name) saw \(rows.map(\.text)) while the message was on its way")
            try expect(row.status, equals: status)
        }
    }
}
