import Messages

/// The lines of a feature file and what each one's change affects: the feature's header and Background every
/// scenario of the file, a Rule's header and Background every scenario of the Rule, a scenario's own lines that
/// scenario (every example of an outline), an Examples block's keyword, tags and header row its rows, and an
/// example row its own example.
struct ScenarioRegions {
    /// A part of the file (first...last line), what a change in it selects (`nil`: the whole file) and its name.
    struct Region: Equatable {
        var lines: ClosedRange<Int>
        var selects: Int?
        var what: String
    }

    private(set) var regions: [Region] = []

    init(_ document: GherkinDocument, lineCount: Int) {
        guard let feature = document.feature else { return }
        let last = max(1, lineCount)
        let starts = feature.children.map(Self.start)
        regions.append(Region(lines: 1...max(1, (starts.first ?? last + 1) - 1), selects: nil, what: "the Feature's header"))
        for (index, child) in feature.children.enumerated() {
            let end = index + 1 < starts.count ? starts[index + 1] - 1 : last
            let lines = starts[index]...max(starts[index], end)
            if let background = child.background {
                regions.append(Region(lines: lines, selects: nil, what: "the \(background.keyword) of the Feature"))
            } else if let scenario = child.scenario {
                add(scenario, lines)
            } else if let rule = child.rule {
                add(rule, lines)
            }
        }
    }

    /// The regions holding a changed line, each with its first changed line.
    func touched(by changedLines: [Int]) -> [(region: Region, line: Int)] {
        regions.compactMap { region in changedLines.first(where: region.lines.contains).map { (region, $0) } }
    }

    private mutating func add(_ rule: Rule, _ lines: ClosedRange<Int>) {
        let starts = rule.children.map(Self.start)
        let name = "the \(rule.keyword) '\(rule.name)'"
        regions.append(
            Region(
                lines: lines.lowerBound...max(lines.lowerBound, (starts.first ?? lines.upperBound + 1) - 1), selects: rule.location.line,
                what: name))
        for (index, child) in rule.children.enumerated() {
            let end = index + 1 < starts.count ? starts[index + 1] - 1 : lines.upperBound
            let childLines = starts[index]...max(starts[index], end)
            if let background = child.background {
                regions.append(Region(lines: childLines, selects: rule.location.line, what: "the \(background.keyword) of \(name)"))
            } else if let scenario = child.scenario {
                add(scenario, childLines)
            }
        }
    }

    private mutating func add(_ scenario: Scenario, _ lines: ClosedRange<Int>) {
        let name = "the \(scenario.keyword) '\(scenario.name)'"
        let starts = scenario.examples.map { Self.start($0.tags, $0.location) }
        regions.append(
            Region(
                lines: lines.lowerBound...max(lines.lowerBound, (starts.first ?? lines.upperBound + 1) - 1),
                selects: scenario.location.line, what: name))
        for (index, examples) in scenario.examples.enumerated() {
            let end = index + 1 < starts.count ? starts[index + 1] - 1 : lines.upperBound
            let firstRow = examples.tableBody.first?.location.line ?? end + 1
            let block = "the \(examples.keyword) of \(name)"
            regions.append(Region(lines: starts[index]...max(starts[index], firstRow - 1), selects: examples.location.line, what: block))
            for (number, row) in examples.tableBody.enumerated() {
                let rowEnd = number + 1 < examples.tableBody.count ? examples.tableBody[number + 1].location.line - 1 : row.location.line
                regions.append(
                    Region(
                        lines: row.location.line...rowEnd, selects: row.location.line, what: "example row \(row.location.line) of \(name)"))
            }
        }
    }

    private static func start(_ child: FeatureChild) -> Int {
        if let scenario = child.scenario { return start(scenario.tags, scenario.location) }
        if let rule = child.rule { return start(rule.tags, rule.location) }
        return child.background?.location.line ?? 1
    }

    private static func start(_ child: RuleChild) -> Int {
        if let scenario = child.scenario { return start(scenario.tags, scenario.location) }
        return child.background?.location.line ?? 1
    }

    private static func start(_ tags: [Tag], _ location: Location) -> Int {
        min(location.line, tags.map(\.location.line).min() ?? location.line)
    }
}
