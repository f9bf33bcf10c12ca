extension Envelope {
    /// Whether it carries a `testStepStarted`, asked without copying the message out (a run has one per step).
    @inlinable
    public var isTestStepStarted: Bool {
        if case .testStepStarted = message { return true }
        return false
    }

    /// Whether it carries a `testCase`, asked without copying the message out.
    @inlinable
    public var isTestCase: Bool {
        if case .testCase = message { return true }
        return false
    }

    /// Whether it carries a `parseError`, asked without copying the message out.
    @inlinable
    public var isParseError: Bool {
        if case .parseError = message { return true }
        return false
    }

    /// Whether it carries what the parse of a feature file makes: a `source`, `gherkinDocument`, `pickle` or
    /// `parseError`.
    @inlinable
    public var isFeatureFileMessage: Bool {
        switch message {
        case .source, .gherkinDocument, .pickle, .parseError: true
        default: false
        }
    }
}

// The message an envelope carries, lent to `body` where it lies (the accessors copy it out: a retain and release of
// each of its strings and arrays, for every envelope a listener looks at).
extension Envelope {
    @inlinable
    public func withTestStepFinished<Result>(_ body: (borrowing TestStepFinished) throws -> Result) rethrows -> Result? {
        if case .testStepFinished(let box) = message { return try body(box.value) }
        return nil
    }

    @inlinable
    public func withTestCaseStarted<Result>(_ body: (borrowing TestCaseStarted) throws -> Result) rethrows -> Result? {
        if case .testCaseStarted(let box) = message { return try body(box.value) }
        return nil
    }

    @inlinable
    public func withTestCaseFinished<Result>(_ body: (borrowing TestCaseFinished) throws -> Result) rethrows -> Result? {
        if case .testCaseFinished(let box) = message { return try body(box.value) }
        return nil
    }

    @inlinable
    public func withTestStepStarted<Result>(_ body: (borrowing TestStepStarted) throws -> Result) rethrows -> Result? {
        if case .testStepStarted(let box) = message { return try body(box.value) }
        return nil
    }

    @inlinable
    public func withPickle<Result>(_ body: (borrowing Pickle) throws -> Result) rethrows -> Result? {
        if case .pickle(let box) = message { return try body(box.value) }
        return nil
    }

    @inlinable
    public func withGherkinDocument<Result>(_ body: (borrowing GherkinDocument) throws -> Result) rethrows -> Result? {
        if case .gherkinDocument(let box) = message { return try body(box.value) }
        return nil
    }

    @inlinable
    public func withTestCase<Result>(_ body: (borrowing TestCase) throws -> Result) rethrows -> Result? {
        if case .testCase(let box) = message { return try body(box.value) }
        return nil
    }
}

extension Envelope {
    /// Which message an envelope carries (`none` for an empty one).
    public enum Kind: Sendable, Equatable {
        case none, attachment, externalAttachment, gherkinDocument, hook, meta, parameterType, parseError, pickle, suggestion, source,
            stepDefinition, testCase, testCaseFinished, testCaseStarted, testRunFinished, testRunStarted, testStepFinished, testStepStarted,
            testRunHookStarted, testRunHookFinished, undefinedParameterType
    }

    /// Which message it carries, asked without copying the message out: a listener that switches on it reads
    /// only the one accessor that matches (each accessor asked copies the envelope's box, a retain and release).
    @inlinable
    public var kind: Kind {
        switch message {
        case .none: return .none
        case .attachment: return .attachment
        case .externalAttachment: return .externalAttachment
        case .gherkinDocument: return .gherkinDocument
        case .hook: return .hook
        case .meta: return .meta
        case .parameterType: return .parameterType
        case .parseError: return .parseError
        case .pickle: return .pickle
        case .suggestion: return .suggestion
        case .source: return .source
        case .stepDefinition: return .stepDefinition
        case .testCase: return .testCase
        case .testCaseFinished: return .testCaseFinished
        case .testCaseStarted: return .testCaseStarted
        case .testRunFinished: return .testRunFinished
        case .testRunStarted: return .testRunStarted
        case .testStepFinished: return .testStepFinished
        case .testStepStarted: return .testStepStarted
        case .testRunHookStarted: return .testRunHookStarted
        case .testRunHookFinished: return .testRunHookFinished
        case .undefinedParameterType: return .undefinedParameterType
        }
    }
}
