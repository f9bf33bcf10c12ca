import Foundation
import Messages

/// A document's analysis kept piece by piece (`FeatureBlocks`) between keystrokes: an edit inside a scenario
/// dry-runs only the document made of the header, its rule's header and that scenario; every other piece's
/// findings are reused, keyed by the piece's text (so typing above a scenario, which moves it, costs nothing
/// either). The pieces analysed together (on opening) are dry-run as one document.
final class PieceCache {
    /// Where a finding is: its line counted within the header (0), the rule's header (1) or the scenario (2).
    struct Place: Hashable {
        var segment: Int
        var offset: Int
    }

    /// What the analysis of one piece found.
    struct Found {
        var diagnostics: [(Place, EditorAnalysis.Diagnostic)] = []
        var matches: [(Place, [StepDefinition])] = []
        var snippets: [(Place, [String])] = []
    }

    private var found: [String: Found] = [:]
    /// Pieces remembered over a long session: forgotten all at once past this many.
    static let limit = 20_000
    private var definitions: [StepDefinition] = []
    private var parameterTypes: [String: [String]] = [:]
    /// How many pieces the last `analyse` dry-ran (the others were known).
    private(set) var analysedLastTime = 0

    func analyse(text: String, uri: String, context: EditorAnalysis.Context) async -> EditorAnalysis {
        if let reason = EditorLimits.tooLarge(text) {
            analysedLastTime = 0
            var analysis = EditorAnalysis()
            analysis.diagnostics = [.init(line: 1, column: 1, severity: .warning, message: reason)]
            return analysis
        }
        guard !uri.hasSuffix(".md"), let blocks = FeatureBlocks(text) else {
            analysedLastTime = 1
            return await EditorAnalysis.analyse(text: text, uri: uri, context: context)
        }
        let pieces = blocks.pieces
        let keys = pieces.map { blocks.text(blocks.segments($0)) }
        var stale = pieces.indices.filter { found[keys[$0]] == nil }
        if found.count + stale.count > Self.limit { found.removeAll(); stale = Array(pieces.indices) }
        analysedLastTime = stale.count
        for (index, result) in await analyse(stale, of: pieces, in: blocks, uri: uri, context: context) {
            found[keys[index]] = result
        }
        return stitch(pieces.indices.compactMap { index in found[keys[index]].map { (pieces[index], $0) } }, in: blocks)
    }

    /// Dry-runs the pieces as one document. When it does not parse, each piece's errors are its own (it makes no
    /// test case): the pieces without an error of their own are dry-run again without the others.
    private func analyse(
        _ indices: [Int], of pieces: [FeatureBlocks.Piece], in blocks: FeatureBlocks, uri: String,
        context: EditorAnalysis.Context
    ) async -> [(Int, Found)] {
        guard !indices.isEmpty else { return [] }
        // The document's segments, and whose each is: the header (-1: every piece's), a rule's header (its
        // pieces'), a scenario (its piece's).
        var segments: [(lines: Range<Int>, kind: Int, owner: Int)] = [(blocks.header, 0, -1)]
        var rule: Int?
        for index in indices {
            let piece = pieces[index]
            if let next = piece.rule, next != rule { segments.append((blocks.rules[next], 1, next)); rule = next }
            if let block = piece.block { segments.append((blocks.blocks[block].lines, 2, index)) }
        }
        let analysis = await EditorAnalysis.analyse(text: blocks.text(segments.map(\.lines)), uri: uri, context: context)
        if definitions.isEmpty { (definitions, parameterTypes) = (analysis.definitions, analysis.parameterTypes) }
        // 1-based line of the dry-run document → its segment and the line's offset in it.
        let starts = segments.reduce(into: [0]) { $0.append($0.last! + $1.lines.count) }
        func place(_ line: Int) -> (segment: Int, place: Place) {
            let segment = min(starts.lastIndex { $0 < line } ?? 0, segments.count - 1)
            return (segment, Place(segment: segments[segment].kind, offset: line - 1 - starts[segment]))
        }
        var results = Dictionary(uniqueKeysWithValues: indices.map { ($0, Found()) })
        func owners(_ segment: Int) -> [Int] {
            let (_, kind, owner) = segments[segment]
            switch kind {
            case 0: return indices
            case 1: return indices.filter { pieces[$0].rule == owner }
            default: return [owner]
            }
        }
        var erring = Set<Int>()
        for diagnostic in analysis.diagnostics {
            let (segment, place) = place(diagnostic.line)
            for owner in owners(segment) { results[owner]?.diagnostics.append((place, diagnostic)) }
            if segments[segment].kind == 2 { erring.insert(segments[segment].owner) }
        }
        for (line, definitions) in analysis.matches {
            let (segment, place) = place(line)
            for owner in owners(segment) { results[owner]?.matches.append((place, definitions)) }
        }
        for (line, code) in analysis.snippets {
            let (segment, place) = place(line)
            for owner in owners(segment) { results[owner]?.snippets.append((place, code)) }
        }
        let parsed = analysis.document != nil
        guard !parsed, indices.count > 1, !erring.isEmpty, erring.count < indices.count else {
            return results.map { ($0.key, $0.value) }
        }
        let again = await analyse(indices.filter { !erring.contains($0) }, of: pieces, in: blocks, uri: uri, context: context)
        return erring.map { ($0, results[$0]!) } + again
    }

    /// The pieces' findings at their lines in the document, each once (the header's are every piece's).
    private func stitch(_ known: [(FeatureBlocks.Piece, Found)], in blocks: FeatureBlocks) -> EditorAnalysis {
        var analysis = EditorAnalysis()
        analysis.definitions = definitions
        analysis.parameterTypes = parameterTypes
        var seen = Set<String>()
        for (piece, found) in known {
            func line(_ place: Place) -> Int {
                let start =
                    switch place.segment {
                    case 0: blocks.header.lowerBound
                    case 1: blocks.rules[piece.rule ?? 0].lowerBound
                    default: blocks.blocks[piece.block ?? 0].lines.lowerBound
                    }
                return start + place.offset + 1
            }
            for (place, diagnostic) in found.diagnostics {
                var moved = diagnostic
                moved.line = line(place)
                if seen.insert("\(moved.line):\(moved.column):\(moved.message)").inserted { analysis.diagnostics.append(moved) }
            }
            for (place, definitions) in found.matches where analysis.matches[line(place)] == nil {
                analysis.matches[line(place)] = definitions
            }
            for (place, code) in found.snippets where analysis.snippets[line(place)] == nil {
                analysis.snippets[line(place)] = code
            }
        }
        for cut in blocks.cuts {
            analysis.diagnostics.append(
                .init(
                    line: blocks.blocks[cut.block].lines.upperBound + 1, column: 1, severity: .warning,
                    message: EditorLimits.cut(checked: cut.checked, total: cut.total)))
        }
        analysis.diagnostics.sort { $0.line != $1.line ? $0.line < $1.line : $0.column < $1.column }
        return analysis
    }
}
