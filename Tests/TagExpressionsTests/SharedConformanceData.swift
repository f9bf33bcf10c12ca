import Foundation
import SharedTestData
import XCTest

/// Locates ../shared/conformance/tag-expressions (through SharedData, the one lookup of ../shared).
enum SharedConformanceData {
    static func directory() throws -> URL {
        try SharedData.require("conformance/tag-expressions", "the tag expression conformance cases")
    }

    static func load<T: Decodable>(_ type: T.Type, file name: String) throws -> T {
        let url = try directory().appendingPathComponent(name)
        return try JSONDecoder().decode(T.self, from: Data(contentsOf: url))
    }
}
