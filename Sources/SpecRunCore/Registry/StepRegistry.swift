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
    /// What step texts matched in earlier runs with the same definitions (a language server's), if kept.
    var textMatches: TextMatches?

    enum Entry: Sendable { case step(Int), hook(Int), parameterType(Int) }

    /// The hooks of each kind in running order, made once the ids are assigned.
    var hooksInOrder = HooksByKind()

    /// Before-type hooks sorted by (order, definition); after-type hooks the reverse.
    static func runningOrder(_ hooks: [RegisteredHook], _ kind: HookKind) -> [RegisteredHook] {
        let sorted = hooks.filter { $0.code.kind == kind }.enumerated()
            .sorted { ($0.element.code.order, $0.offset) < ($1.element.code.order, $1.offset) }
            .map(\.element)
        switch kind {
        case .after, .afterStep, .afterAll, .afterFeature: return sorted.reversed()
        case .before, .beforeStep, .beforeAll, .beforeFeature: return sorted
        }
    }

    /// The hooks of a kind that apply to a pickle with these tags, in running order.
    func hooks(_ kind: HookKind, for tags: [String]) -> [RegisteredHook] {
        let all = hooksInOrder[kind] ?? Self.runningOrder(hooks, kind)
        return all.contains { $0.tags != nil || $0.scope != nil } ? all.filter { $0.applies(to: tags) } : all
    }
}

/// A list of hooks for each kind, found by the kind's number: a test case asks for four kinds as it is planned and
/// run (a dictionary keyed by kind hashed the kind at each: 16 M instructions of a c10k run's worker, callgrind).
struct HooksByKind: Sendable {
    private var lists = [[RegisteredHook]?](repeating: nil, count: HookKind.allCases.count)

    subscript(kind: HookKind) -> [RegisteredHook]? {
        get { lists[kind.rawValue] }
        set { lists[kind.rawValue] = newValue }
    }
}

struct RegisteredStep: Sendable {
    var id = "" { didSet { idArray = [id] } }
    /// `[id]`, made once: the `stepDefinitionIds` of every test step this definition alone matched, one array for
    /// them all (a report keeps one array a definition; it need not look each step's up to share it).
    private(set) var idArray = [""]
    let code: StepDefinitionCode
    let pattern: any CompiledPattern
    let scope: TagExpression?

    func description(relativeTo root: String?) -> StepDefinitionDescription {
        StepDefinitionDescription(pattern: code.pattern, location: code.location, root: root)
    }

    func applies(to tags: [String]) -> Bool {
        scope?.evaluate(tags: tags) ?? true
    }
}

/// A class: every planned test case holds the hooks that frame it, one reference each (a struct of this size was
/// copied field by field, a retain and a release of each, with every planned step).
final class RegisteredHook: Sendable {
    let id: String
    let code: HookCode
    let tags: TagExpression?
    let scope: TagExpression?

    init(id: String = "", code: HookCode, tags: TagExpression?, scope: TagExpression?) {
        self.id = id
        self.code = code
        self.tags = tags
        self.scope = scope
    }

    /// The same hook with its id.
    func with(id: String) -> RegisteredHook { RegisteredHook(id: id, code: code, tags: tags, scope: scope) }

    func applies(to tags: [String]) -> Bool {
        (self.tags?.evaluate(tags: tags) ?? true) && (scope?.evaluate(tags: tags) ?? true)
    }
}

struct RegisteredParameterType: Sendable {
    var id = ""
    let code: ParameterTypeCode
}
