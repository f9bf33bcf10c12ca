import Foundation
import SharedTestData
import XCTest

extension SharedData {
    /// The folder `relativePath` of the shared data, or a skip with a one-line notice when it is absent.
    static func folder(_ relativePath: String) throws -> URL {
        try require(relativePath, "the official Gherkin data of \(relativePath)")
    }
}
