/// Compares a runner's envelopes with a CCK sample's expected `.ndjson` the way the official runners do
/// (../shared/reference/cck/COMPARE.md, section 9):
/// 1. the same sequence of envelope types, after moving test-run-hook messages that come before the first
///    test case to just after `testRunStarted` (the reordering cucumber-js allows);
/// 2. the same content, with what changes from run to run or from language to language masked
///    (`MessageNormalizer`);
/// 3. consistent references: expected IDs map one-to-one onto actual IDs across the whole stream;
/// 4. document URIs equal to the expected ones without their `samples/` prefix.
/// `compare` returns nil when the streams match, otherwise a readable account of the first difference.
struct MessageStreamComparer {
    /// Stripped from expected URIs (`samples/minimal/minimal.feature`) before comparing with actual ones.
    var expectedUriPrefix = "samples/"

    func compare(expected rawExpected: [JSONValue], actual rawActual: [JSONValue]) -> String? {
        for (side, stream) in [("expected", rawExpected), ("actual", rawActual)] {
            if let index = stream.firstIndex(where: { Self.type(of: $0) == nil }) {
                return "\(side) message #\(index) is not an envelope with exactly one message: \(stream[index])"
            }
        }
        let expected = Self.reordered(rawExpected)
        let actual = Self.reordered(rawActual)
        return compareTypes(expected, actual)
            ?? compareContents(expected, actual)
            ?? compareIds(expected, actual)
            ?? compareUris(expected, actual)
    }

    // MARK: 1. Types and order

    private func compareTypes(_ expected: [JSONValue], _ actual: [JSONValue]) -> String? {
        let expectedTypes = expected.compactMap(Self.type(of:))
        let actualTypes = actual.compactMap(Self.type(of:))
        guard expectedTypes != actualTypes else { return nil }
        let index =
            zip(expectedTypes, actualTypes).enumerated().first { $0.element.0 != $0.element.1 }?.offset
            ?? min(expectedTypes.count, actualTypes.count)
        func around(_ types: [String], _ stream: [JSONValue]) -> String {
            guard index < types.count else { return "(stream ends)" }
            return "\(types[index]): \(MessageNormalizer.normalize(stream[index]))"
        }
        return """
            message types differ at #\(index) (expected \(expectedTypes.count) messages, actual \(actualTypes.count))
              expected #\(index) \(around(expectedTypes, expected))
              actual   #\(index) \(around(actualTypes, actual))
              expected sequence: \(Self.runLengths(expectedTypes))
              actual sequence:   \(Self.runLengths(actualTypes))
            """
    }

    // MARK: 2. Contents

    private func compareContents(_ expected: [JSONValue], _ actual: [JSONValue]) -> String? {
        for (index, (left, right)) in zip(expected, actual).enumerated() {
            let l = MessageNormalizer.normalize(left)
            let r = MessageNormalizer.normalize(right)
            guard l != r else { continue }
            return """
                message #\(index) (\(Self.type(of: left) ?? "?")) differs at \(JSONValue.firstDifference(l, r) ?? "?")
                  expected: \(l)
                  actual:   \(r)
                  (masked: ids, uris, timestamps, durations, messages, stack traces, exception types, snippet code, meta)
                """
        }
        return nil
    }

    // MARK: 3. References

    private func compareIds(_ expected: [JSONValue], _ actual: [JSONValue]) -> String? {
        var forward: [String: String] = [:]
        var backward: [String: String] = [:]
        for (index, (left, right)) in zip(expected, actual).enumerated() {
            let l = Self.ids(in: left), r = Self.ids(in: right)
            guard l.map(\.path) == r.map(\.path) else {
                return """
                    message #\(index) (\(Self.type(of: left) ?? "?")) has different ID fields
                      expected: \(l.map(\.path).joined(separator: ", "))
                      actual:   \(r.map(\.path).joined(separator: ", "))
                    """
            }
            for (e, a) in zip(l, r) {
                let mappedTo = forward[e.value], mappedFrom = backward[a.value]
                if (mappedTo ?? a.value) != a.value || (mappedFrom ?? e.value) != e.value {
                    return """
                        message #\(index) (\(Self.type(of: left) ?? "?")) refers to the wrong thing at \(e.path): \
                        expected ID "\(e.value)" corresponds to actual "\(mappedTo ?? "-")" elsewhere in the stream, \
                        but here the actual ID is "\(a.value)" (which corresponds to expected "\(mappedFrom ?? "-")")
                          expected: \(left)
                          actual:   \(right)
                        """
                }
                forward[e.value] = a.value
                backward[a.value] = e.value
            }
        }
        return nil
    }

    static func ids(in value: JSONValue, path: String = "") -> [(path: String, value: String)] {
        switch value {
        case .object(let fields):
            return fields.keys.sorted().flatMap { key -> [(path: String, value: String)] in
                let field = fields[key]!
                guard MessageNormalizer.idKeys.contains(key) else { return ids(in: field, path: "\(path)/\(key)") }
                switch field {
                case .string(let id): return [("\(path)/\(key)", id)]
                case .array(let items):
                    return items.enumerated().map { ("\(path)/\(key)/\($0.offset)", $0.element.stringValue ?? "\($0.element)") }
                default: return [("\(path)/\(key)", "\(field)")]
                }
            }
        case .array(let items):
            return items.enumerated().flatMap { ids(in: $0.element, path: "\(path)/\($0.offset)") }
        default:
            return []
        }
    }

    // MARK: 4. Document URIs

    private func compareUris(_ expected: [JSONValue], _ actual: [JSONValue]) -> String? {
        for (index, (left, right)) in zip(expected, actual).enumerated() {
            guard let type = Self.type(of: left), ["source", "gherkinDocument", "pickle"].contains(type),
                let expectedUri = left[type]?["uri"]?.stringValue
            else { continue }
            let wanted = expectedUri.hasPrefix(expectedUriPrefix) ? String(expectedUri.dropFirst(expectedUriPrefix.count)) : expectedUri
            let found = right[type]?["uri"]?.stringValue
            if found != wanted {
                return
                    "message #\(index) (\(type)) has uri \(found.map { "\"\($0)\"" } ?? "none"), expected \"\(wanted)\" (from \"\(expectedUri)\")"
            }
        }
        return nil
    }

    // MARK: Helpers

    /// The message type of an envelope: its only key.
    static func type(of envelope: JSONValue) -> String? {
        guard case .object(let fields) = envelope, fields.count == 1 else { return nil }
        return fields.keys.first
    }

    /// Test-run-hook messages (and their attachments) sent before the first test case move to just after
    /// `testRunStarted`, keeping their order.
    static func reordered(_ stream: [JSONValue]) -> [JSONValue] {
        guard let started = stream.firstIndex(where: { type(of: $0) == "testRunStarted" }) else { return stream }
        let firstCase = stream.firstIndex(where: { type(of: $0) == "testCaseStarted" }) ?? stream.count
        func isHookMessage(_ envelope: JSONValue) -> Bool {
            switch type(of: envelope) {
            case "testRunHookStarted", "testRunHookFinished": return true
            case "attachment": return envelope["attachment"]?["testRunHookStartedId"] != nil
            default: return false
            }
        }
        var moved: [JSONValue] = [], kept: [JSONValue] = []
        for (index, envelope) in stream.enumerated() {
            if index > started && index < firstCase && isHookMessage(envelope) { moved.append(envelope) } else { kept.append(envelope) }
        }
        let insertAt = kept.firstIndex(where: { type(of: $0) == "testRunStarted" })! + 1
        kept.insert(contentsOf: moved, at: insertAt)
        return kept
    }

    static func runLengths(_ types: [String]) -> String {
        var parts: [(String, Int)] = []
        for type in types {
            if let last = parts.last, last.0 == type { parts[parts.count - 1].1 += 1 } else { parts.append((type, 1)) }
        }
        return parts.map { $0.1 == 1 ? $0.0 : "\($0.0)×\($0.1)" }.joined(separator: " → ")
    }
}

/// Masks what the official comparers ignore: IDs and references (checked separately for consistency),
/// URIs (checked separately), timestamp and duration values (the objects must exist), meta contents,
/// error messages and stack traces, exception types (language-specific; the exception must exist exactly
/// when expected), source references of support code, and snippet code/language (snippets count).
/// Gherkin `line`/`column`/`language` are kept: the same feature files give the same documents.
enum MessageNormalizer {
    static let idKeys: Set<String> = [
        "id", "astNodeId", "astNodeIds", "hookId", "pickleId", "pickleStepId", "stepDefinitionIds",
        "testRunStartedId", "testRunHookStartedId", "testCaseId", "testCaseStartedId", "testStepId",
    ]
    static let removedKeys: Set<String> = idKeys.union(["uri", "message", "stackTrace"])
    static let presenceOnlyKeys: Set<String> = ["timestamp", "duration", "sourceReference", "meta"]

    static func normalize(_ value: JSONValue) -> JSONValue {
        switch value {
        case .object(let fields):
            var result: [String: JSONValue] = [:]
            for (key, field) in fields where !removedKeys.contains(key) {
                switch key {
                case _ where presenceOnlyKeys.contains(key): result[key] = .object([:])
                case "snippets":
                    if case .array(let snippets) = field {
                        result[key] = .array(snippets.map { _ in .object([:]) })
                    } else {
                        result[key] = field
                    }
                case "exception":
                    var exception = normalize(field)
                    if case .object(var parts) = exception, parts["type"] != nil {
                        parts["type"] = .string("<type>")
                        exception = .object(parts)
                    }
                    result[key] = exception
                default: result[key] = normalize(field)
                }
            }
            return .object(result)
        case .array(let items):
            return .array(items.map(normalize))
        default:
            return value
        }
    }
}
