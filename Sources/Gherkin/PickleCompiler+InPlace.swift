import Messages

/// The scenario of a feature's or rule's child read where it lies in the document. Unwrapping it (`if let`, `!`) copies
/// it, a retain and a release per string and array of the scenario, for every scenario compiled.
enum ChildScenario {
    private static let ofFeatureChild = MemoryLayout<FeatureChild>.offset(of: \FeatureChild.scenario)!
    private static let ofRuleChild = MemoryLayout<RuleChild>.offset(of: \RuleChild.scenario)!

    /// The scenario of `child`, if it has one (an optional's payload is at its start).
    static func of(_ child: UnsafePointer<FeatureChild>) -> UnsafePointer<Scenario>? {
        guard child.pointee.scenario?.location.line != nil else { return nil }
        return (UnsafeRawPointer(child) + ofFeatureChild).assumingMemoryBound(to: Scenario.self)
    }

    static func of(_ child: UnsafePointer<RuleChild>) -> UnsafePointer<Scenario>? {
        guard child.pointee.scenario?.location.line != nil else { return nil }
        return (UnsafeRawPointer(child) + ofRuleChild).assumingMemoryBound(to: Scenario.self)
    }
}
