/// How ids are made when a document gives none (documented in the README; stable as long as the document's
/// order is):
/// - the document's prefix is its `Document Id` (a `| Document Id | QUIZ |` row or a `Document Id: QUIZ` line),
///   else its file name up to the first `.`, upper-cased, every run of other characters than letters and digits a `-`
///   (`quiz.md` → `QUIZ`);
/// - a story is `<prefix>-ST-<n>`, a use case `<prefix>-UC-<n>` (n counts the document's stories, or use cases,
///   from 1);
/// - a criterion of a story is `<story>-AC-<m>` (m counts the story's criteria from 1), a course of a use case
///   `<use case>-<course>` (`Primary course` → `primary`, `Connectivity error - error course` →
///   `connectivity-error`), a test scenario listed by a story `<story>-TS-<m>`; numbers take the width of the
///   ids the story gives (`CUS-032-AC-001` → `CUS-032-TS-001`).
enum IdRules {
    static func prefix(of document: MarkdownLines) -> String {
        if let given = document.metadata("Document Id") { return given.value }
        var stem = Substring(document.uri.split(separator: "/").last ?? "")
        if let dot = stem.firstIndex(of: "."), dot != stem.startIndex { stem = stem[..<dot] }
        return slug(stem, separator: "-").uppercased()
    }

    /// Letters and digits kept, every other run of characters one `separator`, none at the ends.
    static func slug(_ text: some StringProtocol, separator: Character) -> String {
        var out = ""
        var pendingSeparator = false
        for character in text {
            if character.isLetter || character.isNumber {
                if pendingSeparator && !out.isEmpty { out.append(separator) }
                pendingSeparator = false
                out.append(character)
            } else {
                pendingSeparator = true
            }
        }
        return out
    }

    /// A use case's course as an id part: `Invalid data – error course (sad path)` → `invalid-data`.
    static func course(_ heading: String) -> String {
        var text = Substring(heading)
        if let paren = text.firstIndex(of: "(") { text = text[..<paren] }
        for separator in [" - ", " – ", " — "] {
            if let range = text.range(of: separator) { text = text[..<range.lowerBound]; break }
        }
        var words = text.split(separator: " ").map { $0.lowercased() }
        words.removeAll { $0 == "course" }
        return slug(words.joined(separator: " "), separator: "-").lowercased()
    }

    /// `n` written as wide as the trailing number of `sample` (`CUS-032-AC-001` → 3 digits), at least 1.
    static func number(_ n: Int, like sample: String?) -> String {
        let width = sample.map { $0.reversed().prefix { $0.isNumber }.count } ?? 1
        let digits = String(n)
        return digits.count >= width ? digits : String(repeating: "0", count: width - digits.count) + digits
    }

    /// The tag of an id: `@` and the id, a space (a story id written `CUS 032`) made a `-` so it stays one tag.
    static func tag(_ id: String) -> String {
        "@" + id.split(whereSeparator: { $0 == " " || $0 == "\t" }).joined(separator: "-")
    }

    /// Whether a word looks like an id: upper-case letters, digits and dashes, with at least one dash
    /// (`CUS-032-AC-001`, `QUIZ-ST-1-AC-2`, `SRV-UC-1-primary`).
    static func looksLikeId(_ word: some StringProtocol) -> Bool {
        guard let first = word.first, first.isUppercase, first.isLetter, word.contains("-") else { return false }
        let head = word.split(separator: "-").first ?? ""
        return head.allSatisfy { ($0.isUppercase && $0.isLetter) || $0.isNumber }
            && word.allSatisfy(isIdCharacter)
    }

    static func isIdCharacter(_ character: Character) -> Bool {
        character.isLetter || character.isNumber || character == "-" || character == "_" || character == "."
    }

    /// Why a word is no id (`looksLikeId` is false): `'✓' is not a character of ids`.
    static func whyNotId(_ word: some StringProtocol) -> String {
        guard let first = word.first else { return "nothing follows the '@'" }
        if let wrong = word.first(where: { !isIdCharacter($0) }) { return "'\(wrong)' is not a character of ids" }
        guard first.isUppercase, first.isLetter else { return "it starts with '\(first)', not an upper-case letter" }
        guard word.contains("-") else { return "it has no '-'" }
        let head = word.split(separator: "-").first ?? ""
        if let wrong = head.first(where: { !(($0.isUppercase && $0.isLetter) || $0.isNumber) }) {
            return "'\(wrong)' before its first '-' is not an upper-case letter or a digit"
        }
        return "it is not an id"
    }
}
