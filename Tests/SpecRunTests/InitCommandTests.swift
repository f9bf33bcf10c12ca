import Foundation
@testable import SpecRun
import XCTest

final class InitCommandTests: XCTestCase {
    func test_run_addsTheFeatureStepsExecutableAndConfigAndPrintsThePackageLinesAndCommand() throws {
        let folder = try makePackage(name: "Shop")
        let console = SpyConsole()

        let code = InitCommand(options: InitOptions(specrunPath: "../specrun"), console: console, folder: folder).run()

        XCTAssertEqual(code, 0)
        for path in ["Features/example.feature", "Sources/ShopSteps/ExampleSteps.swift", "Sources/shop-specs/main.swift", "specrun.json"] {
            XCTAssertTrue(FileManager.default.fileExists(atPath: "\(folder)/\(path)"), path)
        }
        XCTAssertTrue(console.stdout.contains(#".package(name: "specrun", path: "../specrun")"#), console.stdout)
        XCTAssertTrue(console.stdout.contains(#".executableTarget(name: "shop-specs""#), console.stdout)
        XCTAssertTrue(console.stdout.contains("swift run shop-specs"), console.stdout)
    }

    func test_run_keepsFilesThatAreAlreadyThere() throws {
        let folder = try makePackage(name: "Shop")
        try FileManager.default.createDirectory(atPath: "\(folder)/Features", withIntermediateDirectories: true)
        try "mine".write(toFile: "\(folder)/Features/example.feature", atomically: true, encoding: .utf8)
        let console = SpyConsole()

        _ = InitCommand(options: InitOptions(), console: console, folder: folder).run()

        XCTAssertEqual(try String(contentsOfFile: "\(folder)/Features/example.feature", encoding: .utf8), "mine")
        XCTAssertTrue(console.stdout.contains("kept     Features/example.feature"), console.stdout)
        XCTAssertTrue(console.stdout.contains(InitCommand.repository), "the default dependency is the git repository")
    }

    func test_run_explainsWhatToDoWithoutAPackage() throws {
        let folder = try makePackage(name: nil)
        let console = SpyConsole()

        let code = InitCommand(options: InitOptions(), console: console, folder: folder).run()

        XCTAssertEqual(code, 2)
        XCTAssertTrue(console.stderr.contains("no Package.swift in"), console.stderr)
    }

    private func makePackage(name: String?) throws -> String {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("specrun-init-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        addTeardownBlock { try? FileManager.default.removeItem(at: folder) }
        if let name {
            try "// swift-tools-version:6.0\nimport PackageDescription\nlet package = Package(\n    name: \"\(name)\",\n    targets: []\n)\n"
                .write(to: folder.appendingPathComponent("Package.swift"), atomically: true, encoding: .utf8)
        }
        return folder.path
    }
}
