import SpecRunReportCore

/// The `requirements-json` report: the coverage for dashboards, `{"version":1,"proven","total","outside","stories":[…],
/// "warnings":[…]}` (each criterion with its text, status and scenarios).
struct RequirementsJSONWriter {
    let coverage: RequirementsCoverage?

    func document() -> String {
        let coverage = coverage ?? RequirementsCoverage(stories: [])
        return JSONValue.object([
            ("version", .int(1)),
            ("proven", .int(Int64(coverage.proven))),
            ("total", .int(Int64(coverage.total))),
            ("outside", .int(Int64(coverage.outside))),
            ("stories", .array(coverage.stories.map(Self.story))),
            (
                "warnings",
                .array(
                    coverage.warnings.map { warning in
                        .object([("uri", .string(warning.uri)), ("line", .int(Int64(warning.line))), ("message", .string(warning.message))])
                    })
            ),
        ]).render(pretty: true) + "\n"
    }

    static func story(_ story: StoryCoverage) -> JSONValue {
        .object([
            ("id", .string(story.id)), ("title", .string(story.title)), ("uri", .string(story.uri)),
            ("line", .int(Int64(story.line))), ("narrative", .string(story.narrative)),
            ("proven", .int(Int64(story.proven))), ("total", .int(Int64(story.total))),
            ("criteria", .array(story.criteria.map(criterion))),
        ])
    }

    /// A criterion; `"gate":"must"|"should"` after `status` only when it is marked (the release gate).
    static func criterion(_ criterion: CriterionCoverage) -> JSONValue {
        guard let gate = criterion.gate, case .object(var fields) = unmarked(criterion) else { return unmarked(criterion) }
        let status = fields.firstIndex { $0.0 == "status" }.map { $0 + 1 } ?? fields.count
        fields.insert(("gate", .string(gate)), at: status)
        return .object(fields)
    }

    private static func unmarked(_ criterion: CriterionCoverage) -> JSONValue {
        .object([
            ("id", .string(criterion.id)), ("title", .string(criterion.title)), ("type", .string(criterion.type)),
            ("given", .array(criterion.given.map(JSONValue.string))), ("when", .array(criterion.when.map(JSONValue.string))),
            ("then", .array(criterion.then.map(JSONValue.string))), ("uri", .string(criterion.uri)),
            ("line", .int(Int64(criterion.line))), ("derived", .bool(criterion.derived)),
            ("status", .string(criterion.status.rawValue)),
            (
                "scenarios",
                .array(
                    criterion.scenarios.map { scenario in
                        .object([
                            ("name", .string(scenario.name)), ("uri", .string(scenario.uri)),
                            ("line", .int(Int64(scenario.line))), ("status", .string(scenario.status)),
                        ])
                    })
            ),
        ])
    }
}
