import Messages

/// What `EnvelopeStreamMerger` remembers across streams: the keys of the definitions it kept and their ids.
struct KeptDefinitions {
    private var keys: Set<String> = []
    private var metaSeen = false
    /// Step definitions, hooks and parameter types: key → kept (merged) id.
    var definitions: [String: String] = [:]
    /// Pickles and definitions: key (with its occurrence number) → kept id and kept step ids.
    var pickles: [String: (id: String, stepIds: [String])] = [:]

    /// True the first time a key is seen.
    mutating func insert(_ key: String) -> Bool { keys.insert(key).inserted }

    mutating func firstMeta() -> Bool {
        defer { metaSeen = true }
        return !metaSeen
    }
}

/// What `EnvelopeStreamMerger` remembers about the stream it is reading: its id map, and what is still running
/// (to close a stream that ends early).
struct StreamState {
    let name: String
    let prefix: String
    /// Ids of dropped duplicates (as in the stream) → the kept ids (as in the merged stream).
    var rename: [String: String] = [:]
    var droppedSourceUris: Set<String> = []
    var keptSourceUris: Set<String> = []
    var envelopes = 0
    var finished = false
    var sawRunActivity = false
    var lastTimestamp = Timestamp(seconds: 0, nanos: 0)
    private var occurrences: [String: Int] = [:]
    /// Test cases started and not finished (merged ids) → the step running in each, if any.
    private var running: [String: String?] = [:]
    private var runningOrder: [String] = []
    private var runningHooks: [String] = []

    init(name: String, prefix: String) {
        self.name = name
        self.prefix = prefix
    }

    func mapId(_ id: String) -> String { rename[id] ?? prefix + id }

    /// The key made unique within this stream: two pickles that look the same (an Outline's rows that differ
    /// only in a table) are the 1st and 2nd of that key in every stream.
    mutating func occurrence(of key: String) -> String {
        let count = occurrences[key, default: 0]
        occurrences[key] = count + 1
        return count == 0 ? key : key + "\u{1}#\(count)"
    }

    /// Follows what runs (merged ids).
    mutating func track(_ envelope: Envelope) {
        if let started = envelope.testRunStarted { sawRunActivity = true; note(started.timestamp) }
        if let started = envelope.testCaseStarted {
            running[started.id] = .some(nil)
            runningOrder.append(started.id)
            note(started.timestamp)
        } else if let started = envelope.testStepStarted {
            running[started.testCaseStartedId] = .some(started.testStepId)
            note(started.timestamp)
        } else if let finished = envelope.testStepFinished {
            if running[finished.testCaseStartedId] != nil { running[finished.testCaseStartedId] = .some(nil) }
            note(finished.timestamp)
        } else if let finished = envelope.testCaseFinished {
            running[finished.testCaseStartedId] = nil
            runningOrder.removeAll { $0 == finished.testCaseStartedId }
            note(finished.timestamp)
        } else if let started = envelope.testRunHookStarted {
            runningHooks.append(started.id)
            note(started.timestamp)
        } else if let finished = envelope.testRunHookFinished {
            runningHooks.removeAll { $0 == finished.testRunHookStartedId }
            note(finished.timestamp)
        } else if let finished = envelope.testRunFinished {
            note(finished.timestamp)
        }
    }

    private mutating func note(_ timestamp: Timestamp) {
        if lastTimestamp.isBefore(timestamp) { lastTimestamp = timestamp }
    }

    /// Finishes what was running when the stream ended: the running step FAILED with `reason`, its test case.
    mutating func close(reason: String, emit: (Envelope) -> Void) {
        let failed = TestStepResult(
            duration: Duration(seconds: 0, nanos: 0), message: reason, status: .failed,
            exception: Exception(type: "Incomplete", message: reason))
        for hook in runningHooks {
            emit(
                Envelope(
                    testRunHookFinished: TestRunHookFinished(
                        testRunHookStartedId: hook, result: failed,
                        timestamp: lastTimestamp)))
        }
        runningHooks = []
        for testCaseStartedId in runningOrder {
            if case .some(.some(let step)) = running[testCaseStartedId] {
                emit(
                    Envelope(
                        testStepFinished: TestStepFinished(
                            testCaseStartedId: testCaseStartedId, testStepId: step,
                            testStepResult: failed, timestamp: lastTimestamp)))
            }
            emit(
                Envelope(
                    testCaseFinished: TestCaseFinished(
                        testCaseStartedId: testCaseStartedId,
                        timestamp: lastTimestamp, willBeRetried: false)))
        }
        running = [:]
        runningOrder = []
    }
}

/// The identity of a definition across runs (ids differ from run to run; these do not).
enum DefinitionKey {
    static let separator = "\u{1}"

    static func source(_ source: Source) -> String {
        var hasher = Hasher()
        hasher.combine(source.data)
        return ["source", source.uri, String(source.data.utf8.count), String(hasher.finalize())].joined(separator: separator)
    }

    /// Where the pickle is and its name, exactly, plus a 64-bit digest of its steps and tags (which only tell
    /// apart two versions of one file with a scenario of the same name at the same place): small enough to keep
    /// for every pickle of a large suite.
    static func pickle(_ pickle: Pickle) -> String {
        var hasher = Hasher()
        for step in pickle.steps {
            hasher.combine(step.type?.rawValue)
            hasher.combine(step.text)
            hasher.combine(step.argument?.docString?.content)
            for row in step.argument?.dataTable?.rows ?? [] { hasher.combine(row.cells.map(\.value)) }
        }
        hasher.combine(pickle.tags.map(\.name))
        return [
            "pickle", pickle.uri, location(pickle.location), pickle.name, String(pickle.steps.count),
            String(hasher.finalize()),
        ].joined(separator: separator)
    }

    static func stepDefinition(_ definition: StepDefinition) -> String {
        ["step", definition.pattern.type.rawValue, definition.pattern.source, reference(definition.sourceReference)]
            .joined(separator: separator)
    }

    static func hook(_ hook: Hook) -> String {
        ["hook", hook.type?.rawValue ?? "", hook.name ?? "", hook.tagExpression ?? "", reference(hook.sourceReference)]
            .joined(separator: separator)
    }

    static func parameterType(_ type: ParameterType) -> String {
        (["parameterType", type.name] + type.regularExpressions).joined(separator: separator)
    }

    static func parseError(_ error: ParseError) -> String {
        ["parseError", reference(error.source), error.message].joined(separator: separator)
    }

    static func undefinedParameterType(_ type: UndefinedParameterType) -> String {
        ["undefinedParameterType", type.name, type.expression].joined(separator: separator)
    }

    private static func location(_ location: Location?) -> String {
        guard let location else { return "" }
        return "\(location.line):\(location.column ?? 0)"
    }

    private static func reference(_ reference: SourceReference) -> String {
        let method = reference.javaMethod.map { "\($0.className).\($0.methodName)" } ?? ""
        let element = reference.javaStackTraceElement.map { "\($0.className).\($0.methodName)@\($0.fileName)" } ?? ""
        return "\(reference.uri ?? ""):\(location(reference.location)):\(method):\(element)"
    }
}
