import Foundation

@testable import SpecRunReportCore

/// A report and a console as two runs of the same features share them: the features' folder named `<folder>`, each
/// run's own ids (15 base-62 digits) and every number (times, durations) masked.
struct MaskedReport {
    let folder: String

    func mask(_ text: String) -> String {
        text.replacingOccurrences(of: folder, with: "<folder>")
            .replacingOccurrences(of: "\\b[0-9A-Za-z]{15}\\b", with: "<id>", options: .regularExpression)
            .replacingOccurrences(of: "[0-9]+", with: "#", options: .regularExpression)
    }

    /// The report file at `path` masked ("" when none was written).
    func report(_ path: String, format: ReportFormat) -> String {
        let text = mask((try? String(contentsOfFile: path, encoding: .utf8)) ?? "")
        // (The usage reports list the slowest first: the order of steps that take no time is the clock's.)
        guard format == .usage || format == .usageJSON else { return text }
        return text.split(separator: "\n", omittingEmptySubsequences: false).sorted().joined(separator: "\n")
    }
}
