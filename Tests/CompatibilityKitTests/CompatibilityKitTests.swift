import SharedTestData
import XCTest

/// One test per sample of the Cucumber Compatibility Kit (../shared/reference/cck): specrun runs the
/// sample's features with the sample's step definitions (Steps/<Sample>Steps.swift) and must emit the
/// expected `.ndjson` messages, compared as the official runners do (see MessageStreamComparer).
final class CompatibilityKitTests: XCTestCase {
    func test_allStatuses_emitsTheExpectedMessages() async throws {
        try await assertSampleMatches("all-statuses", AllStatusesSteps.self)
    }

    func test_ambiguous_emitsTheExpectedMessages() async throws {
        try await assertSampleMatches("ambiguous", AmbiguousSteps.self)
    }

    func test_attachments_emitsTheExpectedMessages() async throws {
        try await assertSampleMatches("attachments", AttachmentsSteps.self)
    }

    func test_backgrounds_emitsTheExpectedMessages() async throws {
        try await assertSampleMatches("backgrounds", BackgroundsSteps.self)
    }

    func test_cdata_emitsTheExpectedMessages() async throws {
        try await assertSampleMatches("cdata", CdataSteps.self)
    }

    func test_dataTables_emitsTheExpectedMessages() async throws {
        try await assertSampleMatches("data-tables", DataTablesSteps.self)
    }

    func test_docStrings_emitsTheExpectedMessages() async throws {
        try await assertSampleMatches("doc-strings", DocStringsSteps.self)
    }

    func test_empty_emitsTheExpectedMessages() async throws {
        try await assertSampleMatches("empty", EmptySteps.self)
    }

    func test_examplesTables_emitsTheExpectedMessages() async throws {
        try await assertSampleMatches("examples-tables", ExamplesTablesSteps.self)
    }

    func test_examplesTablesAttachment_emitsTheExpectedMessages() async throws {
        try await assertSampleMatches("examples-tables-attachment", ExamplesTablesAttachmentSteps.self)
    }

    func test_examplesTablesUndefined_emitsTheExpectedMessages() async throws {
        try await assertSampleMatches("examples-tables-undefined", ExamplesTablesUndefinedSteps.self)
    }

    func test_examplesTablesUndefinedMultiple_emitsTheExpectedMessages() async throws {
        try await assertSampleMatches("examples-tables-undefined-multiple", ExamplesTablesUndefinedMultipleSteps.self)
    }

    func test_failedishCombinations_emitsTheExpectedMessages() async throws {
        try await assertSampleMatches("failedish-combinations", FailedishCombinationsSteps.self)
    }

    func test_globalHooks_emitsTheExpectedMessages() async throws {
        try await assertSampleMatches("global-hooks", GlobalHooksSteps.self)
    }

    func test_globalHooksAfterallError_emitsTheExpectedMessages() async throws {
        try await assertSampleMatches("global-hooks-afterall-error", GlobalHooksAfterallErrorSteps.self)
    }

    func test_globalHooksAttachments_emitsTheExpectedMessages() async throws {
        try await assertSampleMatches("global-hooks-attachments", GlobalHooksAttachmentsSteps.self)
    }

    func test_globalHooksBeforeallError_emitsTheExpectedMessages() async throws {
        try await assertSampleMatches("global-hooks-beforeall-error", GlobalHooksBeforeallErrorSteps.self)
    }

    func test_hooks_emitsTheExpectedMessages() async throws {
        try await assertSampleMatches("hooks", HooksSteps.self)
    }

    func test_hooksAttachment_emitsTheExpectedMessages() async throws {
        try await assertSampleMatches("hooks-attachment", HooksAttachmentSteps.self)
    }

    func test_hooksConditional_emitsTheExpectedMessages() async throws {
        try await assertSampleMatches("hooks-conditional", HooksConditionalSteps.self)
    }

    func test_hooksNamed_emitsTheExpectedMessages() async throws {
        try await assertSampleMatches("hooks-named", HooksNamedSteps.self)
    }

    func test_hooksSkipped_emitsTheExpectedMessages() async throws {
        try await assertSampleMatches("hooks-skipped", HooksSkippedSteps.self)
    }

    func test_hooksUndefined_emitsTheExpectedMessages() async throws {
        try await assertSampleMatches("hooks-undefined", HooksUndefinedSteps.self)
    }

    func test_markdown_emitsTheExpectedMessages() async throws {
        try await assertSampleMatches("markdown", MarkdownSteps.self)
    }

    func test_minimal_emitsTheExpectedMessages() async throws {
        try await assertSampleMatches("minimal", MinimalSteps.self)
    }

    func test_multipleFeatures_emitsTheExpectedMessages() async throws {
        try await assertSampleMatches("multiple-features", MultipleFeaturesSteps.self)
    }

    func test_multipleFeaturesReversed_emitsTheExpectedMessages() async throws {
        try await assertSampleMatches("multiple-features-reversed", MultipleFeaturesReversedSteps.self)
    }

    func test_parameterTypes_emitsTheExpectedMessages() async throws {
        try await assertSampleMatches("parameter-types", ParameterTypesSteps.self)
    }

    func test_pending_emitsTheExpectedMessages() async throws {
        try await assertSampleMatches("pending", PendingSteps.self)
    }

    func test_pendingException_emitsTheExpectedMessages() async throws {
        try await assertSampleMatches("pending-exception", PendingExceptionSteps.self)
    }

    func test_regularExpression_emitsTheExpectedMessages() async throws {
        try await assertSampleMatches("regular-expression", RegularExpressionSteps.self)
    }

    func test_retry_emitsTheExpectedMessages() async throws {
        RetrySteps.calls.reset()
        try await assertSampleMatches("retry", RetrySteps.self)
    }

    func test_retryAmbiguous_emitsTheExpectedMessages() async throws {
        try await assertSampleMatches("retry-ambiguous", RetryAmbiguousSteps.self)
    }

    func test_retryPending_emitsTheExpectedMessages() async throws {
        try await assertSampleMatches("retry-pending", RetryPendingSteps.self)
    }

    func test_retryUndefined_emitsTheExpectedMessages() async throws {
        try await assertSampleMatches("retry-undefined", RetryUndefinedSteps.self)
    }

    func test_rules_emitsTheExpectedMessages() async throws {
        try await assertSampleMatches("rules", RulesSteps.self)
    }

    func test_rulesBackgrounds_emitsTheExpectedMessages() async throws {
        try await assertSampleMatches("rules-backgrounds", RulesBackgroundsSteps.self)
    }

    func test_skipped_emitsTheExpectedMessages() async throws {
        try await assertSampleMatches("skipped", SkippedSteps.self)
    }

    func test_skippedException_emitsTheExpectedMessages() async throws {
        try await assertSampleMatches("skipped-exception", SkippedExceptionSteps.self)
    }

    func test_skippedFailingHook_emitsTheExpectedMessages() async throws {
        try await assertSampleMatches("skipped-failing-hook", SkippedFailingHookSteps.self)
    }

    func test_stackTraces_emitsTheExpectedMessages() async throws {
        try await assertSampleMatches("stack-traces", StackTracesSteps.self)
    }

    func test_testRunException_emitsTheExpectedMessages() async throws {
        _ = try CCKSampleRun("test-run-exception")
        throw XCTSkip(
            "test-run-exception: its `--error` option is a fake-cucumber switch that raises an internal "
                + "error right after testRunStarted; specrun has no such switch and no other way to fail outside user code "
                + "(every official runner skips this sample)")
    }

    func test_undefined_emitsTheExpectedMessages() async throws {
        try await assertSampleMatches("undefined", UndefinedSteps.self)
    }

    func test_undefinedMultiple_emitsTheExpectedMessages() async throws {
        try await assertSampleMatches("undefined-multiple", UndefinedMultipleSteps.self)
    }

    func test_unknownParameterType_emitsTheExpectedMessages() async throws {
        try await assertSampleMatches("unknown-parameter-type", UnknownParameterTypeSteps.self)
    }

    func test_unusedSteps_emitsTheExpectedMessages() async throws {
        try await assertSampleMatches("unused-steps", UnusedStepsSteps.self)
    }
}

/// The samples whose reference run has no support code at all also match when specrun is given no step
/// library (not merely an empty one).
final class CompatibilityKitWithoutSupportCodeTests: XCTestCase {
    func test_empty_emitsTheExpectedMessagesWithoutAnyStepLibrary() async throws {
        try await assertSampleMatches("empty", libraries: [])
    }

    func test_retryUndefined_emitsTheExpectedMessagesWithoutAnyStepLibrary() async throws {
        try await assertSampleMatches("retry-undefined", libraries: [])
    }
}

/// The sample checks can fail: a sample run with the wrong step definitions does not match.
final class CompatibilityKitHarnessTests: XCTestCase {
    func test_sampleRun_differsOnWrongStepLibrary() async throws {
        let run = try CCKSampleRun("minimal")
        let actual = try await run.run([UnusedStepsSteps.self]).map(JSONValue.parse)

        let report = try XCTUnwrap(MessageStreamComparer().compare(expected: try run.expected(), actual: actual))

        XCTAssertTrue(report.contains("stepDefinition"), report)
    }

    func test_configuration_mapsArgumentsFileOnRetryAndOrderSamples() throws {
        let retry = try CCKSampleRun("retry")  // throws XCTSkip (outside an assertion) when ../shared is absent
        XCTAssertEqual(try retry.configuration().retry, 2)
        XCTAssertEqual(try CCKSampleRun("multiple-features-reversed").configuration().order, .reverse)
        XCTAssertEqual(try CCKSampleRun("minimal").configuration().retry, 0)
    }
}

/// The reference data is found next to the repository, hidden by SPECRUN_SHARED=none, moved by SPECRUN_SHARED=DIR,
/// and its absence is noticed (the tests then skip). SharedData is the one lookup of ../shared of every test target.
final class SharedDataLocationTests: XCTestCase {
    func test_locate_findsSharedFolderNextToTheRepository() throws {
        let repo = try makeRepository()
        let shared = repo.deletingLastPathComponent().appendingPathComponent("shared")
        try FileManager.default.createDirectory(at: shared, withIntermediateDirectories: true)

        XCTAssertEqual(
            SharedData.locate(environment: [:], repository: repo)?.resolvingSymlinksInPath().path,
            shared.resolvingSymlinksInPath().path)
    }

    func test_locate_givesNothingOnAbsentSharedFolder() throws {
        XCTAssertNil(SharedData.locate(environment: [:], repository: try makeRepository()))
    }

    func test_locate_givesNothingWhenHiddenByTheEnvironment() throws {
        let repo = try makeRepository()
        try FileManager.default.createDirectory(
            at: repo.deletingLastPathComponent().appendingPathComponent("shared"),
            withIntermediateDirectories: true)

        XCTAssertNil(SharedData.locate(environment: ["SPECRUN_SHARED": "none"], repository: repo))
    }

    func test_locate_followsTheEnvironmentToAnotherFolder() throws {
        let repo = try makeRepository()
        let elsewhere = repo.appendingPathComponent("elsewhere")
        try FileManager.default.createDirectory(at: elsewhere, withIntermediateDirectories: true)

        XCTAssertEqual(
            SharedData.locate(environment: ["SPECRUN_SHARED": elsewhere.path], repository: repo)?.lastPathComponent,
            "elsewhere")
    }

    func test_notice_namesTheMissingFolderAndWhatIsSkipped() {
        XCTAssertTrue(
            SharedData.notice("reference/cck", "CCK sample minimal")
                .hasPrefix("../shared/reference/cck is absent"))
        XCTAssertTrue(SharedData.notice("reference/cck", "CCK sample minimal").hasSuffix(": CCK sample minimal skipped"))
    }

    /// A throwaway `<tmp>/<uuid>/repo` folder.
    private func makeRepository() throws -> URL {
        let base = FileManager.default.temporaryDirectory.appendingPathComponent(UUID().uuidString)
        addTeardownBlock { try? FileManager.default.removeItem(at: base) }
        let repo = base.appendingPathComponent("repo")
        try FileManager.default.createDirectory(at: repo, withIntermediateDirectories: true)
        return repo
    }
}
