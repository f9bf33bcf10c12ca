import Foundation
import Messages
import XCTest

@testable import SpecRunCore

/// A throwaway folder of feature files.
final class FeatureFolder {
    let root: String

    init(_ files: [String: String]) throws {
        root = NSTemporaryDirectory() + "specrun-core-tests-" + UUID().uuidString
        for (path, content) in files {
            let full = root + "/" + path
            try FileManager.default.createDirectory(
                atPath: (full as NSString).deletingLastPathComponent,
                withIntermediateDirectories: true)
            try content.write(toFile: full, atomically: true, encoding: .utf8)
        }
    }

    deinit { try? FileManager.default.removeItem(atPath: root) }
}

let fixedMeta = Meta(
    protocolVersion: "33.0.4", implementation: Product(name: "specrun", version: "test"),
    runtime: Product(name: "Swift"), os: Product(name: "test-os"), cpu: Product(name: "test-cpu"))

extension XCTestCase {
    /// A runner over feature files written to a temporary folder (paths relative to it), with
    /// incrementing ids, a clock ticking 1 ms per reading from epoch 0, and a fixed meta.
    func makeSUT(
        features: [String: String], libraries: [any StepLibrary.Type], paths: [String] = ["features"],
        configure: (inout RunConfiguration) -> Void = { _ in },
        file: StaticString = #filePath, line: UInt = #line
    ) throws -> (runner: SpecRunner, folder: FeatureFolder) {
        let folder = try FeatureFolder(features)
        var configuration = RunConfiguration(
            paths: paths.map { $0.hasPrefix("@") ? "@" + folder.root + "/" + $0.dropFirst() : folder.root + "/" + $0 },
            workingDirectory: folder.root)
        configure(&configuration)
        var runner = SpecRunner(
            libraries: libraries, configuration: configuration, ids: IncrementingIdGenerator(),
            clock: SteppingClock(), environment: [:])
        runner.meta = fixedMeta
        return (runner, folder)
    }

    func run(_ sut: (runner: SpecRunner, folder: FeatureFolder)) async throws -> (RunSummary, EnvelopeSpy) {
        let spy = EnvelopeSpy()
        let summary = try await sut.runner.run(emit: spy.record)
        return (summary, spy)
    }
}
