// swift-tools-version:6.0
import PackageDescription

// A spec package as a user would write it: it depends on specrun by path and binds the step vocabulary of
// ../shared/bench (the corpus generator's manifest). Not part of the root package's build; built and run by
// tools/bench/run (whole-process benchmark).
let package = Package(
    name: "UserPackage",
    platforms: [.macOS(.v13)],
    dependencies: [
        .package(name: "specrun", path: "../.."),
    ],
    targets: [
        // The CPU-bound workload: trivial integer arithmetic, so the runner's own overhead dominates.
        .target(name: "CartSteps", dependencies: [.product(name: "SpecRun", package: "specrun")]),
        // The I/O-bound workload: a step that sleeps, to show what parallel workers buy.
        .target(name: "WaitSteps", dependencies: [.product(name: "SpecRun", package: "specrun")]),
        .executableTarget(name: "bench-specs", dependencies: [
            "CartSteps", "WaitSteps", .product(name: "SpecRun", package: "specrun"),
        ]),
    ],
    swiftLanguageModes: [.v6]
)
