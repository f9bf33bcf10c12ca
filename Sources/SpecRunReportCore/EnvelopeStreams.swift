import Messages

/// Merges the message streams of several runs (for example the NDJSON files of CI shards) into one stream the
/// reports read as a single run, one envelope at a time: nothing but the dedupe keys and the id maps is kept.
///
/// * With more than one stream, every id a stream makes or refers to gets the prefix `s<n>.` (n counts the
///   streams from 0): nested ids (test steps, pickle steps, AST nodes, attachments, hook runs…) cannot collide,
///   whether the runs used random ids or the same counter ("0", "1", …). One stream is passed through as it is.
/// * Definitions that several streams share are kept once, the first time: sources (by uri and content),
///   Gherkin documents (with their source), pickles (by uri, location, name, steps and tags), step definitions
///   and hooks (by pattern/kind and source location), parameter types, parse errors, undefined parameter types,
///   meta, suggestions (one per pickle step), the requirements attachment (by body). Every reference to a
///   dropped copy (a pickle, its steps, a step definition, a hook) points at the kept one, so a scenario
///   present in every shard's prelude is one scenario.
/// * One testRunStarted (the first stream's id, the earliest timestamp given to `init`) and one testRunFinished
///   at `finish` (the latest timestamp; successful only if every run was and none ended early).
/// * A stream that ends without its testRunFinished (a killed run, a truncated file) is closed: the step and the
///   test case that were running are finished FAILED, and the merged run is unsuccessful with a message saying so.
package struct EnvelopeStreamMerger {
    private let streamCount: Int
    private let earliestStart: Timestamp?
    private var streamIndex = -1
    private var stream = StreamState(name: "", prefix: "")
    private var kept = KeptDefinitions()
    private var runStartedId: String?
    private var finishes: [TestRunFinished] = []
    /// Why the merged run is incomplete, one line per stream that ended early.
    package private(set) var incompleteStreams: [String] = []

    /// `streamCount`: how many streams will be added (ids are prefixed when there are several).
    /// `earliestStart`: the earliest testRunStarted timestamp of all streams, when known in advance.
    package init(streamCount: Int, earliestStart: Timestamp? = nil) {
        self.streamCount = streamCount
        self.earliestStart = earliestStart
    }

    /// Starts the next stream; `name` (its file) is used in the message of a stream that ends early.
    package mutating func beginStream(name: String) {
        streamIndex += 1
        stream = StreamState(name: name, prefix: streamCount > 1 ? "s\(streamIndex)." : "")
    }

    /// Hands the merged envelopes this one becomes (none when it duplicates a kept definition) to `emit`.
    package mutating func add(_ envelope: Envelope, emit: (Envelope) -> Void) {
        stream.envelopes += 1
        if !keep(envelope) { return }
        let renamed = streamCount > 1 || !stream.rename.isEmpty ? envelope.mappingIds(stream.mapId) : envelope
        stream.track(renamed)
        if var started = renamed.testRunStarted {
            if let earliest = earliestStart, earliest.isBefore(started.timestamp) { started.timestamp = earliest }
            emit(Envelope(testRunStarted: started))
            return
        }
        if let finished = renamed.testRunFinished {
            stream.finished = true
            finishes.append(finished)
            return
        }
        emit(renamed)
    }

    /// Ends the current stream; a stream that started a run but has no testRunFinished is closed (see the type),
    /// and so is one `cutShort` (its file was broken off, or its run never started) before its testRunFinished;
    /// `reason` says why, instead of "the run ended before testRunFinished".
    package mutating func endStream(cutShort: Bool = false, reason: String? = nil, emit: (Envelope) -> Void) {
        guard !stream.finished, stream.envelopes > 0, cutShort || stream.sawRunActivity else { return }
        let reason = reason ?? "\(stream.name): the run ended before testRunFinished (file truncated?)"
        incompleteStreams.append(reason)
        stream.close(reason: reason, emit: emit)
        finishes.append(
            TestRunFinished(
                message: reason, success: false, timestamp: stream.lastTimestamp,
                exception: Exception(type: RunProblemType.incomplete, message: reason),
                testRunStartedId: runStartedId))
    }

    /// The merged testRunFinished (when any stream started a run).
    package mutating func finish(emit: (Envelope) -> Void) {
        guard var merged = finishes.max(by: { $0.timestamp.isBefore($1.timestamp) }) else { return }
        if finishes.count == 1, streamCount == 1 {
            emit(Envelope(testRunFinished: merged))
            return
        }
        let failures = finishes.filter { !$0.success }
        merged.success = failures.isEmpty
        let messages = failures.compactMap(\.message)
        if !messages.isEmpty { merged.message = messages.joined(separator: "\n") }
        // A stream that did not finish marks the whole merged run incomplete, whatever the others say.
        let exceptions = failures.compactMap(\.exception)
        if let exception = exceptions.first(where: { $0.type == RunProblemType.incomplete }) ?? exceptions.first {
            merged.exception = exception
        }
        merged.testRunStartedId = runStartedId
        emit(Envelope(testRunFinished: merged))
    }

    /// Whether the envelope is new to the merged stream; a duplicate definition records where its id now points.
    private mutating func keep(_ envelope: Envelope) -> Bool {
        // One stream has nothing to share: no keys to keep (a c50k stream would cost tens of megabytes of them).
        if streamCount > 1, let isNew = keepDefinition(envelope) { return isNew }
        if let started = envelope.testRunStarted {
            guard let keptId = runStartedId else {
                runStartedId = started.id.map(stream.mapId)
                return true
            }
            if let id = started.id { stream.rename[id] = keptId }
            return false
        }
        return true
    }

    /// Whether a definition is new to the merged stream (false: an earlier stream had it); nil for other messages.
    private mutating func keepDefinition(_ envelope: Envelope) -> Bool? {
        if envelope.meta != nil { return kept.firstMeta() }
        if let source = envelope.source {
            if kept.insert(DefinitionKey.source(source)) { stream.keptSourceUris.insert(source.uri); return true }
            stream.droppedSourceUris.insert(source.uri)
            return false
        }
        if let document = envelope.gherkinDocument {
            let uri = document.uri ?? ""
            if stream.droppedSourceUris.contains(uri) { return false }
            // A stream without sources (`gherkin --no-source`): one document per uri.
            return stream.keptSourceUris.contains(uri) || kept.insert("document" + DefinitionKey.separator + uri)
        }
        if let pickle = envelope.pickle { return keep(pickle) }
        // A definition registered twice (one shared step function called by two libraries: the same pattern and
        // line, two ids) is kept twice: keyed by its occurrence in its stream, as pickles are.
        if let definition = envelope.stepDefinition {
            return keepDefinition(id: definition.id, key: stream.occurrence(of: DefinitionKey.stepDefinition(definition)))
        }
        if let hook = envelope.hook { return keepDefinition(id: hook.id, key: stream.occurrence(of: DefinitionKey.hook(hook))) }
        if let type = envelope.parameterType {
            return keepDefinition(id: type.id, key: stream.occurrence(of: DefinitionKey.parameterType(type)))
        }
        if let error = envelope.parseError { return kept.insert(DefinitionKey.parseError(error)) }
        if let suggestion = envelope.suggestion {
            // One suggestion per undefined step, however many shards ran it.
            return kept.insert("suggestion" + DefinitionKey.separator + stream.mapId(suggestion.pickleStepId))
        }
        if let type = envelope.undefinedParameterType { return kept.insert(DefinitionKey.undefinedParameterType(type)) }
        if let attachment = envelope.attachment, RequirementsAttachment.isRequirements(attachment) {
            // Every shard carries the same criteria: once.
            return kept.insert("requirements" + DefinitionKey.separator + attachment.body)
        }
        return nil
    }

    private mutating func keepDefinition(id: String, key: String) -> Bool {
        if let keptId = kept.definitions[key] {
            stream.rename[id] = keptId
            return false
        }
        kept.definitions[key] = stream.mapId(id)
        return true
    }

    private mutating func keep(_ pickle: Pickle) -> Bool {
        let key = stream.occurrence(of: DefinitionKey.pickle(pickle))
        if let keptPickle = kept.pickles[key] {
            stream.rename[pickle.id] = keptPickle.id
            for (dropped, keptStep) in zip(pickle.steps, keptPickle.stepIds) { stream.rename[dropped.id] = keptStep }
            return false
        }
        kept.pickles[key] = (stream.mapId(pickle.id), pickle.steps.map { stream.mapId($0.id) })
        return true
    }
}

/// The merged stream of whole streams in memory (tests, small inputs): see `EnvelopeStreamMerger`.
package enum EnvelopeStreams {
    package static func merge(_ streams: [[Envelope]], names: [String]? = nil) -> [Envelope] {
        var merger = EnvelopeStreamMerger(streamCount: streams.count)
        var merged: [Envelope] = []
        for (index, stream) in streams.enumerated() {
            merger.beginStream(name: names?[index] ?? "stream \(index + 1)")
            for envelope in stream { merger.add(envelope) { merged.append($0) } }
            merger.endStream { merged.append($0) }
        }
        merger.finish { merged.append($0) }
        return merged
    }
}

extension Timestamp {
    func isBefore(_ other: Timestamp) -> Bool {
        (seconds, nanos) < (other.seconds, other.nanos)
    }
}
