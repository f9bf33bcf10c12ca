import Foundation
import Messages

/// Merges the message streams of several runs (for example the NDJSON files of CI shards) into one stream
/// the reports can read as a single run.
///
/// * When a stream reuses ids already used by an earlier stream (each run counted "0", "1", …), every id and
///   reference in it gets the prefix `s<n>.` so nothing collides.
/// * Definitions that several streams share are kept once: sources and Gherkin documents (by uri), pickles
///   (by uri, line, name and steps), step definitions and hooks (by pattern/kind and source location),
///   parameter types (by name). References to a dropped copy are pointed at the kept one, so a scenario
///   that ran in several shards is still one scenario.
public enum EnvelopeStreams {
    public static func merge(_ streams: [[Envelope]]) -> [Envelope] {
        disambiguate(streams).flatMap { $0 }
    }

    /// The same streams, with colliding ids prefixed and shared definitions kept only in the first stream
    /// that has them (for a merger that then combines run starts and finishes).
    public static func disambiguate(_ streams: [[Envelope]]) -> [[Envelope]] {
        guard streams.count > 1 else { return streams }
        var merger = Merger()
        return streams.enumerated().map { number, stream in merger.add(stream, number: number) }
    }

    private struct Merger {
        var ids: Set<String> = []
        var sourceUris: Set<String> = []
        var documentUris: Set<String> = []
        var pickleByKey: [String: Pickle] = [:]
        var definitionByKey: [String: String] = [:]
        var hookByKey: [String: String] = [:]
        var parameterTypes: Set<String> = []

        mutating func add(_ stream: [Envelope], number: Int) -> [Envelope] {
            var result: [Envelope] = []
            let own = Set(stream.compactMap(Self.topLevelId))
            var envelopes = stream
            if !own.isDisjoint(with: ids) {
                envelopes = stream.map { Self.prefixed($0, "s\(number).") }
            }
            ids.formUnion(envelopes.compactMap(Self.topLevelId))
            var rename: [String: String] = [:]
            for envelope in envelopes {
                if let source = envelope.source {
                    if !sourceUris.insert(source.uri).inserted { continue }
                } else if let document = envelope.gherkinDocument {
                    if !documentUris.insert(document.uri ?? "").inserted { continue }
                } else if let pickle = envelope.pickle {
                    let key = [pickle.uri, String(pickle.location?.line ?? 0), pickle.name] + pickle.steps.map(\.text)
                    let joined = key.joined(separator: "\u{1}")
                    if let kept = pickleByKey[joined] {
                        rename[pickle.id] = kept.id
                        for (dropped, keptStep) in zip(pickle.steps, kept.steps) { rename[dropped.id] = keptStep.id }
                        continue
                    }
                    pickleByKey[joined] = pickle
                } else if let definition = envelope.stepDefinition {
                    let key = "\(definition.pattern.type.rawValue)\u{1}\(definition.pattern.source)\u{1}\(Self.describe(definition.sourceReference))"
                    if let kept = definitionByKey[key] { rename[definition.id] = kept; continue }
                    definitionByKey[key] = definition.id
                } else if let hook = envelope.hook {
                    let key = "\(hook.type?.rawValue ?? "")\u{1}\(hook.name ?? "")\u{1}\(hook.tagExpression ?? "")\u{1}\(Self.describe(hook.sourceReference))"
                    if let kept = hookByKey[key] { rename[hook.id] = kept; continue }
                    hookByKey[key] = hook.id
                } else if let parameterType = envelope.parameterType {
                    if !parameterTypes.insert(parameterType.name + "\u{1}" + parameterType.regularExpressions.joined(separator: "\u{1}")).inserted { continue }
                }
                result.append(rename.isEmpty ? envelope : Self.renamed(envelope, rename))
            }
            return result
        }

        static func describe(_ reference: SourceReference) -> String {
            let method = reference.javaMethod.map { "\($0.className).\($0.methodName)" } ?? ""
            return "\(reference.uri ?? ""):\(reference.location?.line ?? 0):\(method)"
        }

        static func topLevelId(_ envelope: Envelope) -> String? {
            envelope.pickle?.id ?? envelope.testCase?.id ?? envelope.testCaseStarted?.id ?? envelope.stepDefinition?.id
                ?? envelope.hook?.id ?? envelope.testRunStarted?.id ?? envelope.parameterType?.id ?? envelope.suggestion?.id
                ?? envelope.testRunHookStarted?.id
        }

        /// Points references to dropped duplicates at the kept definitions.
        static func renamed(_ envelope: Envelope, _ rename: [String: String]) -> Envelope {
            var envelope = envelope
            func map(_ id: String) -> String { rename[id] ?? id }
            if var testCase = envelope.testCase {
                testCase.pickleId = map(testCase.pickleId)
                testCase.testSteps = testCase.testSteps.map { step in
                    var step = step
                    step.pickleStepId = step.pickleStepId.map(map)
                    step.hookId = step.hookId.map(map)
                    step.stepDefinitionIds = step.stepDefinitionIds?.map(map)
                    return step
                }
                envelope.testCase = testCase
            }
            if var suggestion = envelope.suggestion {
                suggestion.pickleStepId = map(suggestion.pickleStepId)
                envelope.suggestion = suggestion
            }
            if var started = envelope.testRunHookStarted {
                started.hookId = map(started.hookId)
                envelope.testRunHookStarted = started
            }
            return envelope
        }

        static let referenceKeys: Set<String> = [
            "id", "astNodeId", "astNodeIds", "hookId", "pickleId", "pickleStepId", "stepDefinitionIds",
            "testRunStartedId", "testRunHookStartedId", "testCaseId", "testCaseStartedId", "testStepId",
        ]

        /// Every id and reference of an envelope with a prefix (through its JSON form, so no field is missed).
        static func prefixed(_ envelope: Envelope, _ prefix: String) -> Envelope {
            guard let data = try? JSONEncoder().encode(envelope),
                  let object = try? JSONSerialization.jsonObject(with: data) else { return envelope }
            let rewritten = rewrite(object, prefix, underReference: false)
            guard let back = try? JSONSerialization.data(withJSONObject: rewritten),
                  let decoded = try? JSONDecoder().decode(Envelope.self, from: back) else { return envelope }
            return decoded
        }

        static func rewrite(_ value: Any, _ prefix: String, underReference: Bool) -> Any {
            if let dictionary = value as? [String: Any] {
                var copy: [String: Any] = [:]
                for (key, child) in dictionary {
                    copy[key] = rewrite(child, prefix, underReference: referenceKeys.contains(key))
                }
                return copy
            }
            if let array = value as? [Any] {
                return array.map { rewrite($0, prefix, underReference: underReference) }
            }
            if underReference, let text = value as? String { return prefix + text }
            return value
        }
    }
}
