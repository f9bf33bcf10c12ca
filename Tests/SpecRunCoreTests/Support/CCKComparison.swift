import Foundation

/// Compares a stream with a CCK expected `.ndjson` the way ../shared/reference/cck/COMPARE.md §9 suggests:
/// same envelope types in the same order, and deep equality after removing ids, references, uris,
/// lines/columns, timestamps/durations, messages, stack traces, snippet code and language, and `meta`
/// contents; `exception.type` is free text (present exactly when expected).
enum CCKComparison {
    static let ignoredKeys: Set<String> = [
        "uri", "line", "column", "id", "astNodeId", "astNodeIds", "hookId", "pickleId", "pickleStepId",
        "stepDefinitionIds", "testRunStartedId", "testRunHookStartedId", "testCaseId", "testCaseStartedId",
        "testStepId", "seconds", "nanos", "message", "stackTrace", "code", "language",
    ]

    /// The differences, as lines for humans; empty when the streams match.
    /// `trimDescriptions` drops whitespace-only trailing lines of descriptions on both sides.
    static func differences(actual: String, expected: String, trimDescriptions: Bool = false) -> [String] {
        let a = parse(actual), e = parse(expected)
        let aKinds = a.map(kind), eKinds = e.map(kind)
        guard aKinds == eKinds else {
            let first = zip(aKinds, eKinds).enumerated().first { $0.element.0 != $0.element.1 }?.offset ?? min(aKinds.count, eKinds.count)
            return ["envelope types differ at #\(first + 1): actual \(aKinds.dropFirst(first).prefix(4)) expected \(eKinds.dropFirst(first).prefix(4)) (counts \(aKinds.count) vs \(eKinds.count))"]
        }
        var problems: [String] = []
        for (index, (actual, expected)) in zip(a, e).enumerated() {
            let left = normalize(actual, trim: trimDescriptions), right = normalize(expected, trim: trimDescriptions)
            if !NSDictionary(dictionary: left as! [String: Any]).isEqual(to: right as! [String: Any]) {
                problems.append("#\(index + 1) \(kind(actual)):\n  actual   \(render(left))\n  expected \(render(right))")
            }
        }
        return problems
    }

    static func parse(_ text: String) -> [[String: Any]] {
        text.split(separator: "\n").compactMap { try? JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any] }
    }

    static func kind(_ envelope: [String: Any]) -> String { envelope.keys.first ?? "" }

    static func normalize(_ value: Any, key: String? = nil, trim: Bool = false) -> Any {
        if let dictionary = value as? [String: Any] {
            if key == "meta" { return [String: Any]() }
            var result: [String: Any] = [:]
            for (k, v) in dictionary where !ignoredKeys.contains(k) {
                if key == "exception" && k == "type" { result[k] = "*"; continue }
                result[k] = normalize(v, key: k, trim: trim)
            }
            return result
        }
        if let array = value as? [Any] { return array.map { normalize($0, key: key, trim: trim) } }
        if trim, key == "description", let text = value as? String {
            var lines = text.components(separatedBy: "\n")
            while let last = lines.last, last.allSatisfy(\.isWhitespace), !lines.isEmpty { lines.removeLast() }
            return lines.joined(separator: "\n")
        }
        return value
    }

    static func render(_ value: Any) -> String {
        guard let data = try? JSONSerialization.data(withJSONObject: value, options: [.sortedKeys]) else { return "\(value)" }
        return String(decoding: data, as: UTF8.self)
    }
}
