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
        // Every scenario of Features/ as a test of its own, named after its feature and scenario.
        import SpecRunTesting
        import Testing
        import \(names.steps)

        private let root = SpecScenario.packageRoot(of: #filePath)
        private let suite = SpecSuite(libraries: [ExampleSteps.self], root: root)

        @Suite(.serialized) struct \(names.base)Specifications {
            @Test(arguments: SpecScenario.all(root: root))
            func scenario(_ scenario: SpecScenario) async throws { try await suite.run(scenario) }
        }

        """
    }

    static let config = """
        {
          "default": { "paths": ["Features"], "format": ["pretty", "html:reports/index.html", "junit:reports/junit.xml"] }
        }

        """
}
