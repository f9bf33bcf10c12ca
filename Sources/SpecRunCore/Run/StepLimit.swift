import Foundation
import TagExpressions

/// How long one step or hook may run, and where that limit was set (for the timeout's message).
/// `seconds` 0: no limit.
public struct StepLimit: Sendable, Equatable {
    public var seconds: Double
    /// "@timeout:1s", "the step definition's timeout (Steps.swift:12)", "--tag-timeout '@slow=30s'"…
    public var source: String

    public init(seconds: Double, source: String) {
        self.seconds = seconds
        self.source = source
    }
}

/// A timeout for the scenarios whose tags match an expression: `--tag-timeout '@slow=30s'`, or a profile's
/// `"timeouts": {"@slow": "30s"}`.
public struct TagTimeout: Sendable, Equatable, Codable {
    public var expression: String
    public var seconds: Double

    public init(expression: String, seconds: Double) {
        self.expression = expression
        self.seconds = seconds
    }

    /// `EXPR=DURATION` (`@slow=30s`, `@db and not @fast=2m`): split at the last `=`.
    public init?(parsing text: String) {
        guard let equals = text.lastIndex(of: "="),
            let seconds = TimeoutText.seconds(String(text[text.index(after: equals)...]))
        else { return nil }
        let expression = text[..<equals].trimmingCharacters(in: .whitespaces)
        guard !expression.isEmpty else { return nil }
        self.init(expression: expression, seconds: seconds)
    }
}

/// A duration as a timeout tag or option writes it: `500ms`, `5s`, `1.5s`, `2m`, or a plain number of seconds.
/// At most a year; 0 for no limit.
public enum TimeoutText {
    public static let maximumSeconds: Double = 365 * 24 * 3600

    public static func seconds(_ text: String) -> Double? {
        let trimmed = text.trimmingCharacters(in: .whitespaces).lowercased()
        var number = Substring(trimmed), scale = 1.0
        if trimmed.hasSuffix("ms") {
            number = number.dropLast(2); scale = 0.001
        } else if trimmed.hasSuffix("s") {
            number = number.dropLast(1)
        } else if trimmed.hasSuffix("m") {
            number = number.dropLast(1); scale = 60
        } else if trimmed.hasSuffix("h") {
            number = number.dropLast(1); scale = 3600
        }
        guard !number.isEmpty, number.allSatisfy({ $0.isASCII && ($0.isNumber || $0 == ".") }),
            let value = Double(number), value.isFinite, value >= 0
        else { return nil }
        let seconds = value * scale
        return seconds <= maximumSeconds ? seconds : nil
    }

    /// "1 s", "500 ms", "1.5 s": a limit as a message says it.
    public static func describe(_ seconds: Double) -> String {
        if seconds < 1, seconds > 0 {
            let ms = seconds * 1000
            return ms == ms.rounded() ? "\(Int(ms)) ms" : "\(ms) ms"
        }
        return seconds == seconds.rounded() ? "\(Int(seconds)) s" : "\(seconds) s"
    }
}

/// The timeouts set for scenarios: a `@timeout:DURATION` tag (on the feature, rule, scenario or examples; the
/// innermost wins, as each pickle lists its tags outermost first), else the longest of the run's tag timeouts
/// whose expression matches. A step definition's own timeout comes before both (see `TestCaseRunner`); the run's
/// `--timeout` applies to everything else.
struct ScopedTimeouts: Sendable {
    static let tagPrefix = "@timeout:"

    let rules: [(expression: TagExpression, text: String, seconds: Double)]
    static let empty = ScopedTimeouts(rules: [])

    private init(rules: [(expression: TagExpression, text: String, seconds: Double)]) { self.rules = rules }

    init(_ timeouts: [TagTimeout]) throws {
        rules = try timeouts.map { timeout in
            do { return (try TagExpression.parse(timeout.expression), timeout.expression, timeout.seconds) } catch {
                throw SpecRunError.badTagExpression(expression: timeout.expression, reason: "\(error)")
            }
        }
    }

    enum Scenario: Sendable, Equatable {
        /// The run's `--timeout`.
        case none
        case limit(StepLimit)
        /// A `@timeout:` tag whose value is no duration: the scenario fails with this message.
        case invalid(String)
    }

    func scenario(tags: [String]) -> Scenario {
        if let tag = tags.last(where: Self.isTimeoutTag) {
            guard let seconds = TimeoutText.seconds(String(tag.dropFirst(Self.tagPrefix.count))) else {
                return .invalid(Self.invalidTagMessage(tag))
            }
            return .limit(StepLimit(seconds: seconds, source: tag))
        }
        var found: StepLimit?
        for rule in rules where rule.seconds > (found?.seconds ?? -1) && rule.expression.evaluate(tags: tags) {
            found = StepLimit(
                seconds: rule.seconds,
                source: "--tag-timeout '\(rule.text)=\(TimeoutText.describe(rule.seconds).replacingOccurrences(of: " ", with: ""))'")
        }
        return found.map(Scenario.limit) ?? .none
    }

    /// Whether a tag is a `@timeout:` tag whose value is no duration.
    static func isInvalid(_ tag: String) -> Bool {
        isTimeoutTag(tag) && TimeoutText.seconds(String(tag.dropFirst(tagPrefix.count))) == nil
    }

    /// Whether `tag` starts with `@timeout:`: its length and second byte first (every scenario's tags are asked, and
    /// few tags start with `@t`), then as text, which tells a `:` that a combining mark follows from a colon. None of
    /// the prefix's characters has another canonical spelling, so a tag whose second byte is not a `t` does not start
    /// with the prefix. (`utf8.starts(with:)` cost 200 instructions a tag, `hasPrefix` 76.)
    static func isTimeoutTag(_ tag: String) -> Bool {
        let bytes = tag.utf8
        guard bytes.count >= tagPrefix.utf8.count, bytes[bytes.index(after: bytes.startIndex)] == UInt8(ascii: "t") else {
            return false
        }
        return tag.hasPrefix(tagPrefix)
    }

    static func invalidTagMessage(_ tag: String) -> String {
        "tag '\(tag)': expected a duration such as @timeout:5s, @timeout:500ms or @timeout:2m (0 for no limit)"
    }
}

/// The check a run and `specrun check` make of a document's tags, for a `file:line:column` line each.
public enum TimeoutTags {
    public static func isInvalid(_ tag: String) -> Bool { ScopedTimeouts.isInvalid(tag) }
    public static func message(_ tag: String) -> String { ScopedTimeouts.invalidTagMessage(tag) }
}
