import Foundation
import XCTest

@testable import SpecRun

final class InitCommandTests: XCTestCase {
    func test_run_addsTheFeatureStepsExecutableTestsAndConfigAndPrintsTheCommands() throws {
        let folder = try makePackage(manifest: Self.bareManifest)
        let console = SpyConsole()

        let code = makeSUT(folder: folder, console: console, options: InitOptions(specrunPath: "../specrun")).run()

        XCTAssertEqual(code, 0)
        for path in [
            "Features/example.feature", "Sources/ShopSteps/ExampleSteps.swift", "Sources/shop-specs/main.swift",
            "Tests/ShopSpecTests/ShopSpecTests.swift", "specrun.json",
        ] {
            XCTAssertTrue(FileManager.default.fileExists(atPath: "\(folder)/\(path)"), path)
        }
        XCTAssertTrue(console.stdout.contains("swift run shop-specs\n"), console.stdout)
        XCTAssertTrue(console.stdout.contains("swift test\n"), console.stdout)
        XCTAssertTrue(console.stdout.contains("source <(swift run shop-specs completions bash)"), console.stdout)
        XCTAssertTrue(console.stdout.contains("swift test --filter \"Adding items to a basket\""), console.stdout)
        let tests = try String(contentsOfFile: "\(folder)/Tests/ShopSpecTests/ShopSpecTests.swift", encoding: .utf8)
        XCTAssertTrue(tests.contains("let specSuite = SpecSuite(libraries: [ExampleSteps.self]"), tests)
    }

    func test_run_editsABareSwiftPackageInitManifest() throws {
        let folder = try makePackage(manifest: Self.bareManifest)

        _ = makeSUT(folder: folder, options: InitOptions(specrunPath: "/src/specrun")).run()

        let manifest = try String(contentsOfFile: "\(folder)/Package.swift", encoding: .utf8)
        XCTAssertTrue(manifest.contains("    name: \"Shop\",\n    platforms: [.macOS(.v13)],\n"), manifest)
        XCTAssertTrue(
            manifest.contains("    dependencies: [\n        .package(path: \"/src/specrun\"),\n    ],\n    targets: [\n"), manifest)
        XCTAssertTrue(
            manifest.contains(
                #".testTarget(name: "ShopSpecTests", dependencies: ["ShopSteps", .product(name: "SpecRunTesting", package: "specrun")],"#
                    + "\n                    " + #"plugins: [.plugin(name: "SpecRunScenarios", package: "specrun")]),"#), manifest)
        XCTAssertTrue(
            manifest.contains(
                #".executableTarget(name: "shop-specs", dependencies: ["ShopSteps", .product(name: "SpecRun", package: "specrun")]),"#),
            manifest)
        XCTAssertTrue(manifest.contains(".testTarget(\n            name: \"ShopTests\""), "the package's own targets stay")
    }

    func test_apply_addsToTheDependenciesOfAManifestWithSeveralTargets() {
        let manifest = """
            // swift-tools-version: 6.0
            import PackageDescription

            let package = Package(
                name: "Shop",
                platforms: [.macOS(.v14), .iOS(.v17)],
                dependencies: [
                    .package(url: "https://example.com/other.git", from: "1.0.0"),
                ],
                targets: [
                    .target(name: "Core"),
                    .target(name: "Web", dependencies: ["Core"]),
                    .executableTarget(name: "shop", dependencies: ["Web"]),
                ]
            )
            """

        guard
            case .edited(let edited) = ManifestEdit.apply(
                to: manifest, names: .init(package: "Shop"),
                dependency: .url(InitCommand.repository, from: "0.2.0"))
        else {
            return XCTFail("not edited")
        }

        XCTAssertTrue(
            edited.contains(
                "    dependencies: [\n        .package(url: \"\(InitCommand.repository)\", from: \"0.2.0\"),\n        .package(url: \"https://example.com/other.git\""
            ), edited)
        XCTAssertEqual(edited.components(separatedBy: "platforms:").count, 2, "macOS 14 is kept")
        XCTAssertTrue(edited.contains("        .target(name: \"Core\"),"), edited)
    }

    func test_apply_leavesAManifestItCannotEditSafely() {
        let oneLine = "import PackageDescription\nlet package = Package(name: \"Shop\", targets: [.target(name: \"Shop\")])\n"
        let oldPlatform = Self.bareManifest.replacingOccurrences(
            of: "    name: \"Shop\",\n", with: "    name: \"Shop\",\n    platforms: [.macOS(.v10_15)],\n")

        for manifest in [oneLine, oldPlatform] {
            guard case .notEditable = ManifestEdit.apply(to: manifest, names: .init(package: "Shop"), dependency: .path("/s", given: true))
            else {
                return XCTFail("edited:\n\(manifest)")
            }
        }
    }

    func test_apply_takesTheNameFromTheCodeNotFromACommentAndLeavesAManifestThatHasATargetOfItsNames() throws {
        let commented = "// let package = Package(name: \"Fake\")\n/* Package(\n    name: \"Fake\",\n */\n" + Self.bareManifest
        XCTAssertEqual(ManifestEdit.packageName(in: commented), "Shop")
        guard
            case .edited(let edited) = ManifestEdit.apply(
                to: commented, names: .init(package: "Shop"), dependency: .path("/s", given: true))
        else { return XCTFail("a commented-out Package( is no second call") }
        XCTAssertTrue(edited.hasPrefix("// let package = Package(name: \"Fake\")\n"), "comments kept as written")

        let withSpecs = Self.bareManifest.replacingOccurrences(
            of: "    targets: [\n", with: "    targets: [\n        .executableTarget(name: \"shop-specs\", dependencies: [\"Shop\"]),\n")
        guard
            case .notEditable(let reason) = ManifestEdit.apply(
                to: withSpecs, names: .init(package: "Shop"), dependency: .path("/s", given: true))
        else { return XCTFail("a second shop-specs target added") }
        XCTAssertTrue(reason.contains("already declares a target named \"shop-specs\""), reason)
    }

    func test_run_printsTheLinesAndKeepsAReadOnlyManifest() throws {
        let folder = try makePackage(manifest: Self.bareManifest)
        XCTAssertEqual(chmod("\(folder)/Package.swift", 0o444), 0)
        guard !FileManager.default.isWritableFile(atPath: "\(folder)/Package.swift") else {
            throw XCTSkip("running as root: a mode of 444 does not make the file read-only for this process")
        }
        let console = SpyConsole()

        _ = makeSUT(folder: folder, console: console, options: InitOptions(specrunPath: "../specrun")).run()

        XCTAssertTrue(console.stdout.contains("Package.swift was left as it is (it is read-only)"), console.stdout)
        XCTAssertEqual(try String(contentsOfFile: "\(folder)/Package.swift", encoding: .utf8), Self.bareManifest)
    }

    func test_run_printsTheLinesWhenTheManifestIsNotEditable() throws {
        let folder = try makePackage(manifest: "import PackageDescription\nlet package = Package(name: \"Shop\", targets: [])\n")
        let console = SpyConsole()

        _ = makeSUT(folder: folder, console: console, options: InitOptions(specrunPath: "../specrun")).run()

        XCTAssertTrue(console.stdout.contains("Package.swift was left as it is"), console.stdout)
        XCTAssertTrue(console.stdout.contains(#".package(path: "../specrun")"#), console.stdout)
        XCTAssertTrue(console.stdout.contains("platforms: [.macOS(.v13)]"), console.stdout)
        XCTAssertTrue(console.stdout.contains(#"product(name: "SpecRunTesting", package: "specrun")"#), console.stdout)
    }

    func test_run_dependsOnTheCheckoutItRunsFromElseOnThePublishedPackage() throws {
        let fromCheckout = SpyConsole()
        _ = makeSUT(folder: try makePackage(manifest: Self.bareManifest), console: fromCheckout, checkout: "/src/wt-specrun").run()
        let published = SpyConsole()
        _ = makeSUT(folder: try makePackage(manifest: Self.bareManifest), console: published, checkout: nil).run()

        XCTAssertTrue(fromCheckout.stdout.contains(#".package(path: "/src/wt-specrun")"#), fromCheckout.stdout)
        XCTAssertTrue(fromCheckout.stdout.contains("the specrun checkout at /src/wt-specrun"), fromCheckout.stdout)
        XCTAssertTrue(published.stdout.contains(InitCommand.repository), published.stdout)
    }

    func test_run_editsOnceAndKeepsFilesThatAreAlreadyThere() throws {
        let folder = try makePackage(manifest: Self.bareManifest)
        try FileManager.default.createDirectory(atPath: "\(folder)/Features", withIntermediateDirectories: true)
        try "mine".write(toFile: "\(folder)/Features/example.feature", atomically: true, encoding: .utf8)
        _ = makeSUT(folder: folder).run()
        let once = try String(contentsOfFile: "\(folder)/Package.swift", encoding: .utf8)
        let console = SpyConsole()

        _ = makeSUT(folder: folder, console: console).run()

        XCTAssertEqual(try String(contentsOfFile: "\(folder)/Features/example.feature", encoding: .utf8), "mine")
        XCTAssertTrue(console.stdout.contains("kept     Features/example.feature"), console.stdout)
        XCTAssertTrue(console.stdout.contains("kept     Package.swift"), console.stdout)
        XCTAssertEqual(try String(contentsOfFile: "\(folder)/Package.swift", encoding: .utf8), once)
    }

    func test_run_namesTheDependencyThePackageHasOnARunAgainFromElsewhere() throws {
        let folder = try makePackage(manifest: Self.bareManifest)
        _ = makeSUT(folder: folder, checkout: "/src/wt-specrun").run()
        let again = SpyConsole()

        _ = makeSUT(folder: folder, console: again, checkout: nil).run()

        XCTAssertTrue(
            again.stdout.contains(#"kept     Package.swift (it already depends on specrun: .package(path: "/src/wt-specrun"))"#),
            again.stdout)
        XCTAssertTrue(
            again.stdout.contains(#"The dependency is the one Package.swift already declares, .package(path: "/src/wt-specrun")"#),
            again.stdout)
        XCTAssertFalse(again.stdout.contains(InitCommand.repository), again.stdout)
    }

    func test_run_explainsWhatToDoWithoutAPackage() throws {
        let folder = try makePackage(manifest: nil)
        let console = SpyConsole()

        let code = makeSUT(folder: folder, console: console).run()

        XCTAssertEqual(code, 2)
        XCTAssertTrue(console.stderr.contains("no Package.swift in"), console.stderr)
    }

    func test_locate_findsTheSpecrunCheckoutAboveItsBuildFolderOnly() {
        let manifests = [
            "/src/specrun/Package.swift": "let package = Package(\n    name: \"specrun\",",
            "/src/shop/Package.swift": "let package = Package(\n    name: \"Shop\",",
        ]

        XCTAssertEqual(
            SpecRunCheckout.locate(executable: "/src/specrun/.build/x86_64/debug/specrun", read: { manifests[$0] }), "/src/specrun")
        XCTAssertNil(SpecRunCheckout.locate(executable: "/src/shop/.build/debug/shop-specs", read: { manifests[$0] }))
        XCTAssertNil(SpecRunCheckout.locate(executable: "/usr/local/bin/specrun", read: { manifests[$0] }))
    }

    // MARK: - Helpers

    /// What `swift package init --type library --name Shop` writes (Swift 6.3).
    static let bareManifest = """
        // swift-tools-version: 6.3
        // The swift-tools-version declares the minimum version of Swift required to build this package.

        import PackageDescription

        let package = Package(
            name: "Shop",
            products: [
                .library(
                    name: "Shop",
                    targets: ["Shop"]
                ),
            ],
            targets: [
                .target(
                    name: "Shop"
                ),
                .testTarget(
                    name: "ShopTests",
                    dependencies: ["Shop"]
                ),
            ],
            swiftLanguageModes: [.v6]
        )

        """

    private func makeSUT(
        folder: String, console: SpyConsole = SpyConsole(), options: InitOptions = InitOptions(),
        checkout: String? = nil
    ) -> InitCommand {
        InitCommand(options: options, console: console, folder: folder, checkout: checkout)
    }

    private func makePackage(manifest: String?) throws -> String {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("specrun-init-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        addTeardownBlock { try? FileManager.default.removeItem(at: folder) }
        if let manifest {
            try manifest.write(to: folder.appendingPathComponent("Package.swift"), atomically: true, encoding: .utf8)
        }
        return folder.path
    }
}
