/// Hooks: `before`/`after` run around every scenario (After hooks even when a step failed), `beforeStep`/
/// `afterStep` around every step, `beforeAll`/`afterAll` once around the whole run (they get no World).
/// `tags` is a tag expression filtering the scenarios; `order` sorts hooks (lower first for Before hooks,
/// higher first for After hooks); `name` shows in reports.
extension Steps {
    public mutating func before(
        name: String? = nil, tags: String? = nil, order: Int = 0,
        file: StaticString = #filePath, line: UInt = #line,
        _ body: @escaping @Sendable (W) async throws -> Void
    ) {
        hook(.before, name, tags, order, SourceLocation(file, line), body)
    }

    public mutating func after(
        name: String? = nil, tags: String? = nil, order: Int = 0,
        file: StaticString = #filePath, line: UInt = #line,
        _ body: @escaping @Sendable (W) async throws -> Void
    ) {
        hook(.after, name, tags, order, SourceLocation(file, line), body)
    }

    public mutating func beforeStep(
        name: String? = nil, tags: String? = nil, order: Int = 0,
        file: StaticString = #filePath, line: UInt = #line,
        _ body: @escaping @Sendable (W) async throws -> Void
    ) {
        hook(.beforeStep, name, tags, order, SourceLocation(file, line), body)
    }

    public mutating func afterStep(
        name: String? = nil, tags: String? = nil, order: Int = 0,
        file: StaticString = #filePath, line: UInt = #line,
        _ body: @escaping @Sendable (W) async throws -> Void
    ) {
        hook(.afterStep, name, tags, order, SourceLocation(file, line), body)
    }

    public mutating func beforeAll(
        name: String? = nil, order: Int = 0,
        file: StaticString = #filePath, line: UInt = #line,
        _ body: @escaping @Sendable () async throws -> Void
    ) {
        code.append(
            .hook(
                HookCode(
                    kind: .beforeAll, name: name, tags: nil, order: order,
                    location: SourceLocation(file, line), invoke: { _ in try await body() })))
    }

    public mutating func afterAll(
        name: String? = nil, order: Int = 0,
        file: StaticString = #filePath, line: UInt = #line,
        _ body: @escaping @Sendable () async throws -> Void
    ) {
        code.append(
            .hook(
                HookCode(
                    kind: .afterAll, name: name, tags: nil, order: order,
                    location: SourceLocation(file, line), invoke: { _ in try await body() })))
    }

    private mutating func hook(
        _ kind: HookKind, _ name: String?, _ tags: String?, _ order: Int, _ location: SourceLocation,
        _ body: @escaping @Sendable (W) async throws -> Void
    ) {
        code.append(
            .hook(
                HookCode(
                    kind: kind, name: name, tags: tags, order: order, location: location,
                    invoke: { worlds in
                        guard let worlds else { return }
                        try await body(worlds.world(W.self))
                    })))
    }
}
