import Foundation
import SpecRunCore
import TagExpressions

extension SpecSuite.Settings {
    /// `["@slow": .seconds(30)]` as the run's tag timeouts, in a stable order.
    static func tagTimeouts(_ timeouts: [String: Swift.Duration]) -> [TagTimeout] {
        timeouts.sorted { $0.key < $1.key }.map { expression, duration in
            let parts = duration.components
            return TagTimeout(expression: expression, seconds: max(0, Double(parts.seconds) + Double(parts.attoseconds) / 1e18))
        }
    }

    /// The time limit of a whole scenario: `timeout`, unless a scoped limit (a `@timeout:` tag, a tag timeout whose
    /// expression matches) applies to it; then every step and hook of it has that limit (the run races each one),
    /// and the scenario as a whole none, as `specrun --timeout` is replaced by a scoped limit.
    func scenarioLimit(tags: [String]) -> Swift.Duration? {
        if tags.contains(where: { $0.hasPrefix("@timeout:") }) { return nil }
        for timeout in tagTimeouts {
            // (An expression that does not parse fails the run when it opens: every test records that error.)
            if let expression = try? TagExpression.parse(timeout.expression), expression.evaluate(tags) { return nil }
        }
        return timeout
    }
}
