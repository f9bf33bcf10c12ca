/// Type-erased support code, in the order it was registered (the order of the stepDefinition, hook and
/// parameterType messages).
enum SupportCode: Sendable {
    case step(StepDefinitionCode)
    case hook(HookCode)
    case parameterType(ParameterTypeCode)
}

enum StepPattern: Sendable, Equatable {
    case cucumberExpression(String)
    case regularExpression(String)

    var source: String {
        switch self {
        case .cucumberExpression(let source), .regularExpression(let source): return source
        }
    }
}

/// One value handed to a step body, before it is converted to the closure's parameter type.
enum RawArgument {
    /// A match of the expression: the transformed value (nil when the parameter type gave nothing; a custom
    /// parameter type's in its `TransformedValue`) and its text.
    case match(value: (any Sendable)?, text: String?, parameterType: String?)
    case dataTable(DataTable)
    case docString(DocString)
}

struct StepDefinitionCode: Sendable {
    let pattern: StepPattern
    let location: SourceLocation
    /// The closure's parameter types after the world, for arity checks and messages.
    let argumentTypeNames: [String]
    let invoke: @Sendable (WorldStore, [RawArgument], StepDefinitionDescription) async throws -> Void
    /// Converts a step's values to the closure's parameter types without running it: throws `ArgumentMismatch`
    /// when they do not fit (a dry run that checks arguments calls it instead of the body).
    var fit: @Sendable ([RawArgument], StepDefinitionDescription) throws -> Void = { _, _ in }
    /// The closure's values converted once from match values that are the same at every run (`PureValues`), kept
    /// in a box; nil when they do not fit or a parameter is not of a plain value type (see `PreparedArguments`).
    var prepare: @Sendable ([RawArgument]) -> (any AnyObject & Sendable)? = { _ in nil }
    /// Runs the closure with the values `prepare` made.
    var invokePrepared: @Sendable (WorldStore, any AnyObject & Sendable) async throws -> Void = { _, _ in }
    var scope: String? = nil
    /// `timeout:` of the definition, in seconds (0: none): how long the step may run, before any scenario's limit.
    var timeout: Double? = nil
}

/// How a step definition names itself in errors: `"I have {int} cukes" (Steps.swift:12)`.
/// Made for every step run, so the location is made relative to `root` only when an error is written.
struct StepDefinitionDescription: Sendable, CustomStringConvertible {
    let pattern: StepPattern
    let location: SourceLocation
    var root: String? = nil
    var description: String { "step definition \"\(pattern.source)\" (\(location.relative(to: root)))" }
}

enum HookKind: Int, Sendable, Equatable, CaseIterable {
    case beforeAll, afterAll, before, after, beforeStep, afterStep
    /// Around the scenarios of one feature that a process runs in a row (`RunSession`); no World, no tags.
    case beforeFeature, afterFeature

    /// Run once around a run or a feature, outside every test case (reported as run hook messages).
    var isOutsideTestCases: Bool { self == .beforeAll || self == .afterAll || self == .beforeFeature || self == .afterFeature }
}

struct HookCode: Sendable {
    let kind: HookKind
    let name: String?
    let tags: String?
    let order: Int
    let location: SourceLocation
    /// The world store is nil for beforeAll/afterAll.
    let invoke: @Sendable (WorldStore?) async throws -> Void
    var scope: String? = nil
}

struct ParameterTypeCode: Sendable {
    let name: String
    let regularExpressions: [String]
    let useForSnippets: Bool
    let preferForRegularExpressionMatch: Bool
    let location: SourceLocation
    /// The Swift type the transformer makes, for snippets.
    let typeName: String
    /// Receives every capture group of the match (or the whole match when the regex has no groups).
    let transform: @Sendable ([String?]) throws -> Any
}
