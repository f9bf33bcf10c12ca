import Foundation

/// A failure in the criterion's language: the Then it could not prove, and what the app did instead ("Then the
/// counter shows 04:58 — the app showed 04:59"). The exception text, the Swift paths and the feature line are for
/// developers and sit behind a fold; this is what a product owner reads first. `claim.js` words it the same way.
struct FailureClaim: Equatable {
    /// The Then's keyword as written (`Then `, `And `).
    let keyword: String
    let text: String
    /// " — the app showed 04:59", " — not checked: “When I answer 4” failed"…
    let actual: String

    /// One step of the scenario as the claim needs it.
    struct Step {
        let keyword: String
        let text: String
        /// A Then (an outcome step, or an And/But after one).
        let isOutcome: Bool
    }

    /// `steps`: the scenario's steps in order; `failing`: the position of the step that did not pass (nil when a
    /// hook failed), with its status and message.
    static func make(steps: [Step], failing: Int?, status: String, message: String?) -> FailureClaim? {
        let claimPosition: Int? = {
            if let failing, steps[failing].isOutcome { return failing }
            let from = failing.map { $0 + 1 } ?? 0
            return steps.indices.first { $0 >= from && steps[$0].isOutcome } ?? failing
        }()
        guard let claimPosition else { return nil }
        let claim = steps[claimPosition]
        guard claimPosition != failing else {
            return FailureClaim(
                keyword: claim.keyword, text: claim.text, actual: " \u{2014} " + ownOutcome(status: status, message: message))
        }
        let cause =
            failing.map { "\u{201C}" + steps[$0].keyword.trimmingSpaces() + " " + steps[$0].text + "\u{201D} " + verb(status) }
            ?? "a hook failed"
        return FailureClaim(keyword: claim.keyword, text: claim.text, actual: " \u{2014} not checked: " + cause)
    }

    /// What became of the Then itself.
    private static func ownOutcome(status: String, message: String?) -> String {
        switch status {
        case "failed":
            guard let got = message.flatMap(got(in:)) else { return "it did not hold" }
            return got.count > 80 || got.contains("\n") ? "the app showed something else" : "the app showed " + got
        case "undefined": return "not checked: this step is not written yet"
        case "pending": return "not checked: this step is pending"
        case "ambiguous": return "not checked: more than one step definition matches it"
        default: return "it did not hold"
        }
    }

    private static func verb(_ status: String) -> String {
        switch status {
        case "undefined": return "is not written yet"
        case "pending": return "is pending"
        case "ambiguous": return "matches more than one step definition"
        default: return "failed"
        }
    }

    /// The value the app gave when a message compares two (as `triage.js`'s `comparison` reads them):
    /// `expected A, got B`, `expected:<A> but was:<B>`, XCTest's `("A") is not equal to ("B")`; nil otherwise.
    /// Only the message's head counts (up to a line that is only a place, `Sources/x.swift:45` or `at …`).
    static func got(in message: String) -> String? {
        var head: [Substring] = []
        for (number, line) in message.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            if number > 0, isPlace(line) { break }
            head.append(line)
        }
        let text = head.joined(separator: "\n")
        if let expected = text.range(of: "expected"), let wasRange = text.range(of: "but was", range: expected.upperBound..<text.endIndex) {
            var rest = text[wasRange.upperBound...].drop { $0 == ":" || $0 == " " }
            guard rest.first == "<", let close = rest.lastIndex(of: ">") else { return nil }
            rest = rest[rest.index(after: rest.startIndex)..<close]
            return String(rest)
        }
        if let equal = text.range(of: "\") is not equal to (\"") {
            let rest = text[equal.upperBound...]
            guard let close = rest.range(of: "\")", options: .backwards) else { return nil }
            return String(rest[..<close.lowerBound])
        }
        if let expected = text.range(of: "expected "), let got = text.range(of: ", got ", range: expected.upperBound..<text.endIndex) {
            var value = String(text[got.upperBound...])
            // A trailing place, " (Specs/Steps.swift:20)", is not the value.
            if value.hasSuffix(")"), let open = value.range(of: " (", options: .backwards), value[open.upperBound...].contains(":") {
                value = String(value[..<open.lowerBound])
            }
            return value.isEmpty ? nil : value
        }
        return nil
    }

    private static func isPlace(_ line: Substring) -> Bool {
        let trimmed = line.trimmingSpaces()
        if trimmed.hasPrefix("at ") { return true }
        guard !trimmed.isEmpty, !trimmed.contains(" "), let colon = trimmed.lastIndex(of: ":") else { return false }
        return trimmed[trimmed.index(after: colon)...].allSatisfy { $0.isNumber || $0 == ")" }
            && trimmed[..<colon].contains(where: { $0 != ":" })
    }
}

extension StringProtocol {
    fileprivate func trimmingSpaces() -> String {
        String(drop { $0 == " " || $0 == "\t" }.reversed().drop { $0 == " " || $0 == "\t" }.reversed())
    }
}
