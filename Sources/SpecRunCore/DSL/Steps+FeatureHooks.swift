/// The feature a BeforeFeature/AfterFeature hook runs for.
public struct FeatureInfo: Sendable, Equatable {
    /// The feature file, as the run names it (`Features/cart.feature`).
    public let uri: String

    public init(uri: String) { self.uri = uri }

    /// The feature of the hook running now.
    @TaskLocal static var current: FeatureInfo?
}

/// `beforeFeature`/`afterFeature`: around the scenarios of one feature that a process runs in a row (see
/// `RunSession+FeatureHooks` for when, in worker processes too); they get the feature, no World.
extension Steps {
    public mutating func beforeFeature(
        name: String? = nil, order: Int = 0,
        file: StaticString = #filePath, line: UInt = #line,
        _ body: @escaping @Sendable (FeatureInfo) async throws -> Void
    ) {
        featureHook(.beforeFeature, name, order, SourceLocation(file, line), body)
    }

    public mutating func afterFeature(
        name: String? = nil, order: Int = 0,
        file: StaticString = #filePath, line: UInt = #line,
        _ body: @escaping @Sendable (FeatureInfo) async throws -> Void
    ) {
        featureHook(.afterFeature, name, order, SourceLocation(file, line), body)
    }

    private mutating func featureHook(
        _ kind: HookKind, _ name: String?, _ order: Int, _ location: SourceLocation,
        _ body: @escaping @Sendable (FeatureInfo) async throws -> Void
    ) {
        code.append(
            .hook(
                HookCode(
                    kind: kind, name: name, tags: nil, order: order, location: location,
                    invoke: { _ in try await body(FeatureInfo.current ?? FeatureInfo(uri: "")) })))
    }
}
