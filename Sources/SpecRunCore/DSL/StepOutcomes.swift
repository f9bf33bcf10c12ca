/// Thrown by `pending()`: the step is PENDING (not written yet).
public struct PendingStep: Error, CustomStringConvertible, Equatable {
    public let reason: String?
    public var description: String { reason ?? "pending" }
}

/// Thrown by `skip()`: the step and the rest of the scenario are SKIPPED.
public struct SkippedStep: Error, CustomStringConvertible, Equatable {
    public let reason: String?
    public var description: String { reason ?? "skipped" }
}

/// Marks the running step as PENDING: `try pending("waiting for the API")`. With a reason, the result
/// carries it as message (exception type `PendingException`).
public func pending(_ reason: String? = nil) throws -> Never {
    throw PendingStep(reason: reason)
}

/// Marks the running step (and the rest of the scenario) as SKIPPED. With a reason, the result carries it
/// as message (exception type `SkippedException`).
public func skip(_ reason: String? = nil) throws -> Never {
    throw SkippedStep(reason: reason)
}
