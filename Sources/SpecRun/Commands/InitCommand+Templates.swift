/// The files `specrun init` writes: an example feature, its steps, the spec executable and a test target that
/// runs the same scenarios under `swift test`.
extension InitCommand {
    static func files(_ names: Names) -> [(path: String, text: String)] {
        [
            ("Features/example.feature", feature),
            ("Sources/\(names.steps)/ExampleSteps.swift", steps),
            ("Sources/\(names.executable)/main.swift", main(names)),
            ("Tests/\(names.tests)/\(names.tests).swift", tests(names)),
            ("specrun.json", config),
        ]
    }

    static let feature = """
        Feature: A first executable specification
          Replace this with your own: one behaviour a scenario, in the words of your users.

          Scenario: Adding items to a basket
            Given the basket is empty
            When I add 2 "apples"
            Then the basket holds 2 "apples"

        """

    static let steps = """
        import SpecRun

        /// The scenario's state: a fresh instance for every scenario.
        public final class BasketWorld: World {
            var items: [String: Int] = [:]
            public required init() {}
        }

        /// Step definitions: Cucumber Expressions bound to Swift closures.
        public enum ExampleSteps: StepLibrary {
            public static func register(_ steps: inout Steps<BasketWorld>) {
                steps.given("the basket is empty") { world in world.items = [:] }
                steps.when("I add {int} {string}") { (world, count: Int, item: String) in
                    world.items[item, default: 0] += count
                }
                steps.then("the basket holds {int} {string}") { (world, count: Int, item: String) in
                    try expect(world.items[item] ?? 0, equals: count)
                }
            }
        }

        """

    static func main(_ names: Names) -> String {
        """
        // The composition root: every step library of your specifications, handed to specrun's command line.
        import SpecRun
        import \(names.steps)

        await SpecRunCLI.main(libraries: [ExampleSteps.self])

        """
    }

    static func tests(_ names: Names) -> String {
        """
        // Every scenario of Features/ is a test of its own, named after it: the SpecRunScenarios plugin of this
        // target (Package.swift) writes one test per scenario, in a suite per feature, run one at a time:
        //     swift test --filter "Adding items to a basket"
        // Each runs its scenario through `specSuite`: your step libraries, and the suite's settings (tags, world
        // parameters, timeouts; see SpecSuite).
        import SpecRunTesting
        import \(names.steps)

        let specSuite = SpecSuite(libraries: [ExampleSteps.self], root: SpecScenario.packageRoot(of: #filePath))

        """
    }

    static let config = """
        {
          "default": { "paths": ["Features"], "format": ["pretty", "html:reports/index.html", "junit:reports/junit.xml"] }
        }

        """
}
