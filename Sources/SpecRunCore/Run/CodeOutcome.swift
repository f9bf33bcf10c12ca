import Foundation
import Messages

/// What running one piece of user code (a step body or a hook) came to.
struct CodeOutcome: Sendable, Equatable {
    var status: TestStepResultStatus
    /// What a failure, a pending or a skipped step says, in an object of its own: most outcomes (a passed step's)
    /// say nothing, and an outcome is copied several times a step — with a message and an exception inline, each
    /// copy was a generic copy of both (the value witness: 12.8 M instructions of a c10k run's worker, callgrind).
    private let details: Details?

    var message: String? { details?.message }
    var exception: Exception? { details?.exception }

    private final class Details: Sendable, Equatable {
        let message: String?
        let exception: Exception?

        init(message: String?, exception: Exception?) {
            self.message = message
            self.exception = exception
        }

        static func == (lhs: Details, rhs: Details) -> Bool {
            lhs.message == rhs.message && lhs.exception == rhs.exception
        }
    }

    static let passed = CodeOutcome(status: .passed)

    /// Maps a thrown error to a status the Cucumber way: `pending()` → PENDING, `skip()` → SKIPPED,
    /// anything else → FAILED, with the error's text, Swift type and where it happened.
    init(error: any Error, definedAt location: SourceLocation, step: String?, root: String? = nil) {
        switch error {
        case let pending as PendingStep:
            self.init(status: .pending, reason: pending.reason, type: "PendingException", location: location, step: step)
        case let skipped as SkippedStep:
            self.init(status: .skipped, reason: skipped.reason, type: "SkippedException", location: location, step: step)
        case let failure as ExpectationFailure:
            let frame = SourceLocation(file: failure.file, line: failure.line).relative(to: root)
            self.init(status: .failed, reason: failure.message, type: "ExpectationFailure", location: frame, step: step)
        default:
            let type = String(reflecting: Swift.type(of: error))
            self.init(status: .failed, reason: Self.describe(error), type: type, location: location, step: step)
        }
    }

    init(status: TestStepResultStatus, message: String? = nil, exception: Exception? = nil) {
        self.status = status
        details = message == nil && exception == nil ? nil : Details(message: message, exception: exception)
    }

    private init(status: TestStepResultStatus, reason: String?, type: String, location: SourceLocation, step: String?) {
        guard let reason else {
            self.init(status: status)
            return
        }
        var trace = "\(type): \(reason)\n\(location)"
        if let step { trace += "\n\(step)" }
        self.init(
            status: status, message: reason,
            exception: Exception(type: type, message: reason, stackTrace: trace))
    }

    static func describe(_ error: any Error) -> String {
        if let localized = error as? LocalizedError, let text = localized.errorDescription { return text }
        return String(describing: error)
    }

    func result(duration: Duration) -> TestStepResult {
        TestStepResult(duration: duration, message: message, status: status, exception: exception)
    }
}
