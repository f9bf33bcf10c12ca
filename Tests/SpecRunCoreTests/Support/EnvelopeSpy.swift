import Foundation
import Messages

@testable import SpecRunCore

/// Records every envelope the runner emits, in order.
final class EnvelopeSpy {
    private(set) var envelopes: [Envelope] = []

    func record(_ envelope: Envelope) { envelopes.append(envelope) }

    /// The message type of each envelope: "meta", "source", "testCase", …
    var kinds: [String] { envelopes.map(\.kind) }

    var testStepResults: [TestStepResultStatus] { envelopes.compactMap { $0.testStepFinished?.testStepResult.status } }
    var pickleNames: [String] { envelopes.compactMap { $0.pickle?.name } }
    var attachments: [Attachment] { envelopes.compactMap(\.attachment) }
    var suggestions: [Suggestion] { envelopes.compactMap(\.suggestion) }
    var testCases: [TestCase] { envelopes.compactMap(\.testCase) }
    var runFinished: TestRunFinished? { envelopes.compactMap(\.testRunFinished).last }

    /// The names of the pickles in the order their test cases started.
    var startedPickleNames: [String] {
        let pickles = Dictionary(envelopes.compactMap(\.pickle).map { ($0.id, $0.name) }, uniquingKeysWith: { a, _ in a })
        let cases = Dictionary(testCases.map { ($0.id, $0.pickleId) }, uniquingKeysWith: { a, _ in a })
        return envelopes.compactMap(\.testCaseStarted).compactMap { cases[$0.testCaseId].flatMap { pickles[$0] } }
    }

    /// The NDJSON text of the whole stream.
    func ndjson() throws -> String {
        try envelopes.map { try NDJSON.encode($0) }.joined(separator: "\n") + "\n"
    }
}

extension Envelope {
    var kind: String {
        let mirror = Mirror(reflecting: self)
        for child in mirror.children {
            if case Optional<Any>.some = child.value as Any?, let label = child.label {
                if let optional = child.value as? OptionalProtocol, optional.isNone { continue }
                return label
            }
        }
        return "empty"
    }
}

protocol OptionalProtocol { var isNone: Bool { get } }
extension Optional: OptionalProtocol { var isNone: Bool { self == nil } }
