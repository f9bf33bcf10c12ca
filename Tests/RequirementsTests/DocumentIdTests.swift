import Foundation
import Requirements
import XCTest

/// Two documents of a folder whose ids would be the same: the second one gets a warning naming both.
final class DocumentIdTests: XCTestCase {
    func test_readFolder_keepsBothStoriesAndWarnsNamingBothLinesOnTwoDocumentsGivingOneDocumentId() throws {
        let folder = try makeSUT([
            "a.md": "# A\n\n| Document Id | SHOP |\n\n```\n@SHOP-1\nGiven a\nThen b\n```\n",
            "b.md": "# B\nDocument Id: SHOP\n\n```\n@SHOP-2\nGiven c\nThen d\n```\n",
        ])

        let set = try RequirementsReader.read(folder: folder)

        XCTAssertEqual(set.stories.map(\.id), ["SHOP-ST-1", "SHOP-ST-1"])
        XCTAssertEqual(set.criteria.map(\.id), ["SHOP-1", "SHOP-2"])
        XCTAssertEqual(
            set.warnings.map(\.description),
            [
                "\(folder)/b.md:2:14: warning: Document Id SHOP is also \(folder)/a.md:3:17's Document Id, so the ids derived "
                    + "from it (SHOP-ST-1, SHOP-ST-1-AC-1, …) are the same in both documents and a scenario tagged with one "
                    + "counts for both (give each document its own Document Id)"
            ])
    }

    func test_readFolder_warnsOnceNotForEachCriterionOnTwoDocumentsDerivingTheirIdsFromOneDocumentId() throws {
        let folder = try makeSUT([
            "a.md": "# A\nDocument Id: SHOP\n\n```\nGiven a\nThen b\n\nGiven c\nThen d\n```\n",
            "b.md": "# B\nDocument Id: SHOP\n\n```\nGiven a\nThen b\n\nGiven c\nThen d\n```\n",
        ])

        let set = try RequirementsReader.read(folder: folder)

        XCTAssertEqual(set.criteria.map(\.id), ["SHOP-ST-1-AC-1", "SHOP-ST-1-AC-2", "SHOP-ST-1-AC-1", "SHOP-ST-1-AC-2"])
        XCTAssertEqual(set.warnings.map(\.uri), ["\(folder)/b.md"])
        XCTAssertEqual(set.warnings.first?.message.hasPrefix("Document Id SHOP is also"), true)
    }

    func test_readFolder_warnsOnTwoDocumentsDerivingTheirIdsFromOneFileName() throws {
        let folder = try makeSUT([
            "one/shop.md": "# A\n\n```\nGiven a\nThen b\n```\n", "two/shop.md": "# B\n\n```\nGiven c\nThen d\n```\n",
        ])

        let set = try RequirementsReader.read(folder: folder)

        XCTAssertEqual(
            set.warnings.map(\.description),
            [
                "\(folder)/two/shop.md:1: warning: Prefix SHOP (from the file name) is also \(folder)/one/shop.md's (from "
                    + "its file name), so the ids derived from it (SHOP-ST-1, SHOP-ST-1-AC-1, …) are the same in both "
                    + "documents and a scenario tagged with one counts for both (give each document its own Document Id)"
            ])
    }

    func test_readFolder_saysNothingOnTwoFileNamesOfOnePrefixWhenTheDocumentsGiveEveryId() throws {
        let folder = try makeSUT([
            "one/shop.md": "# A\nStory Id: SHOP-A\n\n```\n@SHOP-A-1\nGiven a\nThen b\n```\n",
            "two/shop.md": "# B\nStory Id: SHOP-B\n\n```\n@SHOP-B-1\nGiven c\nThen d\n```\n",
        ])

        XCTAssertEqual(try RequirementsReader.read(folder: folder).warnings, [])
    }

    func test_readFolder_warnsOnAStoryIdTwoDocumentsGive() throws {
        let folder = try makeSUT([
            "a.md": "# A\nStory Id: SHOP-1\n\n```\n@SHOP-1-A\nGiven a\nThen b\n```\n",
            "b.md": "# B\nStory Id: SHOP-1\n\n```\n@SHOP-1-B\nGiven c\nThen d\n```\n",
        ])

        let set = try RequirementsReader.read(folder: folder)

        XCTAssertEqual(
            set.warnings.map(\.description),
            ["\(folder)/b.md:1: warning: story id SHOP-1 is also at \(folder)/a.md:1 (give each story its own id)"])
    }

    // MARK: - Helpers

    /// A temporary folder holding the documents (by path in it), removed after the test.
    private func makeSUT(_ documents: [String: String]) throws -> String {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("document-ids-\(UUID().uuidString)")
        addTeardownBlock { try? FileManager.default.removeItem(at: folder) }
        for (path, text) in documents {
            let url = folder.appendingPathComponent(path)
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try text.write(to: url, atomically: true, encoding: .utf8)
        }
        return folder.path
    }
}
