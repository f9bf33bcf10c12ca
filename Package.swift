// swift-tools-version:6.0
import PackageDescription

// specrun: a BDD spec runner for Swift. No package dependencies: the toolchain only.
// The pipeline is the architecture: Gherkin → pickles → plan → run → Messages → reports.
/// The HTML report's files (Sources/SpecRunReports/HTML/Resources), in the order HTMLResources joins them.
let htmlResources = [
    "base.css", "components.css", "responsive.css",
    "dom.js", "contract.js", "tags.js", "query.js", "markdown-inline.js", "markdown-blocks.js", "attachments.js", "steps.js",
    "scenarios.js",
    "features.js", "triage.js", "history.js", "overview.js", "requirements.js", "app.js",
]

let package = Package(
    name: "specrun",
    platforms: [.macOS(.v13)],
    products: [
        .executable(name: "specrun", targets: ["specrun"]),
        .library(name: "SpecRun", targets: ["SpecRun"]),
        .library(name: "SpecRunTesting", targets: ["SpecRunTesting"]),
        // A build tool plugin for a test target: one `@Test` per scenario of Features/ (swift test --filter "<scenario>").
        .plugin(name: "SpecRunScenarios", targets: ["SpecRunScenarios"]),
        .library(name: "Gherkin", targets: ["Gherkin"]),
        .library(name: "Chat", targets: ["Chat"]),
        .library(name: "Survey", targets: ["Survey"]),
        .library(name: "Quiz", targets: ["Quiz"]),
    ],
    targets: [
        // The one way to share mutable state between threads (`Locked<State>`): every module may import it.
        .target(name: "SharedState"),
        // The pipeline
        .target(name: "Messages", dependencies: ["SharedState"]),
        .target(name: "Gherkin", dependencies: ["Messages", "SharedState"], exclude: ["Generator"]),
        .target(name: "CucumberExpressions"),
        .target(name: "TagExpressions"),
        .target(name: "SpecRunCore", dependencies: ["Messages", "Gherkin", "CucumberExpressions", "TagExpressions", "SharedState"]),
        // The HTML report's stylesheet and script are files of their own, embedded at build time.
        // What every report stands on: the run's index, the sinks reports write to, the formatter protocols.
        .target(name: "SpecRunReportCore", dependencies: ["Messages", "SharedState", "SpecRunSystem"]),
        .target(
            name: "SpecRunReports", dependencies: ["SpecRunReportCore", "Messages", "SharedState", "SpecRunSystem"],
            resources: htmlResources.map { .embedInCode("HTML/Resources/\($0)") }),
        // The story documents: stories and acceptance criteria read from Markdown (Foundation only).
        .target(name: "Requirements"),
        // The OS calls made in C: the first worker forked before `main` (before the Swift runtime starts threads),
        // pipe size, subreaper, allocator tuning, renameat2.
        .target(name: "SpecRunSystem"),
        // A run in worker processes: the supervisor and its parts, the worker protocol (both ends), the worker's
        // side, process control and the run's OS layer, the listener pipeline. Never the reports or the CLI.
        .target(
            name: "SpecRunWorkers",
            dependencies: ["SpecRunCore", "Messages", "Gherkin", "TagExpressions", "Requirements", "SharedState", "SpecRunSystem"]),
        // The editor's side: the language server, and the analysis it shares with `specrun check`.
        .target(
            name: "SpecRunEditor",
            dependencies: [
                "SpecRunCore", "SpecRunReports", "SpecRunReportCore", "Messages", "Gherkin", "Requirements", "CucumberExpressions",
            ]),
        // The public face: argument parsing, the commands, composition (`SpecRunCLI.main(libraries:)`).
        .target(
            name: "SpecRun",
            dependencies: [
                "SpecRunCore", "SpecRunReports", "SpecRunReportCore", "SpecRunWorkers", "SpecRunEditor", "Requirements", "Gherkin",
                "Messages", "TagExpressions", "SharedState", "SpecRunSystem",
            ]),
        .executableTarget(name: "specrun", dependencies: ["SpecRun", "Specs"]),
        // `swift test` integration for users: one Swift Testing case per scenario.
        .target(name: "SpecRunTesting", dependencies: ["SpecRunCore", "Gherkin", "Messages", "TagExpressions", "SharedState"]),
        // The SpecRunScenarios plugin: its tool reads the features with specrun's parser and writes the tests.
        .target(name: "SpecRunScenarioSource", dependencies: ["Gherkin", "Messages"]),
        .executableTarget(name: "specrun-scenarios", dependencies: ["SpecRunScenarioSource"]),
        .plugin(name: "SpecRunScenarios", capability: .buildTool(), dependencies: ["specrun-scenarios"]),

        // The domains and their executable acceptance criteria
        .target(name: "Chat"),
        .target(name: "Survey"),
        .target(name: "Quiz"),
        .target(name: "Specs", dependencies: ["SpecRun", "Chat", "Survey", "Quiz", "DomainTestSupport", "HTTPTestSupport"], path: "Specs"),
        // Test doubles of the domains' boundaries (in-memory servers, stores, push notifier): never shipped in a domain module.
        .target(name: "DomainTestSupport", dependencies: ["Chat", "Survey"], path: "Tests/DomainTestSupport"),

        // Benchmarks (swift run -c release <name>)
        .executableTarget(name: "gherkin-bench", dependencies: ["Gherkin", "Messages"], path: "Benchmarks/GherkinBench"),
        .executableTarget(name: "runner-bench", dependencies: ["SpecRun", "Messages"], path: "Benchmarks/RunnerBench"),
        .executableTarget(name: "messages-bench", dependencies: ["Messages"], path: "Benchmarks/MessagesBench"),
        .executableTarget(name: "chat-latency-bench", dependencies: ["Chat"], path: "Benchmarks/ChatLatencyBench"),

        // Tests: one target per module, plus the compatibility kit and the acceptance features
        .testTarget(name: "SharedStateTests", dependencies: ["SharedState"]),
        .testTarget(name: "MessagesTests", dependencies: ["SharedTestData", "Messages"]),
        .testTarget(name: "RequirementsTests", dependencies: ["SharedTestData", "Requirements"]),
        .testTarget(name: "GherkinTests", dependencies: ["SharedTestData", "Gherkin", "Messages"]),
        .testTarget(name: "CucumberExpressionsTests", dependencies: ["SharedTestData", "CucumberExpressions"]),
        .testTarget(name: "TagExpressionsTests", dependencies: ["SharedTestData", "TagExpressions"]),
        .testTarget(
            name: "SpecRunCoreTests", dependencies: ["SharedTestData", "SpecRunCore", "Messages", "Gherkin"], exclude: ["Fixtures"]),
        .testTarget(
            name: "SpecRunReportsTests",
            dependencies: ["SharedTestData", "SpecRunReports", "SpecRunReportCore", "Messages", "Gherkin", "SharedState"],
            exclude: ["Fixtures"]),
        .testTarget(
            name: "SpecRunTests",
            dependencies: [
                "SharedTestData", "SpecRun", "SpecRunWorkers", "SpecRunEditor", "SpecRunCore", "SpecRunReports", "SpecRunReportCore",
                "Messages", "TagExpressions",
            ]),
        .testTarget(
            name: "SpecRunWorkersTests",
            dependencies: ["SharedTestData", "SpecRunWorkers", "SpecRunCore", "Messages", "TagExpressions", "SharedState"]),
        // A step library that crashes the process, for SpecRunTests' end-to-end isolation tests.
        .executableTarget(name: "specrun-crash-fixture", dependencies: ["SpecRun"], path: "Tests/CrashFixture"),
        // Steps and run-level hooks of every outcome, for the report tests and their property test.
        .executableTarget(name: "specrun-report-fixture", dependencies: ["SpecRun"], path: "Tests/ReportFixture"),
        .testTarget(name: "CompatibilityKitTests", dependencies: ["SharedTestData", "SpecRun", "Messages"]),
        .testTarget(name: "AcceptanceTests", dependencies: ["SpecRunTesting", "SpecRun", "Specs"], plugins: ["SpecRunScenarios"]),
        .testTarget(name: "SpecRunScenarioSourceTests", dependencies: ["SpecRunScenarioSource"]),
        .testTarget(name: "ChatTests", dependencies: ["Chat", "HTTPTestSupport", "DomainTestSupport"]),
        .testTarget(name: "SurveyTests", dependencies: ["Survey", "HTTPTestSupport", "DomainTestSupport"]),
        .testTarget(name: "QuizTests", dependencies: ["Quiz", "HTTPTestSupport"]),
        .target(name: "HTTPTestSupport", path: "Tests/HTTPTestSupport"),
        // The one lookup of ../shared for every test target (SPECRUN_SHARED=none hides it: a user's clone).
        .target(name: "SharedTestData", path: "Tests/SharedTestData"),
        // The repository itself: every path a document names exists.
        .testTarget(name: "RepositoryTests"),
    ],
    swiftLanguageModes: [.v6]
)
