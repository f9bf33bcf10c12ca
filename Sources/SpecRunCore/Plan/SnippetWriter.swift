import Messages

/// Writes ready-to-paste Swift step definitions for an undefined step, one per expression the
/// Cucumber Expression generator guesses (`I have {int} cukes`, then `I have {float} cukes`, …).
struct SnippetWriter: Sendable {
    let compiler: (any PatternCompiler)?
    /// Custom parameter type name → the Swift type its transformer makes.
    let customTypes: [String: String]
    /// `async`: the closure is written `async throws` (for steps that await); `synchronous` (default): plain.
    var interface: RunConfiguration.SnippetInterface = .synchronous
    private let cache = SnippetCache()

    /// The suggestion for an undefined step: its snippets are the array made for the first step of the same
    /// text (and keyword and argument), not a new one.
    func suggestion(for step: borrowing PickleStep, id: String) -> Suggestion {
        suggestion(pickleStepId: step.id, text: step.text, type: step.type, argument: step.argument, id: id)
    }

    /// The suggestion for the undefined step at `position` of `steps`, its fields read in place (a copy of the
    /// step would retain each of them).
    func suggestion(in steps: [PickleStep], at position: Int, id: String) -> Suggestion {
        steps.withUnsafeBufferPointer { steps in
            suggestion(
                pickleStepId: steps[position].id, text: steps[position].text, type: steps[position].type,
                argument: steps[position].argument, id: id)
        }
    }

    private func suggestion(
        pickleStepId: String, text: String, type: PickleStepType?, argument: PickleStepArgument?,
        id: String
    ) -> Suggestion {
        Suggestion(id: id, pickleStepId: pickleStepId, snippets: snippets(text: text, type: type, argument: argument))
    }

    func snippets(text: String, type: PickleStepType?, argument: PickleStepArgument?) -> [Snippet] {
        let key = SnippetCache.Key(
            text: text, keyword: Self.keyword(type), hasDocString: argument?.docString != nil,
            hasDataTable: argument?.dataTable != nil)
        if let known = cache.snippets(for: key) { return known }
        // (Not made in a closure given to the cache: one capturing the step's fields would copy them for every step.)
        let made = makeSnippets(text: text, type: type, argument: argument).map { Snippet(language: "swift", code: $0) }
        cache.remember(made, for: key)
        return made
    }

    private func makeSnippets(text: String, type: PickleStepType?, argument: PickleStepArgument?) -> [String] {
        var guesses = compiler?.snippetExpressions(for: text) ?? []
        if guesses.isEmpty { guesses = [(expression: Self.escapeExpression(text), parameterTypes: [])] }
        return guesses.map {
            code(
                keyword: Self.keyword(type), expression: $0.expression,
                parameterTypes: $0.parameterTypes, argument: argument)
        }
    }

    func code(keyword: String, expression: String, parameterTypes: [String], argument: PickleStepArgument?) -> String {
        var counters: [String: Int] = [:]
        var parameters = ["world"]
        for type in parameterTypes {
            let base = type.isEmpty ? "arg" : Self.identifier(type)
            counters[base, default: 0] += 1
            parameters.append("\(base)\(counters[base]!): \(swiftType(type))")
        }
        if argument?.docString != nil { parameters.append("docString: DocString") }
        if argument?.dataTable != nil { parameters.append("table: DataTable") }
        let closure = parameters.count == 1 ? "world" : "(" + parameters.joined(separator: ", ") + ")"
        let effects = interface == .async ? " async throws" : ""
        let head = effects.isEmpty ? closure : (parameters.count == 1 ? "(world)" : closure) + effects
        return "steps.\(keyword)(\"\(Self.swiftLiteral(expression))\") { \(head) in\n    try pending()\n}"
    }

    func swiftType(_ parameterType: String) -> String {
        switch parameterType {
        case "int": return "Int"
        case "float": return "Float"
        case "double": return "Double"
        case "bigdecimal": return "Decimal"
        case "byte": return "Int8"
        case "short": return "Int16"
        case "long": return "Int64"
        case "biginteger", "word", "string", "": return "String"
        default: return customTypes[parameterType] ?? "String"
        }
    }

    static func keyword(_ type: PickleStepType?) -> String {
        switch type {
        case .context: return "given"
        case .action: return "when"
        case .outcome: return "then"
        case .unknown, nil: return "step"
        }
    }

    static func identifier(_ name: String) -> String {
        let letters = name.filter { $0.isLetter || $0.isNumber || $0 == "_" }
        guard let first = letters.first else { return "arg" }
        return first.isNumber ? "p" + letters : letters
    }

    static func swiftLiteral(_ text: String) -> String {
        // Most step texts have nothing to escape: no pass over their Characters then.
        if !text.utf8.contains(where: { $0 == 0x5C || $0 == 0x22 || $0 == 0x0A || $0 == 0x09 }) { return text }
        var out = ""
        for character in text {
            switch character {
            case "\\": out += "\\\\"
            case "\"": out += "\\\""
            case "\n": out += "\\n"
            case "\t": out += "\\t"
            default: out.append(character)
            }
        }
        return out
    }

    /// Escapes the characters that mean something in a Cucumber Expression.
    static func escapeExpression(_ text: String) -> String {
        if !text.utf8.contains(where: { $0 == 0x5C || $0 == 0x7B || $0 == 0x7D || $0 == 0x28 || $0 == 0x29 || $0 == 0x2F }) {
            return text
        }
        var out = ""
        for character in text {
            if "\\{}()/".contains(character) { out += "\\" }
            out.append(character)
        }
        return out
    }
}
