import Messages
import TagExpressions

/// Every step definition, hook and parameter type of the run, compiled, with their message ids.
struct StepRegistry: Sendable {
    var steps: [RegisteredStep] = []
    var hooks: [RegisteredHook] = []
    var parameterTypes: [RegisteredParameterType] = []
    /// Definition order across kinds: the order of the support-code messages.
    var order: [Entry] = []
    /// Step definitions left out because their expression names an unknown parameter type.
    var undefinedParameterTypes: [UndefinedParameterType] = []
    var compiler: (any PatternCompiler)?

    enum Entry: Sendable { case step(Int), hook(Int), parameterType(Int) }

    func hooks(_ kind: HookKind) -> [RegisteredHook] {
        hooks.filter { $0.code.kind == kind }
    }

    /// Before-type hooks sorted by (order, definition); after-type hooks the reverse.
    func hooks(_ kind: HookKind, for tags: [String]) -> [RegisteredHook] {
        let sorted = hooks(kind).enumerated()
            .sorted { ($0.element.code.order, $0.offset) < ($1.element.code.order, $1.offset) }
            .map(\.element)
            .filter { $0.applies(to: tags) }
        switch kind {
        case .after, .afterStep, .afterAll: return sorted.reversed()
        case .before, .beforeStep, .beforeAll: return sorted
        }
    }
}

struct RegisteredStep: Sendable {
    var id = ""
    let code: StepDefinitionCode
    let pattern: any CompiledPattern
    let scope: TagExpression?

    var description: StepDefinitionDescription {
        StepDefinitionDescription(pattern: code.pattern, location: code.location)
    }

    func applies(to tags: [String]) -> Bool {
        scope?.evaluate(tags: tags) ?? true
    }
}

struct RegisteredHook: Sendable {
    var id = ""
    let code: HookCode
    let tags: TagExpression?
    let scope: TagExpression?

    func applies(to tags: [String]) -> Bool {
        (self.tags?.evaluate(tags: tags) ?? true) && (scope?.evaluate(tags: tags) ?? true)
    }
}

struct RegisteredParameterType: Sendable {
    var id = ""
    let code: ParameterTypeCode
}
