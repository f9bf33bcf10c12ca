import Foundation
import XCTest

@testable import SpecRunCore

/// How the run and `specrun check` name a file (a step definition's `#filePath`, a feature file): relative to the
/// working folder when below it, through a symbolic link too; absolute otherwise.
final class RelativePathTests: XCTestCase {
    func test_relativePath_isRelativeOnAFileBelowTheWorkingFolderThroughALink() throws {
        let (folder, link) = try makeSUT()

        XCTAssertEqual(relativePath("\(link)/Specs/Steps.swift", to: folder), "Specs/Steps.swift")
        XCTAssertEqual(relativePath("\(folder)/Specs/Steps.swift", to: link), "Specs/Steps.swift")
    }

    func test_relativePath_isRelativeOnAFileBelowTheWorkingFolderAndAbsoluteOtherwise() throws {
        let (folder, _) = try makeSUT()

        XCTAssertEqual(relativePath("\(folder)/Specs/Steps.swift", to: folder), "Specs/Steps.swift")
        XCTAssertEqual(relativePath("\(folder)/Specs/Steps.swift", to: "\(folder)/Features"), "\(folder)/Specs/Steps.swift")
        XCTAssertEqual(relativePath("Specs/Steps.swift", to: folder), "Specs/Steps.swift")
    }

    /// A package folder with `Specs/Steps.swift` and `Features/`, and a symbolic link to it.
    private func makeSUT() throws -> (folder: String, link: String) {
        let base = FileManager.default.temporaryDirectory.appendingPathComponent("specrun-relative-\(UUID().uuidString)")
            .resolvingSymlinksInPath().path
        let folder = base + "/package"
        try FileManager.default.createDirectory(atPath: folder + "/Specs", withIntermediateDirectories: true)
        try FileManager.default.createDirectory(atPath: folder + "/Features", withIntermediateDirectories: true)
        _ = FileManager.default.createFile(atPath: folder + "/Specs/Steps.swift", contents: Data())
        try FileManager.default.createSymbolicLink(atPath: base + "/link", withDestinationPath: folder)
        addTeardownBlock { try? FileManager.default.removeItem(atPath: base) }
        return (folder, base + "/link")
    }
}
