import Messages

extension SpecRunner {
    /// What `specrun snippets` writes: the undefined steps of the selected scenarios as one step library file
    /// (see `SnippetLibrary`), found by a dry run (no step runs).
    public struct UndefinedStepsFile: Sendable {
        /// The Swift file.
        public let text: String
        /// Distinct undefined steps, snippets made, and steps left without one.
        public let steps: Int
        public let snippets: Int
        public let unresolved: Int
    }

    /// Dry-runs the configured features and writes their undefined steps as the library `name` (binding to the
    /// World `world`, or to one declared in the file when nil).
    public func undefinedStepsFile(name: String, world: String?, header: String) async throws -> UndefinedStepsFile {
        var dry = configuration
        dry.dryRun = true
        var runner = SpecRunner(libraries: libraries, configuration: dry, ids: ids, clock: clock, environment: environment)
        runner.fileSystem = fileSystem
        runner.makeCompiler = makeCompiler
        let prepared = try runner.prepare()
        let collected = UndefinedStepCollector()
        _ = await runner.execute(prepared, emit: { collected.handle($0) })
        guard let compiler = prepared.registry.compiler else {
            return UndefinedStepsFile(text: "", steps: 0, snippets: 0, unresolved: 0)
        }
        let library = SnippetLibrary(undefined: collected.undefined, defined: Array(Set(collected.defined)), compiler: compiler)
        let customTypes = Dictionary(
            prepared.registry.parameterTypes.map { ($0.code.name, $0.code.typeName) }, uniquingKeysWith: { first, _ in first })
        let writer = SnippetWriter(compiler: compiler, customTypes: customTypes, interface: configuration.snippetInterface)
        return UndefinedStepsFile(
            text: library.swiftFile(name: name, world: world, writer: writer, header: header),
            steps: library.entries.reduce(0) { $0 + $1.steps.count } + library.unresolved.count,
            snippets: library.entries.count, unresolved: library.unresolved.count)
    }
}

/// The steps of a dry run's test cases: those without a definition (in order of first use, with where), and the
/// texts of those with one.
final class UndefinedStepCollector {
    private var pickleSteps: [String: (step: PickleStep, uri: String)] = [:]
    private var lines = LineIndex()
    private(set) var undefined: [SnippetLibrary.Step] = []
    private(set) var defined: [String] = []

    func handle(_ envelope: Envelope) {
        if let document = envelope.gherkinDocument { lines.add(document, selecting: false) }
        if let pickle = envelope.pickle {
            for step in pickle.steps { pickleSteps[step.id] = (step, pickle.uri) }
        }
        guard let testCase = envelope.testCase else { return }
        for testStep in testCase.testSteps {
            guard let id = testStep.pickleStepId, let (step, uri) = pickleSteps[id] else { continue }
            if testStep.stepDefinitionIds?.isEmpty ?? true {
                let line = step.astNodeIds.first.flatMap { lines.line(of: $0) }
                undefined.append(
                    SnippetLibrary.Step(
                        text: step.text, keyword: SnippetWriter.keyword(step.type),
                        hasDocString: step.argument?.docString != nil, hasDataTable: step.argument?.dataTable != nil,
                        location: line.map { "\(uri):\($0)" } ?? uri))
            } else {
                defined.append(step.text)
            }
        }
    }
}
