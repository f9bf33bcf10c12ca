// swift-tools-version:6.0
import PackageDescription

// A spec package as a user would write it: it depends on specrun by path and binds the step vocabulary of
// ../shared/bench (the corpus generator's manifest). Not part of the root package's build; built and run by
// tools/bench/run (whole-process benchmark).
let package = Package(
    name: "UserPackage",
    platforms: [.macOS(.v13)],
    dependencies: [
        .package(name: "specrun", path: "../..")
    ],
    targets: [
        // The cart workloads (c1k … c50k): trivial integer arithmetic, so the runner's own overhead dominates.
        .target(name: "CartSteps", dependencies: [.product(name: "SpecRun", package: "specrun")]),
        // The one-step workloads, to show what parallel workers buy: a step that sleeps (I/O-bound, WaitSteps) and
        // one that computes (CPU-bound, ComputeSteps).
        .target(name: "WaitSteps", dependencies: [.product(name: "SpecRun", package: "specrun")]),
        .executableTarget(
            name: "bench-specs",
            dependencies: [
                "CartSteps", "WaitSteps", .product(name: "SpecRun", package: "specrun"),
            ]),
    ],
    swiftLanguageModes: [.v6]
)
