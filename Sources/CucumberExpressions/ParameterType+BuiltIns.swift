import Foundation

/// The built-in parameter types with the official regexps and transformations:
///
/// | name | Swift type | regexps |
/// | --- | --- | --- |
/// | `{int}` | `Int` | `-?\d+`, `\d+` (preferred for regexp matches) |
/// | `{float}` | `Float` | the official float regexp (`1`, `-3.5`, `.22`, `+1.5E+3`) |
/// | `{word}` | `String` | `[^\s]+` |
/// | `{string}` | `String` | `"…"` or `'…'` with `\"` / `\'` escapes; the quotes are removed |
/// | `{}` | `String` | `.*` (preferred for regexp matches) |
/// | `{bigdecimal}` | `Decimal` | the float regexp (exact up to 38 significant digits) |
/// | `{biginteger}` | `BigInteger` | the int regexps (any size, kept as digits) |
/// | `{byte}` `{short}` `{long}` | `Int8` `Int16` `Int64` | the int regexps |
/// | `{double}` | `Double` | the float regexp |
///
/// A value that does not fit its type (e.g. `300` for `{byte}`) is a transformation error, not a crash.
extension ParameterType {
    static let integerRegexps = [#"-?\d+"#, #"\d+"#]
    static let floatRegexp = #"(?=.*\d.*)[-+]?\d*(?:\.(?=\d.*))?\d*(?:\d+[E][+-]?\d+)?"#
    static let wordRegexp = #"[^\s]+"#
    static let stringRegexp = #""([^"\\]*(\\.[^"\\]*)*)"|'([^'\\]*(\\.[^'\\]*)*)'"#
    static let anonymousRegexp = ".*"

    static var builtIns: [ParameterType] {
        [
            ParameterType(
                name: "int", regexps: integerRegexps, useForSnippets: true, preferForRegexpMatch: true,
                transform: { try number($0, "int", Int.self) }),
            ParameterType(
                name: "float", regexps: [floatRegexp], useForSnippets: true, preferForRegexpMatch: false,
                transform: { try number($0, "float", Float.self) }),
            ParameterType(
                name: "word", regexps: [wordRegexp], useForSnippets: false, preferForRegexpMatch: false,
                transform: { $0 }),
            ParameterType(
                name: "string", regexps: [stringRegexp], type: String.self, useForSnippets: true,
                preferForRegexpMatch: false, transformGroups: { unquote($0) }),
            ParameterType(
                name: "", regexps: [anonymousRegexp], useForSnippets: false, preferForRegexpMatch: true,
                transform: { $0 }),
            ParameterType(
                name: "double", regexps: [floatRegexp], useForSnippets: false, preferForRegexpMatch: false,
                transform: { try number($0, "double", Double.self) }),
            ParameterType(
                name: "bigdecimal", regexps: [floatRegexp], useForSnippets: false, preferForRegexpMatch: false,
                transform: { try decimal($0) }),
            ParameterType(
                name: "byte", regexps: integerRegexps, useForSnippets: false, preferForRegexpMatch: false,
                transform: { try number($0, "byte", Int8.self) }),
            ParameterType(
                name: "short", regexps: integerRegexps, useForSnippets: false, preferForRegexpMatch: false,
                transform: { try number($0, "short", Int16.self) }),
            ParameterType(
                name: "long", regexps: integerRegexps, useForSnippets: false, preferForRegexpMatch: false,
                transform: { try number($0, "long", Int64.self) }),
            ParameterType(
                name: "biginteger", regexps: integerRegexps, useForSnippets: false, preferForRegexpMatch: false,
                transform: { text in
                    guard let value = BigInteger(text) else { throw cannotTransform(text, "biginteger", "BigInteger") }
                    return value
                }),
        ]
    }

    private static func number<T: LosslessStringConvertible & Sendable>(_ text: String, _ name: String, _ type: T.Type) throws -> T {
        guard let value = T(text) else { throw cannotTransform(text, name, String(describing: type)) }
        return value
    }

    private static func decimal(_ text: String) throws -> Decimal {
        guard let value = Decimal(string: text, locale: Locale(identifier: "en_US_POSIX")) else {
            throw cannotTransform(text, "bigdecimal", "Decimal")
        }
        return value
    }

    /// `{string}`: the double-quoted or single-quoted content, with `\"` and `\'` unescaped.
    private static func unquote(_ values: [String?]) -> String {
        let content = values.compactMap { $0 }.first { !$0.isEmpty } ?? ""
        // Most strings have nothing escaped: skip the two Foundation replacements (a hot path of every run).
        guard content.utf8.contains(UInt8(ascii: "\\")) else { return content }
        return
            content
            .replacingOccurrences(of: "\\\"", with: "\"")
            .replacingOccurrences(of: "\\'", with: "'")
    }

    private static func cannotTransform(_ text: String, _ name: String, _ type: String) -> CucumberExpressionError {
        CucumberExpressionError(
            "The text \"\(text)\" matched {\(name)} but can not be represented as \(type): it is out of range or malformed. "
                + "Use a wider parameter type (e.g. {long}, {biginteger} or {bigdecimal}).")
    }
}
