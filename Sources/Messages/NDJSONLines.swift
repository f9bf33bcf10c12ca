import Foundation

/// NDJSON written as a parser goes: envelopes, and pickles straight from their parts as the compiler makes them
/// (`addPickleStep`, then `endPickle`), in the bytes of their `pickle` envelopes, a step without a type written
/// `"type":null` as the reference prints it. No `Pickle`, no array per step and, with UUIDs, no id string is
/// made, kept and freed: most of the work of `specrun gherkin` otherwise.
///
/// A class with one owner (one file's lines, on one thread), so the compiler can hand it along.
package final class NDJSONLines {
    private var lines: JSONWriter
    /// The steps of the pickle under way, written before its id is made (after theirs), then copied into its line.
    private var steps = JSONWriter(capacity: 4096)
    private let ids: any IdGenerator
    /// `ids` when it makes UUIDs: they are formatted straight into the line, from places in its sequence
    /// reserved a block at a time (`nextId..<endId`; ids stay unique, and come in the same order when nothing
    /// else takes ids meanwhile).
    private let uuids: RandomUUIDGenerator?
    private var nextId: UInt64 = 0
    private var endId: UInt64 = 0

    package init(capacity: Int, ids: any IdGenerator) {
        lines = JSONWriter(capacity: capacity)
        self.ids = ids
        uuids = ids as? RandomUUIDGenerator
    }

    /// Every line written, each with its newline, handed over without a copy (the lines start again empty).
    package func takeData() -> Data { lines.takeData() }

    /// An envelope's line, as `NDJSON.encode` writes it.
    package func append(_ envelope: Envelope) {
        envelope.writeJSON(to: &lines)
        lines.byte("\n")
    }

    /// A line encoded elsewhere.
    package func append(line: String) {
        var line = line
        line.withUTF8 { lines.raw(bytes: $0) }
        lines.byte("\n")
    }

    /// A step of the pickle under way; its id is the generator's next. `rowId`: the examples row of an outline's.
    package func addPickleStep(
        argument: PickleStepArgument?, stepId: String, rowId: String?, type: PickleStepType?,
        text: String
    ) {
        if steps.count > 0 { steps.byte(",") }
        steps.byte("{")
        if let argument {
            steps.raw("\"argument\":")
            argument.writeJSON(to: &steps)
            steps.byte(",")
        }
        steps.raw("\"astNodeIds\":[")
        steps.string(stepId)
        if let rowId {
            steps.byte(",")
            steps.string(rowId)
        }
        steps.raw("],\"id\":")
        writeNewId(to: &steps)
        steps.raw(",\"text\":")
        steps.string(text)
        steps.raw(",\"type\":")
        if let type { type.writeJSON(to: &steps) } else { steps.raw("null") }
        steps.byte("}")
    }

    /// The line of the pickle whose steps were added; its id is the generator's next. Its tags are the three lists
    /// one after the other (inherited, the scenario's, the examples').
    package func endPickle(
        uri: String, location: Location, name: String, language: String, tags: [Tag],
        _ scenarioTags: [Tag], _ examplesTags: [Tag], scenarioId: String, rowId: String?
    ) {
        lines.raw("{\"pickle\":{\"astNodeIds\":[")
        lines.string(scenarioId)
        if let rowId {
            lines.byte(",")
            lines.string(rowId)
        }
        lines.raw("],\"id\":")
        writeNewId(to: &lines)
        lines.raw(",\"language\":")
        lines.string(language)
        lines.raw(",\"location\":")
        location.writeJSON(to: &lines)
        lines.raw(",\"name\":")
        lines.string(name)
        lines.raw(",\"steps\":[")
        steps.withBytes { lines.raw(bytes: $0) }
        steps.removeAll()
        lines.raw("],\"tags\":[")
        var first = true
        writeTags(tags, &first)
        writeTags(scenarioTags, &first)
        writeTags(examplesTags, &first)
        lines.raw("],\"uri\":")
        lines.string(uri)
        lines.raw("}}\n")
    }

    /// As `PickleTag`s: `{"astNodeId":…,"name":…}`.
    private func writeTags(_ tags: [Tag], _ first: inout Bool) {
        for index in tags.indices {
            if first { first = false } else { lines.byte(",") }
            lines.raw("{\"astNodeId\":")
            lines.string(tags[index].id)
            lines.raw(",\"name\":")
            lines.string(tags[index].name)
            lines.byte("}")
        }
    }

    private func writeNewId(to writer: inout JSONWriter) {
        guard let uuids else { return writer.string(ids.newId()) }
        if nextId == endId {
            nextId = uuids.reserve(Self.idBlock)
            endId = nextId &+ Self.idBlock
        }
        writer.uuid(uuids, at: nextId)
        nextId &+= 1
    }

    private static let idBlock: UInt64 = 64
}
