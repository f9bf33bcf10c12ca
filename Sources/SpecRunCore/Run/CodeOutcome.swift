import Foundation
import Messages

/// What running one piece of user code (a step body or a hook) came to.
struct CodeOutcome: Sendable, Equatable {
    var status: TestStepResultStatus
    var message: String?
    var exception: Exception?

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
        self.message = message
        self.exception = exception
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
