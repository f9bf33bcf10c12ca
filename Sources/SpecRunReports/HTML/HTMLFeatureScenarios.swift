import Messages
import SpecRunReportCore

/// The scenarios of one feature file in pickle order, with the rules and outlines they belong to.
struct HTMLFeatureScenarios {
    struct Entry {
        let view: PickleView
        let rule: Int
        let outline: Int?
    }
    var pickles: [Entry] = []
    var rules: [Rule] = []
    var outlines: [Scenario] = []
    var outlineRules: [Int] = []
    private var ruleIndex: [String: Int] = [:]
    private var outlineIndex: [String: Int] = [:]

    mutating func add(_ view: PickleView) {
        let lineage = view.lineage
        var rulePosition = -1
        if let rule = lineage?.rule {
            if let found = ruleIndex[rule.id] {
                rulePosition = found
            } else {
                rulePosition = rules.count
                ruleIndex[rule.id] = rulePosition
                rules.append(rule)
            }
        }
        var outlinePosition: Int?
        if lineage?.examplesIndex != nil, let scenario = lineage?.scenario {
            if let found = outlineIndex[scenario.id] {
                outlinePosition = found
            } else {
                outlinePosition = outlines.count
                outlineIndex[scenario.id] = outlines.count
                outlines.append(scenario)
                outlineRules.append(rulePosition)
            }
        }
        pickles.append(Entry(view: view, rule: rulePosition, outline: outlinePosition))
    }
}
