import Messages
import SharedTestData

/// Reorders a stream as a parallel run would: the messages of different test cases interleave at random
/// (seeded, so a failure can be replayed), each test case keeps its own order, and everything before the first
/// test case and after the last one stays in place.
enum ParallelOrder {
    static func interleave(_ envelopes: [Envelope], seed: UInt64) -> [Envelope] {
        var prefix: [Envelope] = []
        var groups: [String: [Envelope]] = [:]
        var groupOrder: [String] = []
        var suffix: [Envelope] = []
        for envelope in envelopes {
            if let id = testCaseStartedId(envelope) {
                if groups[id] == nil { groupOrder.append(id) }
                groups[id, default: []].append(envelope)
            } else if groupOrder.isEmpty {
                prefix.append(envelope)
            } else {
                suffix.append(envelope)
            }
        }
        var generator = SplitMix64(seed: seed)
        var queues = groupOrder.map { groups[$0]! }
        var result = prefix
        while !queues.isEmpty {
            let pick = Int(generator.next() % UInt64(queues.count))
            result.append(queues[pick].removeFirst())
            if queues[pick].isEmpty { queues.remove(at: pick) }
        }
        return result + suffix
    }

    private static func testCaseStartedId(_ envelope: Envelope) -> String? {
        envelope.testCaseStarted?.id
            ?? envelope.testStepStarted?.testCaseStartedId
            ?? envelope.testStepFinished?.testCaseStartedId
            ?? envelope.testCaseFinished?.testCaseStartedId
            ?? envelope.attachment?.testCaseStartedId
    }
}
