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
        code.append(
            .parameterType(
                ParameterTypeCode(
                    name: name, regularExpressions: [regex] + more, useForSnippets: useForSnippets,
                    preferForRegularExpressionMatch: preferForRegexMatch, location: SourceLocation(file, line),
                    typeName: _typeName(T.self, qualified: false),
                    transform: { groups in try transformer(groups.first.flatMap { $0 } ?? "") })))
    }

    /// The transformer receives every capture group (missing optional groups as "").
    public mutating func parameterType<T>(
        name: String, regex: String, regexes more: [String] = [],
        useForSnippets: Bool = true, preferForRegexMatch: Bool = false,
        file: StaticString = #filePath, line: UInt = #line,
        _ transformer: @escaping @Sendable ([String]) throws -> T
    ) {
        code.append(
            .parameterType(
                ParameterTypeCode(
                    name: name, regularExpressions: [regex] + more, useForSnippets: useForSnippets,
                    preferForRegularExpressionMatch: preferForRegexMatch, location: SourceLocation(file, line),
                    typeName: _typeName(T.self, qualified: false),
                    transform: { groups in try transformer(groups.map { $0 ?? "" }) })))
    }
}
