import Foundation
import Messages
import TagExpressions

/// Which pickles run: by line (per file), tag expression and name regexes; then in which order.
struct PickleSelection {
    let tags: TagExpression?
    let names: [NSRegularExpression]

    init(configuration: RunConfiguration) throws {
        if let text = configuration.tags, !text.trimmingCharacters(in: .whitespaces).isEmpty {
            do { tags = try TagExpression.parse(text) } catch {
                throw SpecRunError.badTagExpression(expression: text, reason: "\(error)")
            }
        } else {
            tags = nil
        }
        if let text = configuration.retryTagFilter {
            do { _ = try TagExpression.parse(text) } catch {
                throw SpecRunError.badTagExpression(expression: text, reason: "\(error)")
            }
        }
        _ = try ScopedTimeouts(configuration.tagTimeouts)
        // An empty pattern matches every name (as in cucumber-js), so the alternatives select them all;
        // NSRegularExpression would refuse it.
        names =
            configuration.names.contains("")
            ? []
            : try configuration.names.map { pattern in
                do { return try NSRegularExpression(pattern: pattern) } catch {
                    throw SpecRunError.badNameRegex(pattern: pattern, reason: "not a valid regular expression")
                }
            }
    }

    func selects(_ pickle: Pickle, lines: Set<Int>?, index: LineIndex) -> Bool {
        if let lines, index.lines(of: pickle).isDisjoint(with: lines) { return false }
        if let tags, !tags.evaluate(tags: pickle.tags.map(\.name)) { return false }
        if !names.isEmpty {
            let range = NSRange(pickle.name.startIndex..., in: pickle.name)
            if !names.contains(where: { $0.firstMatch(in: pickle.name, range: range) != nil }) { return false }
        }
        return true
    }
}
