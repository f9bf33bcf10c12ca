/// Where a library registers its step definitions, hooks and parameter types.
///
///     steps.given("I have {int} cukes") { (world, count: Int) in world.cukes = count }
///     steps.then(regex: #"^(\d+) seconds pass$"#) { (world, seconds: Int) in … }
///
/// `given`, `when`, `then` and `step` are the same registration: Cucumber does not match on keywords.
/// `timeout:` limits how long this step may run (it comes before a `@timeout:` tag and `--timeout`):
///
///     steps.when("the report is built", timeout: .seconds(120)) { world in … }
/// Closures receive the World then one typed value per expression parameter; a step's DataTable or
/// DocString comes as the last argument.
public struct Steps<W: World>: Sendable {
    var code: [SupportCode] = []

    public init() {}

    // MARK: Cucumber Expressions

    public mutating func given<each A>(
        _ expression: String, timeout: Swift.Duration? = nil, file: StaticString = #filePath, line: UInt = #line,
        _ body: @escaping @Sendable (W, repeat each A) async throws -> Void
    ) {
        define(.cucumberExpression(expression), SourceLocation(file, line), timeout, body)
    }

    public mutating func when<each A>(
        _ expression: String, timeout: Swift.Duration? = nil, file: StaticString = #filePath, line: UInt = #line,
        _ body: @escaping @Sendable (W, repeat each A) async throws -> Void
    ) {
        define(.cucumberExpression(expression), SourceLocation(file, line), timeout, body)
    }

    public mutating func then<each A>(
        _ expression: String, timeout: Swift.Duration? = nil, file: StaticString = #filePath, line: UInt = #line,
        _ body: @escaping @Sendable (W, repeat each A) async throws -> Void
    ) {
        define(.cucumberExpression(expression), SourceLocation(file, line), timeout, body)
    }

    public mutating func step<each A>(
        _ expression: String, timeout: Swift.Duration? = nil, file: StaticString = #filePath, line: UInt = #line,
        _ body: @escaping @Sendable (W, repeat each A) async throws -> Void
    ) {
        define(.cucumberExpression(expression), SourceLocation(file, line), timeout, body)
    }

    // MARK: Regular expressions

    public mutating func given<each A>(
        regex pattern: String, timeout: Swift.Duration? = nil, file: StaticString = #filePath, line: UInt = #line,
        _ body: @escaping @Sendable (W, repeat each A) async throws -> Void
    ) {
        define(.regularExpression(pattern), SourceLocation(file, line), timeout, body)
    }

    public mutating func when<each A>(
        regex pattern: String, timeout: Swift.Duration? = nil, file: StaticString = #filePath, line: UInt = #line,
        _ body: @escaping @Sendable (W, repeat each A) async throws -> Void
    ) {
        define(.regularExpression(pattern), SourceLocation(file, line), timeout, body)
    }

    public mutating func then<each A>(
        regex pattern: String, timeout: Swift.Duration? = nil, file: StaticString = #filePath, line: UInt = #line,
        _ body: @escaping @Sendable (W, repeat each A) async throws -> Void
    ) {
        define(.regularExpression(pattern), SourceLocation(file, line), timeout, body)
    }

    public mutating func step<each A>(
        regex pattern: String, timeout: Swift.Duration? = nil, file: StaticString = #filePath, line: UInt = #line,
        _ body: @escaping @Sendable (W, repeat each A) async throws -> Void
    ) {
        define(.regularExpression(pattern), SourceLocation(file, line), timeout, body)
    }

    // MARK: Erasure

    private mutating func define<each A>(
        _ pattern: StepPattern, _ location: SourceLocation, _ timeout: Swift.Duration?,
        _ body: @escaping @Sendable (W, repeat each A) async throws -> Void
    ) {
        var typeNames: [String] = []
        for type in repeat (each A).self { typeNames.append(_typeName(type, qualified: false)) }
        let expected = typeNames
        var definition = StepDefinitionCode(
            pattern: pattern, location: location, argumentTypeNames: typeNames,
            invoke: { worlds, raw, description in
                guard raw.count == expected.count else {
                    throw ArgumentMismatch.arity(definition: description, expected: expected, provided: raw)
                }
                let cursor = ArgumentCursor(raw, definition: description)
                let values = (repeat try cursor.next((each A).self))
                try await body(worlds.world(W.self), repeat each values)
            },
            fit: { raw, description in
                guard raw.count == expected.count else {
                    throw ArgumentMismatch.arity(definition: description, expected: expected, provided: raw)
                }
                let cursor = ArgumentCursor(raw, definition: description)
                _ = (repeat try cursor.next((each A).self))
            },
            prepare: { raw in
                guard raw.count == expected.count, PreparedArguments<repeat each A>.arePlainValues() else { return nil }
                let cursor = ArgumentCursor(raw, definition: StepDefinitionDescription(pattern: pattern, location: location))
                guard let values = try? (repeat cursor.next((each A).self)) else { return nil }
                return PreparedArguments(repeat each values)
            },
            invokePrepared: { worlds, prepared in
                // (Made by `prepare` above, for these very types.)
                let arguments = unsafeDowncast(prepared, to: PreparedArguments<repeat each A>.self)
                try await body(worlds.world(W.self), repeat each arguments.values)
            })
        definition.timeout = timeout.map(Self.seconds)
        code.append(.step(definition))
    }

    static func seconds(_ duration: Swift.Duration) -> Double {
        let (seconds, attoseconds) = duration.components
        return max(0, Double(seconds) + Double(attoseconds) / 1e18)
    }
}
