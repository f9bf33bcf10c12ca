import Foundation

/// For a step no definition in its scenario's scope matches: the definitions that would match it were their
/// library not scoped to tags (`static let scope = "@quiz"`), so `check`, the language server and a run say which
/// scope the step needs instead of "undefined" with the same text as a hint.
package struct OutOfScopeMatch: Sendable, Equatable {
    /// The library's scope, as written.
    package let scope: String
    /// The definition's pattern and where it is (`Specs/QuizSteps.swift:12`).
    package let pattern: String
    package let location: String

    /// "'the quiz starts' at Specs/QuizSteps.swift:12 matches it, but its library is scoped to '@quiz', which this
    /// scenario's tags do not match (tag the scenario so, or define the step in a library without a scope)".
    package var message: String {
        "'\(pattern)' at \(location) matches it, but its library is scoped to '\(scope)', which this scenario's tags do not match "
            + "(tag the scenario so, or define the step in a library without a scope)"
    }
}

extension SpecRunner {
    /// A lookup of the scoped definitions matching a text (the first one), built once from the libraries; nil when
    /// no library is scoped or the definitions do not compile.
    package func outOfScopeMatcher() -> (@Sendable (String) -> OutOfScopeMatch?)? {
        let code = StepRegistry.collect(libraries)
        guard code.contains(where: { if case .step(let step) = $0 { return step.scope != nil } else { return false } }),
            let registry = try? StepRegistry.build(code, policy: configuration.unknownParameterTypes, makeCompiler: makeCompiler)
        else { return nil }
        return Self.outOfScopeMatcher(registry, root: configuration.workingDirectory ?? FileManager.default.currentDirectoryPath)
    }

    /// The same lookup over a registry already built (a run's); nil when no library is scoped.
    static func outOfScopeMatcher(_ registry: StepRegistry, root: String?) -> (@Sendable (String) -> OutOfScopeMatch?)? {
        let scoped = registry.steps.filter { $0.code.scope != nil }
        guard !scoped.isEmpty else { return nil }
        return { text in
            guard let step = scoped.first(where: { $0.pattern.match(text) != nil }), let scope = step.code.scope else { return nil }
            let location = root.map { step.code.location.relative(to: $0) } ?? step.code.location
            return OutOfScopeMatch(scope: scope, pattern: step.code.pattern.source, location: "\(location)")
        }
    }
}
