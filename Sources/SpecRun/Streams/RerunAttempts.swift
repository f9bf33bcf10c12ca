import Foundation
import Messages

/// A run merged with its rerun (`specrun report run.ndjson rerun.ndjson`): a scenario that ran in an earlier stream
/// and again in a later one is one scenario with several attempts, as a retry is (cucumber-js's rerun), not two.
/// The later stream's test case becomes the earlier one (its id and its steps' ids, by position), its attempts are
/// numbered after the earlier ones, and the earlier stream's last attempt is marked `willBeRetried`: a scenario
/// that failed and then passed is flaky (passed after a retry), one that failed twice is one failed scenario with
/// two attempts. Scenarios are the same when their pickles are: same file, same line (an example row's own line).
/// Shards (no scenario in two streams) pass through unchanged.
struct RerunAttempts {
    /// For each stream, the scenarios (`uri:line:column`) that some later stream runs again.
    private let rerunLater: [Set<String>]
    private var stream = -1
    private var pickleKeys: [String: String] = [:]
    /// The first test case of each scenario key, and its steps' ids.
    private var firstCase: [String: TestCase] = [:]
    /// A later stream's test case id → the first one's; its step ids → the first one's.
    private var caseAlias: [String: String] = [:]
    private var stepAlias: [String: String] = [:]
    /// Attempts so far per (first) test case id; each attempt's (testCaseStarted id) scenario key.
    private var attempts: [String: Int] = [:]
    private var startedKeys: [String: String] = [:]
    /// Each first test case's scenario key, by its id.
    private var caseKeys: [String: String] = [:]

    /// `keys`: for each stream in order, the scenarios it ran (`scan`).
    init(keys: [Set<String>]) {
        var later: [Set<String>] = Array(repeating: [], count: keys.count)
        var union: Set<String> = []
        for index in keys.indices.reversed() {
            later[index] = union
            union.formUnion(keys[index])
        }
        rerunLater = later
    }

    /// Whether any scenario runs in two streams (else nothing is changed).
    var changesAnything: Bool { rerunLater.contains { !$0.isEmpty } }

    mutating func beginStream() { stream += 1 }

    /// The envelope as the merged run has it (nil: dropped, a test case already known).
    mutating func map(_ envelope: Envelope) -> Envelope? {
        switch envelope.kind {
        case .pickle:
            if let pickle = envelope.pickle { pickleKeys[pickle.id] = Self.key(pickle) }
            return envelope
        case .testCase:
            guard let testCase = envelope.testCase, let key = pickleKeys[testCase.pickleId] else { return envelope }
            if let first = firstCase[key] {
                guard first.testSteps.count == testCase.testSteps.count else { return envelope }  // another plan: two test cases
                caseAlias[testCase.id] = first.id
                for (mine, theirs) in zip(testCase.testSteps, first.testSteps) { stepAlias[mine.id] = theirs.id }
                return nil
            }
            firstCase[key] = testCase
            caseKeys[testCase.id] = key
            return envelope
        case .testCaseStarted:
            guard var started = envelope.testCaseStarted else { return envelope }
            let caseId = caseAlias[started.testCaseId] ?? started.testCaseId
            let earlier = attempts[caseId, default: 0]
            attempts[caseId] = earlier + 1
            if caseId != started.testCaseId {
                started.testCaseId = caseId
                started.attempt = earlier
            }
            if let key = caseKeys[caseId] { startedKeys[started.id] = key }
            return Envelope(testCaseStarted: started)
        case .testCaseFinished:
            guard var finished = envelope.testCaseFinished, !finished.willBeRetried, stream >= 0, stream < rerunLater.count,
                let key = startedKeys[finished.testCaseStartedId], rerunLater[stream].contains(key)
            else { return envelope }
            finished.willBeRetried = true
            return Envelope(testCaseFinished: finished)
        case .testStepStarted:
            guard var started = envelope.testStepStarted, let alias = stepAlias[started.testStepId] else { return envelope }
            started.testStepId = alias
            return Envelope(testStepStarted: started)
        case .testStepFinished:
            guard var finished = envelope.testStepFinished, let alias = stepAlias[finished.testStepId] else { return envelope }
            finished.testStepId = alias
            return Envelope(testStepFinished: finished)
        case .attachment:
            guard var attachment = envelope.attachment, let id = attachment.testStepId, let alias = stepAlias[id] else { return envelope }
            attachment.testStepId = alias
            return Envelope(attachment: attachment)
        case .externalAttachment:
            guard var attachment = envelope.externalAttachment, let id = attachment.testStepId, let alias = stepAlias[id] else {
                return envelope
            }
            attachment.testStepId = alias
            return Envelope(externalAttachment: attachment)
        default:
            return envelope
        }
    }

    static func key(_ pickle: Pickle) -> String {
        "\(pickle.uri):\(pickle.location?.line ?? 0):\(pickle.location?.column ?? 0):\(pickle.astNodeIds.count)"
    }

    /// The scenarios a stream has test cases for: its `pickle` and `testCase` lines read (nothing else decoded).
    static func scan(_ path: String) -> Set<String> {
        var pickles: [String: String] = [:]
        var keys: Set<String> = []
        let pickleMarker = Array(#"{"pickle":"#.utf8), caseMarker = Array(#"{"testCase":"#.utf8)
        try? NDJSON.forEachLine(inFile: path) { line, _, _ in
            let isPickle = line.starts(with: pickleMarker)
            guard isPickle || line.starts(with: caseMarker),
                let envelope = (try? NDJSON.decode(String(decoding: line, as: UTF8.self)))?.first
            else { return }
            if let pickle = envelope.pickle { pickles[pickle.id] = key(pickle) }
            if let testCase = envelope.testCase, let key = pickles[testCase.pickleId] { keys.insert(key) }
        }
        return keys
    }
}
