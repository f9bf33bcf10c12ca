import CucumberExpressions
import Messages

/// The real `PatternCompiler`: Cucumber Expressions and regular expressions from the
/// CucumberExpressions module, with the run's custom parameter types registered.
struct ExpressionCompiler: PatternCompiler {
    let registry: ParameterTypeRegistry
    /// Made once: it compiles a regex per snippet parameter type, and every undefined step asks it.
    private let generator: CucumberExpressionGenerator

    /// Throws `SpecRunError.badParameterType` for an invalid or duplicate custom parameter type.
    init(parameterTypes: [ParameterTypeCode]) throws {
        var registry = ParameterTypeRegistry()
        for code in parameterTypes {
            let transform = code.transform
            let type = CucumberExpressions.ParameterType.withGroups(
                name: code.name, regexps: code.regularExpressions, type: TransformedValue.self,
                useForSnippets: code.useForSnippets, preferForRegexpMatch: code.preferForRegularExpressionMatch,
                transform: { values in TransformedValue(value: try transform(values)) })
            do {
                try registry.define(type)
            } catch {
                throw SpecRunError.badParameterType(
                    name: code.name, location: code.location.description,
                    reason: "\(error)")
            }
        }
        self.registry = registry
        generator = CucumberExpressionGenerator(registry: registry)
    }

    func compile(_ pattern: StepPattern) throws -> any CompiledPattern {
        do {
            switch pattern {
            case .cucumberExpression(let source):
                return CompiledExpression(
                    expression: try CucumberExpression(source, registry: registry),
                    requiredWords: RequiredWords(cucumberExpression: source))
            case .regularExpression(let source):
                return CompiledExpression(
                    expression: try RegularExpression(source, registry: registry),
                    requiredWords: RequiredWords())
            }
        } catch let error as CucumberExpressionError {
            if let name = Self.undefinedParameterTypeName(error.message) {
                throw PatternError.unknownParameterType(name: name)
            }
            throw PatternError.invalid(reason: error.message)
        } catch {
            throw PatternError.invalid(reason: "\(error)")
        }
    }

    func snippetExpressions(for text: String) -> [(expression: String, parameterTypes: [String])] {
        generator.generateExpressions(text).map {
            (expression: $0.source, parameterTypes: $0.parameterTypes.map { $0.name ?? "" })
        }
    }

    /// "…Undefined parameter type 'airport'…" → "airport".
    static func undefinedParameterTypeName(_ message: String) -> String? {
        guard let start = message.range(of: "Undefined parameter type '") else { return nil }
        let rest = message[start.upperBound...]
        guard let end = rest.firstIndex(of: "'") else { return nil }
        return String(rest[..<end])
    }
}

/// A custom parameter type's value on its way from the transformer to the step closure (`ArgumentCursor` takes it
/// out of the box).
// @unchecked: a user type's value, made by its transformer in the test case's task right before the step closure that consumes it there
struct TransformedValue: @unchecked Sendable {
    let value: Any
}

struct CompiledExpression: CompiledPattern {
    /// The type name of every custom parameter type (its transformer is user code); built-in ones name theirs.
    static let customTypeName = _typeName(TransformedValue.self, qualified: false)

    let expression: any StepExpression
    var requiredWords = RequiredWords()

    func mayMatch(utf8 text: UnsafeBufferPointer<UInt8>) -> Bool { requiredWords.mayMatch(utf8: text) }

    func match(_ text: String) -> [MatchedArgument]? {
        expression.match(text)?.map { argument in
            MatchedArgument(
                group: Self.message(argument.group), parameterTypeName: argument.parameterTypeName,
                value: { try argument.value() },
                pure: argument.parameterType.typeName != Self.customTypeName)
        }
    }

    static func message(_ group: CucumberExpressions.Group) -> Messages.Group {
        Messages.Group(
            children: group.children.isEmpty ? nil : group.children.map(message),
            start: group.start, value: group.value)
    }
}
