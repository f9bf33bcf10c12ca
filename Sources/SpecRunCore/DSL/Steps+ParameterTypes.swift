/// Custom parameter types for Cucumber Expressions: `{name}` matches one of the regular expressions and
/// the transformer turns the matched text into the value handed to the step closure.
///
///     steps.parameterType(name: "status", regex: "online|offline") { (text: String) in Status(rawValue: text)! }
///     steps.parameterType(name: "flight", regex: "([A-Z]{3})-([A-Z]{3})") { (groups: [String]) in
///         Flight(from: groups[0], to: groups[1])
///     }
extension Steps {
    /// The transformer receives the whole match, or the first capture group when the regex has groups.
    public mutating func parameterType<T>(
        name: String, regex: String, regexes more: [String] = [],
        useForSnippets: Bool = true, preferForRegexMatch: Bool = false,
        file: StaticString = #filePath, line: UInt = #line,
        _ transformer: @escaping @Sendable (String) throws -> T
    ) {
        append(
            T.self, name: name, regexes: [regex] + more, useForSnippets: useForSnippets, preferForRegexMatch: preferForRegexMatch,
            at: SourceLocation(file, line)
        ) { groups in try transformer(groups.first.flatMap { $0 } ?? "") }
    }

    /// The transformer receives every capture group (missing optional groups as "").
    public mutating func parameterType<T>(
        name: String, regex: String, regexes more: [String] = [],
        useForSnippets: Bool = true, preferForRegexMatch: Bool = false,
        file: StaticString = #filePath, line: UInt = #line,
        _ transformer: @escaping @Sendable ([String]) throws -> T
    ) {
        append(
            T.self, name: name, regexes: [regex] + more, useForSnippets: useForSnippets, preferForRegexMatch: preferForRegexMatch,
            at: SourceLocation(file, line)
        ) { groups in try transformer(groups.map { $0 ?? "" }) }
    }

    /// Either form's parameter type, its transformer given the capture groups as the expression matched them.
    private mutating func append<T>(
        _ type: T.Type, name: String, regexes: [String], useForSnippets: Bool, preferForRegexMatch: Bool,
        at location: SourceLocation, transform: @escaping @Sendable ([String?]) throws -> Any
    ) {
        code.append(
            .parameterType(
                ParameterTypeCode(
                    name: name, regularExpressions: regexes, useForSnippets: useForSnippets,
                    preferForRegularExpressionMatch: preferForRegexMatch, location: location,
                    typeName: _typeName(T.self, qualified: false), transform: transform)))
    }
}
