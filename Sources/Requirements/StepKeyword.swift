/// The keyword of a criterion's line. Read leniently, since story documents are written by people:
/// case is ignored, and a near miss ("Giving", "Givn", "Whe", "Thne") is read as the keyword it misses, with a
/// warning.
public enum StepKeyword: String, Sendable, Equatable, CaseIterable {
    case given = "Given", when = "When", then = "Then", and = "And", but = "But"

    /// The keyword a line starts with, the word as written and its text after it; nil when it starts with none.
    static func read(_ line: Substring) -> (keyword: StepKeyword, written: String, text: String, exact: Bool)? {
        let trimmed = line.drop { $0 == " " || $0 == "\t" }
        let word = trimmed.prefix { $0.isLetter }
        guard !word.isEmpty else { return nil }
        let rest = trimmed.dropFirst(word.count)
        // A keyword is a word of its own: "Thence" is not "Then".
        if let next = rest.first, !(next == " " || next == "\t" || next == ":" || next == ",") { return nil }
        let text = rest.drop { $0 == " " || $0 == "\t" || $0 == ":" || $0 == "," }.trimmingTrailingSpaces()
        let lower = word.lowercased()
        if let exact = allCases.first(where: { $0.rawValue.lowercased() == lower }) {
            return (exact, String(word), text, true)
        }
        guard let near = nearMiss(lower) else { return nil }
        return (near, String(word), text, false)
    }

    /// "giving", "givn", "gven", "wen", "whn", "thne"…: within one edit of Given, When or Then, or a form of
    /// "give". "The" is never a keyword.
    private static func nearMiss(_ word: String) -> StepKeyword? {
        if word.hasPrefix("giv") && word.count <= 7 { return .given }
        guard word.count >= 3 else { return nil }
        for keyword in [StepKeyword.given, .when, .then] where Self.distance(word, keyword.rawValue.lowercased()) == 1 {
            if word.count == 3 && keyword == .then { continue }  // "the"
            return keyword
        }
        return nil
    }

    /// The edit distance of two short words, a swap of two neighbours counting as one edit ("Thne").
    static func distance(_ a: String, _ b: String) -> Int {
        let a = Array(a), b = Array(b)
        guard !a.isEmpty, !b.isEmpty else { return max(a.count, b.count) }
        var d = Array(repeating: Array(repeating: 0, count: b.count + 1), count: a.count + 1)
        for i in 0...a.count { d[i][0] = i }
        for j in 0...b.count { d[0][j] = j }
        for i in 1...a.count {
            for j in 1...b.count {
                d[i][j] = min(d[i - 1][j] + 1, d[i][j - 1] + 1, d[i - 1][j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1))
                if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] { d[i][j] = min(d[i][j], d[i - 2][j - 2] + 1) }
            }
        }
        return d[a.count][b.count]
    }
}

extension Substring {
    func trimmingTrailingSpaces() -> String {
        var end = endIndex
        while end > startIndex, let last = self[..<end].last, last == " " || last == "\t" || last == "\r" {
            end = index(before: end)
        }
        return String(self[..<end])
    }
}
