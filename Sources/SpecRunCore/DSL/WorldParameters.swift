import Foundation

/// Values a run hands to every World (`--world-parameters '{"baseURL": "http://localhost:8080"}'` or the
/// `worldParameters` key of a `specrun.json` profile, as cucumber-js): read them in a World's `init()` to reach a
/// server, a test account or a feature flag without rebuilding the specs.
///
///     final class ShopWorld: World {
///         let baseURL = URL(string: WorldParameters.string("baseURL") ?? "http://localhost:8080")!
///         required init() {}
///     }
///
/// They are the run's (`RunConfiguration.worldParameters`), handed to the code it runs: read in a World's `init()`,
/// a step or a hook (and in the Tasks they start), not outside a run.
public enum WorldParameters {
    /// A parameter as text (a number or Bool as written; an object or list as JSON).
    public static func string(_ name: String) -> String? {
        StepContext.current?.worldParameters[name]
    }

    /// Every parameter as text.
    public static var all: [String: String] {
        StepContext.current?.worldParameters ?? [:]
    }

    /// A JSON object's values as text.
    public static func parse(json: String) throws -> [String: String] {
        guard let data = json.data(using: .utf8),
            let object = try? JSONSerialization.jsonObject(with: data, options: [.fragmentsAllowed]) as? [String: Any]
        else {
            throw WorldParametersError(text: json)
        }
        var texts: [String: String] = [:]
        for (key, value) in object {
            switch value {
            case let text as String: texts[key] = text
            case let number as NSNumber: texts[key] = number.stringValue
            default:
                let encoded = (try? JSONSerialization.data(withJSONObject: value, options: [.sortedKeys])) ?? Data()
                texts[key] = String(decoding: encoded, as: UTF8.self)
            }
        }
        return texts
    }
}

public struct WorldParametersError: Error, CustomStringConvertible {
    let text: String
    public var description: String {
        "--world-parameters: expected a JSON object such as '{\"baseURL\": \"http://localhost:8080\"}', got '\(text)'"
    }
}
