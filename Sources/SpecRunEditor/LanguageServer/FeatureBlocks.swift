import Foundation
import Gherkin

/// A feature file cut where an edit's consequences stop, so that the language server analyses again only the
/// scenario typed in: the header (the lines before the first Scenario or Rule: language, tags, Feature line,
/// description, Background), each Rule's header (to its first scenario: its tags, description, Background) and
/// each scenario from the tags and comments just above its keyword line to the next one. A scenario is analysed
/// as the document made of the header, its rule's header and its own lines (`piece(_:)`).
///
/// Only cut, never read: the parser still reads every line of every piece. The cut follows doc string fences (a
/// keyword inside a doc string does not start a scenario) and the file's `# language:`; a file it cannot cut
/// (Markdown, an unknown language) is analysed whole.
struct FeatureBlocks {
    /// The file's bytes, and the range of each line's (without its "\n"; a "\r" stays at its end).
    let bytes: [UInt8]
    private(set) var lines: [Range<Int>] = []
    /// 0-based lines of the header.
    var header: Range<Int> = 0..<0
    /// 0-based lines of each Rule's header.
    var rules: [Range<Int>] = []
    /// 0-based lines of each scenario, and the index of its rule in `rules`.
    var blocks: [(lines: Range<Int>, rule: Int?)] = []
    /// The scenarios longer than `EditorLimits.longestScenario` lines, cut: their lines checked and all their lines.
    var cuts: [(block: Int, checked: Int, total: Int)] = []
    /// 0-based lines of each doc string, fences included.
    private var fenced: [Range<Int>] = []

    /// One document to analyse: the header, the lines of a rule's header (if any), those of a scenario (if any).
    struct Piece {
        var rule: Int?
        var block: Int?
    }

    init?(_ text: String) {
        bytes = Array(text.utf8)
        lines = Self.lines(bytes)
        guard let dialect = Dialect.named(Self.language(bytes, lines)) else { return nil }
        let scenarioKeywords = (dialect.scenario + dialect.scenarioOutline).map { Array(($0 + ":").utf8) }
        let ruleKeywords = dialect.rule.map { Array(($0 + ":").utf8) }
        let firstBytes = Set((scenarioKeywords + ruleKeywords).compactMap(\.first))
        var starts: [(line: Int, isRule: Bool)] = []
        var fence: UInt8?
        var opened = 0
        bytes.withUnsafeBufferPointer { bytes in
            func opens(_ at: Int, _ end: Int, with word: [UInt8]) -> Bool {
                guard end - at >= word.count else { return false }
                var offset = 0
                while offset < word.count {
                    if bytes[at + offset] != word[offset] { return false }
                    offset += 1
                }
                return true
            }
            for index in lines.indices {
                let line = lines[index]
                var at = line.lowerBound
                while at < line.upperBound, bytes[at] == 32 || bytes[at] == 9 { at += 1 }
                guard at < line.upperBound else { continue }
                let first = bytes[at]
                if first == 34 || first == 96 {
                    // A doc string's fence opens or closes it (only the one that opened it closes it).
                    if opens(at, line.upperBound, with: [first, first, first]), fence == nil || fence == first {
                        if fence == nil { opened = index } else { fenced.append(opened..<(index + 1)) }
                        fence = fence == nil ? first : nil
                    }
                    continue
                }
                guard fence == nil, firstBytes.contains(first) else { continue }
                if ruleKeywords.contains(where: { opens(at, line.upperBound, with: $0) }) {
                    starts.append((index, true))
                } else if scenarioKeywords.contains(where: { opens(at, line.upperBound, with: $0) }) {
                    starts.append((index, false))
                }
            }
        }
        // Each piece starts at the tags, comments and blank lines just above its keyword.
        var bounds: [Int] = []
        for (n, start) in starts.enumerated() {
            let floor = n == 0 ? 0 : starts[n - 1].line + 1
            var line = start.line
            while line > floor, leads(lines[line - 1]) { line -= 1 }
            bounds.append(line)
        }
        header = 0..<(bounds.first ?? lines.count)
        var rule: Int?
        for (n, start) in starts.enumerated() {
            let range = bounds[n]..<(n + 1 < bounds.count ? bounds[n + 1] : lines.count)
            if start.isRule {
                rules.append(range)
                rule = rules.count - 1
            } else {
                blocks.append((cut(range, block: blocks.count), rule))
            }
        }
    }

    /// The scenario's lines up to `EditorLimits.longestScenario` (or the doc string there), the cut recorded.
    private mutating func cut(_ range: Range<Int>, block: Int) -> Range<Int> {
        guard range.count > EditorLimits.longestScenario else { return range }
        var end = range.lowerBound + EditorLimits.longestScenario
        if let docString = fenced.first(where: { $0.lowerBound < end && end < $0.upperBound }) { end = docString.lowerBound }
        cuts.append((block, end - range.lowerBound, range.count))
        return range.lowerBound..<end
    }

    /// Every piece to analyse: each scenario, each rule without scenarios, or the header alone.
    var pieces: [Piece] {
        var pieces = blocks.indices.map { Piece(rule: blocks[$0].rule, block: $0) }
        let ruled = Set(blocks.compactMap(\.rule))
        pieces += rules.indices.filter { !ruled.contains($0) }.map { Piece(rule: $0, block: nil) }
        return pieces.isEmpty ? [Piece(rule: nil, block: nil)] : pieces
    }

    /// The line ranges a piece is made of, in order.
    func segments(_ piece: Piece) -> [Range<Int>] {
        [header] + (piece.rule.map { [rules[$0]] } ?? []) + (piece.block.map { [blocks[$0].lines] } ?? [])
    }

    /// The text of lines (several ranges of them, in order), as one document.
    func text(_ segments: [Range<Int>]) -> String {
        var text: [UInt8] = []
        for (n, segment) in segments.filter({ !$0.isEmpty }).enumerated() {
            if n > 0 { text.append(10) }
            text += bytes[lines[segment.lowerBound].lowerBound..<lines[segment.upperBound - 1].upperBound]
        }
        return String(decoding: text, as: UTF8.self)
    }

    /// The range of each line's bytes (without its "\n").
    static func lines(_ bytes: [UInt8]) -> [Range<Int>] {
        var lines: [Range<Int>] = []
        bytes.withUnsafeBufferPointer { bytes in
            var start = 0, index = 0
            while index < bytes.count {
                if bytes[index] == 10 {
                    lines.append(start..<index)
                    start = index + 1
                }
                index += 1
            }
            lines.append(start..<bytes.count)
        }
        return lines
    }

    /// A tag, a comment or a blank line: kept with the keyword line below it.
    private func leads(_ line: Range<Int>) -> Bool {
        guard let first = bytes[line].first(where: { $0 != 32 && $0 != 9 && $0 != 13 }) else { return true }
        return first == 64 || first == 35  // @ #
    }

    /// The `# language: xx` among the comments and blank lines that open the file ("en" without one).
    static func language(_ bytes: [UInt8], _ lines: [Range<Int>]) -> String {
        for line in lines {
            let trimmed = String(decoding: bytes[line], as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
            if trimmed.isEmpty { continue }
            guard trimmed.hasPrefix("#") else { break }
            let words = trimmed.dropFirst().split(separator: ":", maxSplits: 1)
            if words.count == 2, words[0].trimmingCharacters(in: .whitespaces) == "language" {
                return words[1].trimmingCharacters(in: .whitespaces)
            }
        }
        return "en"
    }
}
