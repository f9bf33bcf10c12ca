import Foundation
import Messages
import XCTest

/// Envelope keeps its one message boxed; it must still read and write as a struct with one optional per message.
final class EnvelopeTests: XCTestCase {
    func test_fields_readWhatWasSetAndNilOtherwise() {
        var envelope = Envelope(testRunStarted: TestRunStarted(timestamp: Timestamp(seconds: 1, nanos: 0)))
        XCTAssertEqual(envelope.testRunStarted?.timestamp.seconds, 1)
        XCTAssertNil(envelope.pickle)

        envelope.testRunStarted?.timestamp.seconds = 2
        XCTAssertEqual(envelope.testRunStarted?.timestamp.seconds, 2)
        envelope.testRunStarted = nil
        XCTAssertNil(envelope.testRunStarted)
        XCTAssertEqual(envelope, Envelope())
    }

    func test_settingAnotherMessage_replacesTheOneItCarried() {
        var envelope = Envelope(testRunStarted: TestRunStarted(timestamp: Timestamp(seconds: 1, nanos: 0)))
        envelope.pickle = makePickle(name: "a")
        XCTAssertEqual(envelope.pickle?.name, "a")
        XCTAssertNil(envelope.testRunStarted)
        envelope.testRunStarted = nil  // not the one it carries: nothing changes
        XCTAssertEqual(envelope.pickle?.name, "a")
        envelope.pickle = nil
        XCTAssertEqual(envelope, Envelope())
    }

    func test_keptJSON_isDroppedByAnyChangeAndIgnoredByEquality() throws {
        let line = Array(#"{"testRunStarted":{"timestamp":{"nanos":0,"seconds":1}}}"#.utf8)
        var kept: [Envelope] = []
        try NDJSON.forEachEnvelope(in: Data(line), keepingJSON: true) { kept.append($0) }
        var envelope = try XCTUnwrap(kept.first)
        XCTAssertEqual(envelope.json, line)
        XCTAssertEqual(envelope, Envelope(testRunStarted: TestRunStarted(timestamp: Timestamp(seconds: 1, nanos: 0))))

        envelope.testRunStarted?.timestamp.seconds = 2
        XCTAssertNil(envelope.json)
        try NDJSON.forEachEnvelope(in: Data(line)) { XCTAssertNil($0.json) }
    }

    func test_copies_doNotShareChanges() {
        let original = Envelope(pickle: makePickle(name: "a"))
        var copy = original
        copy.pickle?.name = "b"
        XCTAssertEqual(original.pickle?.name, "a")
        XCTAssertEqual(copy.pickle?.name, "b")
        XCTAssertNotEqual(original, copy)
    }

    func test_equality_comparesMessageValues() {
        XCTAssertEqual(Envelope(pickle: makePickle(name: "a")), Envelope(pickle: makePickle(name: "a")))
        XCTAssertNotEqual(Envelope(pickle: makePickle(name: "a")), Envelope(pickle: makePickle(name: "b")))
        XCTAssertNotEqual(Envelope(pickle: makePickle(name: "a")), Envelope())
        XCTAssertEqual(Envelope(), Envelope())
    }

    func test_mirror_namesTheFieldsWithTheirOptionalValues() {
        let envelope = Envelope(pickle: makePickle(name: "a"))
        let children = Mirror(reflecting: envelope).children
        XCTAssertEqual(children.count, 21)
        XCTAssertEqual(children.first?.label, "attachment")
        let set = children.filter { child in (child.value as? Pickle?)??.name == "a" }.map(\.label)
        XCTAssertEqual(set, ["pickle"])
    }

    func test_description_showsTheFieldsThatAreSet() {
        let envelope = Envelope(testRunStarted: TestRunStarted(timestamp: Timestamp(seconds: 1, nanos: 2)))
        XCTAssertEqual(
            String(describing: envelope),
            "Envelope(testRunStarted: TestRunStarted(timestamp: Messages.Timestamp(seconds: 1, nanos: 2), id: nil))")
        XCTAssertEqual(String(describing: Envelope()), "Envelope()")
    }

    func test_codable_usesTheSchemaKeys() throws {
        let envelope = Envelope(testRunStarted: TestRunStarted(timestamp: Timestamp(seconds: 1, nanos: 2)))
        XCTAssertEqual(try referenceEncode(envelope), #"{"testRunStarted":{"timestamp":{"nanos":2,"seconds":1}}}"#)
        XCTAssertEqual(try referenceDecode(#"{"testRunStarted":{"timestamp":{"nanos":2,"seconds":1}},"x":1}"#), envelope)
    }

    // MARK: - Helpers

    private func makePickle(name: String) -> Pickle {
        Pickle(id: "1", uri: "a.feature", name: name, language: "en", steps: [], tags: [], astNodeIds: [])
    }
}
