import Foundation
import Messages

extension StepRegistry {
    /// Gives every definition its id, in definition order, and returns the support-code messages
    /// (parameterType, stepDefinition, hook, then undefinedParameterType) in that order.
    mutating func assignIds(_ ids: IdGenerator, relativeTo root: String?) -> [Envelope] {
        var envelopes: [Envelope] = []
        for entry in order {
            switch entry {
            case .parameterType(let index):
                parameterTypes[index].id = ids.newId()
                let type = parameterTypes[index]
                envelopes.append(
                    Envelope(
                        parameterType: ParameterType(
                            name: type.code.name, regularExpressions: type.code.regularExpressions,
                            preferForRegularExpressionMatch: type.code.preferForRegularExpressionMatch,
                            useForSnippets: type.code.useForSnippets, id: type.id,
                            sourceReference: Self.reference(type.code.location, root))))
            case .step(let index):
                steps[index].id = ids.newId()
                let step = steps[index]
                let pattern: StepDefinitionPattern
                switch step.code.pattern {
                case .cucumberExpression(let source): pattern = StepDefinitionPattern(source: source, type: .cucumberExpression)
                case .regularExpression(let source): pattern = StepDefinitionPattern(source: source, type: .regularExpression)
                }
                envelopes.append(
                    Envelope(
                        stepDefinition: StepDefinition(
                            id: step.id, pattern: pattern, sourceReference: Self.reference(step.code.location, root))))
            case .hook(let index):
                hooks[index] = hooks[index].with(id: ids.newId())
                let hook = hooks[index]
                envelopes.append(
                    Envelope(
                        hook: Hook(
                            id: hook.id, name: hook.code.kind.messageName(hook.code.name),
                            sourceReference: Self.reference(hook.code.location, root),
                            tagExpression: hook.code.tags, type: hook.code.kind.messageType)))
            }
        }
        envelopes += undefinedParameterTypes.map { Envelope(undefinedParameterType: $0) }
        for kind in HookKind.allCases {
            hooksInOrder[kind] = Self.runningOrder(hooks, kind)
        }
        return envelopes
    }

    static func reference(_ location: SourceLocation, _ root: String?) -> SourceReference {
        SourceReference(uri: relativePath(location.file, to: root), location: Location(line: location.line))
    }
}

/// `path` relative to `root` (the working folder) when it is below it, else as it is (absolute): how the run, its
/// reports and `specrun check` name files. Below it through a symbolic link too (macOS's `/var` is `/private/var`,
/// and a package built through a link has its step definitions' `#filePath` under the link, while the working
/// folder is the resolved path).
func relativePath(_ path: String, to root: String?) -> String {
    guard let root, !root.isEmpty else { return path }
    if let relative = below(path, root) { return relative }
    guard path.hasPrefix("/"), root.hasPrefix("/") else { return path }
    return below(resolvingLinks(path), resolvingLinks(root)) ?? path
}

private func below(_ path: String, _ root: String) -> String? {
    let prefix = root.hasSuffix("/") ? root : root + "/"
    return path.hasPrefix(prefix) ? String(path.dropFirst(prefix.count)) : nil
}

private func resolvingLinks(_ path: String) -> String {
    URL(fileURLWithPath: path).resolvingSymlinksInPath().path
}

extension HookKind {
    /// (Cucumber Messages have no type for a feature's hooks: theirs is nil, and their name says what they are.)
    var messageType: HookType? {
        switch self {
        case .beforeFeature, .afterFeature: return nil
        case .beforeAll: return .beforeTestRun
        case .afterAll: return .afterTestRun
        case .before: return .beforeTestCase
        case .after: return .afterTestCase
        case .beforeStep: return .beforeTestStep
        case .afterStep: return .afterTestStep
        }
    }

    /// A feature hook's name in its message: `BeforeFeature hook "open the shop"` (reports label a hook of no type
    /// by its name); the others' as written.
    func messageName(_ name: String?) -> String? {
        switch self {
        case .beforeFeature, .afterFeature:
            let kind = self == .beforeFeature ? "BeforeFeature" : "AfterFeature"
            return "\(kind) hook" + (name.map { " \"\($0)\"" } ?? "")
        default: return name
        }
    }
}
