// chat-latency-bench: message delivery latency through the customer ↔ rider chat service (CUS-032).
//
//   swift run -c release chat-latency-bench [--chats 1000] [--messages 100000] [--pace-ms 0]
//
// Every order chat has its customer sending and its rider subscribed through the service's AsyncStream.
// All chats run at once; each message carries its send instant, the rider's task measures
// send → receive. By default every customer sends as fast as it can (a burst: the worst case, latency is
// mostly queueing); `--pace-ms N` makes each customer wait N ms between messages (a steady load). Also measures opening a chat (authorise + last 20 messages), NFR "< 1 s".
import Chat
import Dispatch
import Foundation

struct DiscardingPushNotifier: PushNotifier {
    func requestPush(_ notification: RiderChatPushNotification) {}
}

struct Options {
    var chats = 1_000
    var messages = 100_000
    var paceMilliseconds = 0

    init(arguments: [String]) {
        var iterator = arguments.dropFirst().makeIterator()
        while let argument = iterator.next() {
            switch argument {
            case "--chats": chats = iterator.next().flatMap(Int.init) ?? chats
            case "--messages": messages = iterator.next().flatMap(Int.init) ?? messages
            case "--pace-ms": paceMilliseconds = iterator.next().flatMap(Int.init) ?? paceMilliseconds
            case "-h", "--help":
                print("usage: chat-latency-bench [--chats N] [--messages M] [--pace-ms MS]")
                exit(0)
            default:
                FileHandle.standardError.write(Data("chat-latency-bench: unknown option '\(argument)'; try --help\n".utf8))
                exit(2)
            }
        }
        chats = max(chats, 1)
        messages = max(messages, chats)
    }
}

func nanos() -> UInt64 { DispatchTime.now().uptimeNanoseconds }

func percentile(_ sorted: [UInt64], _ p: Double) -> UInt64 {
    guard !sorted.isEmpty else { return 0 }
    let rank = Int((p * Double(sorted.count)).rounded(.up)) - 1
    return sorted[min(max(rank, 0), sorted.count - 1)]
}

func ms(_ value: UInt64) -> String { String(format: "%.3f ms", Double(value) / 1_000_000) }

func order(_ index: Int) -> RiderChatOrder {
    RiderChatOrder(
        id: "order-\(index)", customerID: "customer-\(index)", status: .inTransit,
        rider: RiderChatRider(id: "rider-\(index)", name: "Rider \(index)"))
}

let options = Options(arguments: CommandLine.arguments)
let perChat = options.messages / options.chats
let total = perChat * options.chats
let service = OrderChatService(pushNotifier: DiscardingPushNotifier(), currentDate: { Date() })
for index in 0..<options.chats { service.orderDidChange(order(index)) }
let streams = try (0..<options.chats).map { try service.events(orderID: "order-\($0)", as: .rider("rider-\($0)")) }

print("chat-latency-bench: \(options.chats) concurrent order chats, \(total) messages (\(perChat) per chat)")
print(
    "  delivery = customer send → rider's AsyncStream subscriber receives, all chats at once, "
        + (options.paceMilliseconds > 0
            ? "each customer sending every \(options.paceMilliseconds) ms" : "each customer sending as fast as it can (burst)"))

let started = nanos()
let latencies: [UInt64] = await withTaskGroup(of: [UInt64].self) { group in
    for (index, stream) in streams.enumerated() {
        _ = index
        group.addTask {
            var received: [UInt64] = []
            received.reserveCapacity(perChat)
            for await event in stream {
                guard case let .message(message) = event, let sentAt = UInt64(message.text) else { continue }
                received.append(nanos() - sentAt)
                if received.count == perChat { break }
            }
            return received
        }
    }
    for index in 0..<options.chats {
        group.addTask {
            let customer = RiderChatUser.customer("customer-\(index)")
            for number in 0..<perChat {
                let request = RiderChatSendRequest(
                    orderID: "order-\(index)", sender: customer, clientMessageID: "\(index)-\(number)", text: String(nanos()))
                do { try service.send(request) } catch {
                    FileHandle.standardError.write(Data("chat-latency-bench: send refused: \(error)\n".utf8))
                }
                if options.paceMilliseconds > 0 {
                    try? await Task.sleep(nanoseconds: UInt64(options.paceMilliseconds) * 1_000_000)
                } else {
                    await Task.yield()
                }
            }
            return []
        }
    }
    var all: [UInt64] = []
    all.reserveCapacity(total)
    for await part in group { all.append(contentsOf: part) }
    return all
}
let elapsed = Double(nanos() - started) / 1_000_000_000
let sorted = latencies.sorted()
print(String(format: "  delivered %d/%d in %.2f s (%.0f messages/s)", sorted.count, total, elapsed, Double(sorted.count) / elapsed))
print(
    "  latency P50 \(ms(percentile(sorted, 0.50)))  P95 \(ms(percentile(sorted, 0.95)))  P99 \(ms(percentile(sorted, 0.99)))  max \(ms(sorted.last ?? 0))"
)
let p95 = percentile(sorted, 0.95)
print("  CUS-032 target P95 < 2 s: \(p95 < 2_000_000_000 && sorted.count == total ? "met" : "NOT met")")

// Opening a chat: authorisation + last 20 messages, for every chat.
var opens: [UInt64] = []
opens.reserveCapacity(options.chats)
for index in 0..<options.chats {
    let start = nanos()
    let snapshot = try service.join(orderID: "order-\(index)", as: .customer("customer-\(index)"))
    opens.append(nanos() - start)
    precondition(snapshot.history.messages.count == min(perChat, 20))
}
opens.sort()
print(
    "  open chat (authorise + last 20 messages) over \(opens.count) chats: P50 \(ms(percentile(opens, 0.5)))  P95 \(ms(percentile(opens, 0.95)))  (target < 1 s)"
)
if sorted.count != total { exit(1) }
