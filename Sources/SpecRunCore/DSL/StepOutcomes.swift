/// Thrown by `pending()`: the step is PENDING (not written yet).
public struct PendingStep: Error, CustomStringConvertible, Equatable {
    public let reason: String
    public var description: String { reason }
}

/// Thrown by `skip()`: the step and the rest of the scenario are SKIPPED.
public struct SkippedStep: Error, CustomStringConvertible, Equatable {
    public let reason: String
    public var description: String { reason }
}

/// Marks the running step as PENDING: `try pending("waiting for the API")`.
public func pending(_ reason: String = "TODO: implement me") throws -> Never {
    throw PendingStep(reason: reason)
}

/// Marks the running step (and the rest of the scenario) as SKIPPED.
public func skip(_ reason: String = "skipped") throws -> Never {
    throw SkippedStep(reason: reason)
}
