import Foundation
import Messages

/// JSON for the two shapes the reference prints that the message types cannot express (see
/// `GherkinMessages.ndjsonLine`). Everything else is encoded by the message types themselves.
enum ReferenceJSON {
    static func encode(_ value: some Encodable) throws -> String {
        let encoder = JSONEncoder()
        // Sorted, as the message types write their keys: the same bytes every run (a Dictionary's order is not).
        encoder.outputFormatting = [.withoutEscapingSlashes, .sortedKeys]
        return String(decoding: try encoder.encode(value), as: UTF8.self)
    }
}

/// A GherkinDocument whose feature has no keyword (a Markdown document without a `# Feature:` heading).
struct KeywordlessDocument: Encodable {
    let document: GherkinDocument

    private enum Keys: String, CodingKey { case uri, feature, comments }
    private enum FeatureKeys: String, CodingKey { case location, tags, language, name, description, children }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: Keys.self)
        try container.encodeIfPresent(document.uri, forKey: .uri)
        if let feature = document.feature {
            var nested = container.nestedContainer(keyedBy: FeatureKeys.self, forKey: .feature)
            try nested.encode(feature.location, forKey: .location)
            try nested.encode(feature.tags, forKey: .tags)
            try nested.encode(feature.language, forKey: .language)
            try nested.encode(feature.name, forKey: .name)
            try nested.encode(feature.description, forKey: .description)
            try nested.encode(feature.children, forKey: .children)
        }
        try container.encode(document.comments, forKey: .comments)
    }
}

/// A pickle some of whose steps have no type, printed as `"type": null` as the reference does.
struct PickleWithNullTypes: Encodable {
    let pickle: Pickle

    private enum Keys: String, CodingKey { case id, uri, location, name, language, steps, tags, astNodeIds }
    private enum StepKeys: String, CodingKey { case argument, astNodeIds, id, type, text }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: Keys.self)
        try container.encode(pickle.id, forKey: .id)
        try container.encode(pickle.uri, forKey: .uri)
        try container.encodeIfPresent(pickle.location, forKey: .location)
        try container.encode(pickle.name, forKey: .name)
        try container.encode(pickle.language, forKey: .language)
        var steps = container.nestedUnkeyedContainer(forKey: .steps)
        for step in pickle.steps {
            var nested = steps.nestedContainer(keyedBy: StepKeys.self)
            try nested.encodeIfPresent(step.argument, forKey: .argument)
            try nested.encode(step.astNodeIds, forKey: .astNodeIds)
            try nested.encode(step.id, forKey: .id)
            if let type = step.type { try nested.encode(type, forKey: .type) } else { try nested.encodeNil(forKey: .type) }
            try nested.encode(step.text, forKey: .text)
        }
        try container.encode(pickle.tags, forKey: .tags)
        try container.encode(pickle.astNodeIds, forKey: .astNodeIds)
    }
}
