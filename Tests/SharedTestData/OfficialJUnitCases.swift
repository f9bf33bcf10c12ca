import Foundation

/// The official cases of cucumber/junit-xml-formatter (../shared/reference/formatters/junit-xml) and specrun's one
/// deliberate difference from them (issue 30): a failing BeforeAll/AfterAll, or a run that failed on its own, is an
/// error test case of the run, where Cucumber's formatter writes `tests="0" failures="0"`.
public enum OfficialJUnitCases {
    /// The samples where specrun writes exactly one run-level error test case.
    public static let runLevelErrorSamples: Set = [
        "global-hooks-afterall-error.ndjson", "global-hooks-beforeall-error.ndjson",
        "test-run-exception.ndjson",
    ]

    /// The JUnit without specrun's run-level error test cases (the `tests`/`errors` counts brought back), and how
    /// many there were.
    public static func withoutRunLevelErrors(_ xml: String) -> (xml: String, runErrors: Int) {
        let pattern =
            #"<testcase classname="Cucumber" name="(BeforeAll hook|AfterAll hook|the run )[^"]*" time="0">\n<error .*?</testcase>\n"#
        guard let regex = try? NSRegularExpression(pattern: pattern, options: [.dotMatchesLineSeparators]) else { return (xml, 0) }
        let count = regex.numberOfMatches(in: xml, range: NSRange(xml.startIndex..., in: xml))
        guard count > 0 else { return (xml, 0) }
        var out = regex.stringByReplacingMatches(in: xml, range: NSRange(xml.startIndex..., in: xml), withTemplate: "")
        for attribute in ["tests", "errors"] {
            guard let range = out.range(of: #" \#(attribute)="\d+""#, options: .regularExpression),
                let value = Int(out[range].filter(\.isNumber))
            else { continue }
            out.replaceSubrange(range, with: " \(attribute)=\"\(value - count)\"")
        }
        return (out, count)
    }
}
