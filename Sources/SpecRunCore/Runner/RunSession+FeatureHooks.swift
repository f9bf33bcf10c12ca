import Messages

/// BeforeFeature/AfterFeature hooks, as behave's `before_feature` and Reqnroll's `[BeforeFeature]`: around the
/// scenarios of one feature file that this process runs in a row. Before the first scenario of a feature, the
/// AfterFeature hooks of the feature before it run, then its BeforeFeature hooks; after the last scenario of the run,
/// the AfterFeature hooks of the last feature (before AfterAll). In worker processes each worker runs them around
/// the scenarios it is handed: a feature whose scenarios are split between workers has its hooks run in each of
/// them (a worker handed scenarios of a feature again after another's runs them again), so a hook sets up what its
/// process needs, as a BeforeAll hook does. They run as the run's hooks do — messages `testRunHookStarted`/
/// `Finished`, the run's `--timeout`, a crash reported at the hook — and a BeforeFeature hook that fails skips the
/// feature's scenarios in that process and fails the run.
extension RunSession {
    /// Runs the feature hooks due before a test case of `uri`; returns whether the feature's BeforeFeature hooks
    /// failed.
    func enterFeature(_ uri: String, emit: (Envelope) -> Void) async -> Bool {
        guard hasFeatureHooks else { return false }
        let previous: String?? = state.withLock { state in
            guard state.feature != uri else { return .none }
            defer { state.feature = uri }
            return .some(state.feature)
        }
        guard let previous else { return state.withLock { $0.featureFailed } }
        if let previous { _ = await featureHooks(.afterFeature, previous, emit: emit) }
        let passed = await featureHooks(.beforeFeature, uri, emit: emit)
        state.withLock { $0.featureFailed = !passed }
        return !passed
    }

    /// Runs the hooks of `kind` for the feature `uri` (`FeatureInfo.current` names it); whether they passed.
    func featureHooks(_ kind: HookKind, _ uri: String, emit: (Envelope) -> Void) async -> Bool {
        var success = true
        let passed = await FeatureInfo.$current.withValue(FeatureInfo(uri: uri)) {
            await runner.runGlobalHooks(kind, registry, runId: testRunStarted.id ?? "", root: root, success: &success, emit: emit)
        }
        if !success { state.withLock { $0.summary.success = false } }
        return passed
    }

    var hasFeatureHooks: Bool {
        !registry.hooks(.beforeFeature, for: []).isEmpty || !registry.hooks(.afterFeature, for: []).isEmpty
    }
}
