import Messages
import TagExpressions

extension StepRegistry {
    /// Every library's support code, in library then registration order, with the library's scope.
    /// A library listed twice is registered once.
    static func collect(_ libraries: [any StepLibrary.Type]) -> [SupportCode] {
        var seen = Set<ObjectIdentifier>()
        return libraries.filter { seen.insert(ObjectIdentifier($0)).inserted }.flatMap { collect($0) }
    }

    private static func collect<L: StepLibrary>(_ library: L.Type) -> [SupportCode] {
        var steps = Steps<L.WorldType>()
        L.register(&steps)
        let scope = L.scope
        return steps.code.map { code in
            switch code {
            case .step(var step): step.scope = scope; return .step(step)
            case .hook(var hook):
                if !hook.kind.isOutsideTestCases { hook.scope = scope }
                return .hook(hook)
            case .parameterType: return code
            }
        }
    }

    /// Compiles every pattern and tag expression; throws `SpecRunError` for the first bad one.
    static func build(
        _ code: [SupportCode],
        policy: RunConfiguration.UnknownParameterTypePolicy,
        makeCompiler: ([ParameterTypeCode]) throws -> any PatternCompiler
    ) throws -> StepRegistry {
        var registry = StepRegistry()
        let parameterTypes = code.compactMap { if case .parameterType(let type) = $0 { return type } else { return nil } }
        let compiler = try makeCompiler(parameterTypes)
        registry.compiler = compiler
        for entry in code {
            switch entry {
            case .parameterType(let type):
                registry.order.append(.parameterType(registry.parameterTypes.count))
                registry.parameterTypes.append(RegisteredParameterType(code: type))
            case .hook(let hook):
                let tags = try hook.tags.map { try tagExpression($0, at: hook.location) }
                let scope = try hook.scope.map { try tagExpression($0, at: hook.location) }
                registry.order.append(.hook(registry.hooks.count))
                registry.hooks.append(RegisteredHook(code: hook, tags: tags, scope: scope))
            case .step(let step):
                let scope = try step.scope.map { try tagExpression($0, at: step.location) }
                let pattern: any CompiledPattern
                do {
                    pattern = try compiler.compile(step.pattern)
                } catch PatternError.unknownParameterType(let name) {
                    guard policy == .report else {
                        throw SpecRunError.unknownParameterType(
                            name: name, pattern: step.pattern.source,
                            location: step.location.description)
                    }
                    registry.undefinedParameterTypes.append(
                        UndefinedParameterType(expression: step.pattern.source, name: name))
                    continue
                } catch PatternError.invalid(let reason) {
                    throw SpecRunError.badStepPattern(
                        pattern: step.pattern.source,
                        location: step.location.description, reason: reason)
                } catch PatternError.badParameterType(let name, let reason) {
                    throw SpecRunError.badParameterType(name: name, location: step.location.description, reason: reason)
                }
                registry.order.append(.step(registry.steps.count))
                registry.steps.append(RegisteredStep(code: step, pattern: pattern, scope: scope))
            }
        }
        return registry
    }

    private static func tagExpression(_ text: String, at location: SourceLocation) throws -> TagExpression {
        do {
            return try TagExpression.parse(text)
        } catch {
            throw SpecRunError.badTagExpression(expression: text, reason: "\(error) (at \(location))")
        }
    }
}
