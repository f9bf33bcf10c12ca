import Foundation

/// Compares NDJSON texts as parsed JSON, line by line, and describes the first difference for humans.
enum JSONLines {
    static func parse(_ text: String) -> [Any] {
        text.split(separator: "\n", omittingEmptySubsequences: true).compactMap { line in
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            guard !trimmed.isEmpty else { return nil }
            return (try? JSONSerialization.jsonObject(with: Data(trimmed.utf8), options: [.fragmentsAllowed])) ?? "<not JSON: \(trimmed)>"
        }
    }

    /// nil when both texts hold the same JSON values; otherwise which line differs, where, and how.
    static func firstDifference(expected: String, actual: String) -> String? {
        let want = parse(expected)
        let got = parse(actual)
        for (index, (w, g)) in zip(want, got).enumerated() {
            if let path = difference(w, g, path: "") {
                return """
                    line \(index + 1) differs at \(path.isEmpty ? "top level" : path)
                      expected \(render(w).prefix(400))
                      got      \(render(g).prefix(400))
                    """
            }
        }
        if want.count != got.count {
            let extra =
                want.count > got.count
                ? "missing: \(render(want[got.count]).prefix(300))" : "unexpected: \(render(got[want.count]).prefix(300))"
            return "expected \(want.count) lines, got \(got.count); first \(extra)"
        }
        return nil
    }

    private static func difference(_ a: Any, _ b: Any, path: String) -> String? {
        switch (a, b) {
        case let (a as [String: Any], b as [String: Any]):
            for key in Set(a.keys).union(b.keys).sorted() {
                guard let x = a[key] else { return "\(path).\(key) (not expected)" }
                guard let y = b[key] else { return "\(path).\(key) (missing)" }
                if let found = difference(x, y, path: "\(path).\(key)") { return found }
            }
            return nil
        case let (a as [Any], b as [Any]):
            if a.count != b.count { return "\(path) (\(a.count) items expected, \(b.count) found)" }
            for (index, (x, y)) in zip(a, b).enumerated() {
                if let found = difference(x, y, path: "\(path)[\(index)]") { return found }
            }
            return nil
        default:
            return scalar(a) == scalar(b) ? nil : path
        }
    }

    private static func scalar(_ value: Any) -> String {
        guard let data = try? JSONSerialization.data(withJSONObject: value, options: [.fragmentsAllowed]) else { return "\(value)" }
        return String(decoding: data, as: UTF8.self)
    }

    private static func render(_ value: Any) -> String {
        guard JSONSerialization.isValidJSONObject(value),
            let data = try? JSONSerialization.data(withJSONObject: value, options: [.sortedKeys, .withoutEscapingSlashes])
        else {
            return "\(value)"
        }
        return String(decoding: data, as: UTF8.self)
    }
}
