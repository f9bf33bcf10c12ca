import Messages
import SpecRunReportCore

extension ReportOptions {
    /// A parse error as the console says it on stderr: `Features/a.feature:4:3: expected a step, …, got 'Giving x'
    /// (did you mean 'Given'?)` (`parseErrorWords`); one with no place in the file, `path: message`.
    func parseErrorLine(_ error: ParseError) -> String {
        let words = parseErrorWords?(error) ?? error.messageWithoutLocation
        guard error.source.location == nil, let uri = error.source.uri, words.hasPrefix(uri) else {
            return "\(error.locationText): \(words)"
        }
        return words
    }
}
