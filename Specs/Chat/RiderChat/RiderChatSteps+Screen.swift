import Chat
import Foundation
import SpecRun

extension RiderChatSteps {
    // MARK: What the chat screen shows

    static func registerScreen(_ steps: inout Steps<RiderChatWorld>) {
        steps.then("{word} sees {string} on the right at {string} marked {string}") {
            (world, name: String, text: String, time: String, status: String) in
            let row = try await world.row(name, text: text)
            try expect(row.alignment, equals: .right, "side of \"\(text)\"")
            try expect(row.time, equals: time, "time of \"\(text)\"")
            try expect(row.status, equals: status, "status of \"\(text)\"")
        }
        steps.then("{word} sees {string} on the left at {string}") { (world, name: String, text: String, time: String) in
            let row = try await world.row(name, text: text)
            try expect(row.alignment, equals: .left, "side of \"\(text)\"")
            try expect(row.time, equals: time, "time of \"\(text)\"")
            try expectNil(row.status, "the other party's messages carry no sending status")
        }
        steps.then("{word} sees the message {string} from {string}") { (world, name: String, text: String, sender: String) in
            try expect(try await world.row(name, text: text).senderName, equals: sender)
        }
        steps.then("{word} sees the system message {string}") { (world, name: String, text: String) in
            let row = try await world.row(name, text: text)
            try expect(row.alignment, equals: .center, "a system message is centred")
            try expect(row.senderName, equals: "System")
        }
        steps.then("{word} can still read {string}") { (world, name: String, text: String) in
            _ = try await world.row(name, text: text)
        }
        steps.then("{word} sees the conversation:") { (world, name: String, table: DataTable) in
            let rows = try await world.viewModel(name).rows
            let actual = rows.map { [$0.senderName, $0.text, $0.time, $0.alignment.rawValue] }
            try expect(actual, equals: Array(table.dataRows))
        }
        steps.then("{word} sees {string} at the top of the chat") { (world, name: String, title: String) in
            try expect(try await world.viewModel(name).title, equals: title)
        }
        steps.then("{word} sees {string} under the header") { (world, name: String, subtitle: String) in
            try expect(try await world.viewModel(name).subtitle, equals: subtitle)
        }
        steps.then("the message input and the Send button are disabled for {word}") { (world, name: String) in
            let viewModel = try await world.viewModel(name)
            try expect(!viewModel.isInputEnabled && !viewModel.isSendEnabled, "input and Send should be disabled for \(name)")
        }
        steps.then("the message input and the Send button are enabled for {word}") { (world, name: String) in
            let viewModel = try await world.viewModel(name)
            try expect(
                viewModel.isInputEnabled && viewModel.isSendEnabled,
                "input and Send should be enabled for \(name); notice: \(viewModel.notice ?? "none")")
        }
        steps.then("the input of {word} shows {string}") { (world, name: String, placeholder: String) in
            try expect(try await world.viewModel(name).inputPlaceholder, equals: placeholder)
        }
        steps.then("the input of {word} accepts at most {int} characters") { (world, name: String, limit: Int) in
            try expect(try await world.viewModel(name).characterLimit, equals: limit)
        }
        steps.when("{word} types a message of {int} characters") { (world, name: String, length: Int) in
            try await world.app(name).client.type(length == 0 ? "" : world.makeMessage(length: length))
        }
        steps.then("the counter under the input of {word} shows {string}") { (world, name: String, counter: String) in
            try expect(try await world.viewModel(name).characterCounter, equals: counter)
        }
        steps.then("{word} is told {string}") { (world, name: String, message: String) in
            try expect(try await world.viewModel(name).notice, equals: message)
        }
        steps.then("the chat screen of {word} labels its controls:") { (world, name: String, table: DataTable) in
            let labels = try await world.viewModel(name).accessibility
            let actual = [
                "message input": labels.messageInput, "send button": labels.sendButton,
                "quick replies": labels.quickRepliesButton, "older": labels.loadOlderMessages,
            ]
            for row in table.hashes() {
                let control = row["control"] ?? ""
                try expect(
                    try unwrap(actual[control], "unknown control \"\(control)\"; use one of \(actual.keys.sorted())"),
                    equals: row["label"] ?? "", "label of the \(control)")
            }
        }
    }
}
