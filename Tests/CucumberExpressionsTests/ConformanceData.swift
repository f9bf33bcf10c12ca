import Foundation
import SharedTestData
import XCTest

/// Loads the JSON cases of ../shared/conformance/cucumber-expressions (found through SharedData);
/// skips with a notice when the folder is absent.
enum ConformanceData {
    static func root() throws -> URL {
        try SharedData.require("conformance/cucumber-expressions", "the Cucumber Expressions conformance cases")
    }

    /// Every `*.json` case of `folder` (e.g. "cucumber-expression/matching"), sorted by file name.
    static func cases<T: Decodable>(_ type: T.Type, in folder: String) throws -> [(file: String, value: T)] {
        let directory = try root().appendingPathComponent(folder)
        let files = try FileManager.default.contentsOfDirectory(atPath: directory.path)
            .filter { $0.hasSuffix(".json") }
            .sorted()
        return try files.map { name in
            let data = try Data(contentsOf: directory.appendingPathComponent(name))
            do {
                return ("\(folder)/\(name)", try JSONDecoder().decode(T.self, from: data))
            } catch {
                throw NSError(
                    domain: "ConformanceData", code: 1,
                    userInfo: [
                        NSLocalizedDescriptionKey: "\(folder)/\(name) could not be decoded: \(error)"
                    ])
            }
        }
    }
}

/// A JSON value of `expected_args`.
enum JSONValue: Decodable, Equatable, CustomStringConvertible {
    case null
    case bool(Bool)
    case integer(Int64)
    case number(Double)
    case string(String)

    init(from decoder: Decoder) throws {
        let container = try decoder.singleValueContainer()
        if container.decodeNil() {
            self = .null
        } else if let value = try? container.decode(Bool.self) {
            self = .bool(value)
        } else if let value = try? container.decode(Int64.self) {
            self = .integer(value)
        } else if let value = try? container.decode(Double.self) {
            self = .number(value)
        } else {
            self = .string(try container.decode(String.self))
        }
    }

    var description: String {
        switch self {
        case .null: return "null"
        case let .bool(value): return "\(value)"
        case let .integer(value): return "\(value)"
        case let .number(value): return "\(value)"
        case let .string(value): return "\"\(value)\""
        }
    }
}
