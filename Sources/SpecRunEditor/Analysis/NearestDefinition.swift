import Foundation
import Messages

/// The step definition nearest to an undefined step's text ("did you mean …?"): the one whose pattern, with its
/// parameters blanked, is closest by edit distance (the first of the closest), when within a third of the text.
/// The blanked patterns are made once; a candidate is given up as soon as it cannot beat the best so far, so a
/// text is compared with hundreds of definitions in a few milliseconds even in a debug build.
struct NearestDefinition {
    private let definitions: [StepDefinition]
    private let literals: [[Unicode.Scalar]]

    init(_ definitions: [StepDefinition]) {
        self.definitions = definitions
        literals = definitions.map { definition in
            let literal = definition.pattern.source.replacingOccurrences(of: #"\{[^}]*\}"#, with: "", options: .regularExpression)
            return Array(literal.lowercased().unicodeScalars)
        }
    }

    var count: Int { definitions.count }

    /// The nearest to the text as written, else to the text without its values (numbers, quoted strings): a value
    /// that does not fit its parameter (`I pay 12 EUR` for `I pay {money}`) is no reason to find none.
    func nearest(_ text: String) -> StepDefinition? {
        if let found = nearest(written: text) { return found }
        let values = text.replacingOccurrences(of: #""[^"]*"|-?\d+(?:[.,]\d+)?"#, with: "", options: .regularExpression)
        return values == text ? nil : nearest(written: values)
    }

    private func nearest(written text: String) -> StepDefinition? {
        let typed = Array(text.lowercased().unicodeScalars)
        // A later candidate must be strictly closer to replace the best: the first of the closest wins.
        var limit = max(4, text.count / 3)
        var best: Int?
        for (index, literal) in literals.enumerated() {
            let distance = Self.distance(typed, literal, limit: limit)
            if distance <= limit {
                best = index
                limit = distance - 1
                if limit < 0 { break }
            }
        }
        return best.map { definitions[$0] }
    }

    /// The edit distance between a and b, or any number above `limit` once it is sure to be above it. Only the
    /// cells within `limit` of the diagonal are computed (Ukkonen's band): the others are above it.
    static func distance(_ a: [Unicode.Scalar], _ b: [Unicode.Scalar], limit: Int) -> Int {
        guard abs(a.count - b.count) <= limit else { return limit + 1 }
        if a.isEmpty || b.isEmpty { return max(a.count, b.count) }
        let width = b.count + 1, outside = limit + 1
        // Two rows of the table, one after the other: the previous one starts at `p`, the current one at `c`.
        // (Pointers, not buffers: a debug build checks every buffer subscript, which is most of the time here.)
        let rows = UnsafeMutablePointer<Int>.allocate(capacity: 2 * width)
        defer { rows.deallocate() }
        rows.initialize(repeating: outside, count: 2 * width)
        for j in 0...min(b.count, limit) { rows[j] = j }
        var p = 0, c = width
        return a.withUnsafeBufferPointer { aBuffer in
            b.withUnsafeBufferPointer { bBuffer in
                let a = aBuffer.baseAddress!, b = bBuffer.baseAddress!, bCount = bBuffer.count
                for i in 1...aBuffer.count {
                    let low = max(1, i - limit), high = min(bCount, i + limit)
                    rows[c + low - 1] = low == 1 ? i : outside
                    var smallest = rows[c + low - 1]
                    let scalar = a[i - 1]
                    var j = low
                    while j <= high {
                        var cell = rows[p + j - 1] + (scalar == b[j - 1] ? 0 : 1)
                        let up = rows[p + j] + 1, left = rows[c + j - 1] + 1
                        if up < cell { cell = up }
                        if left < cell { cell = left }
                        rows[c + j] = cell
                        if cell < smallest { smallest = cell }
                        j += 1
                    }
                    if high < bCount { rows[c + high + 1] = outside }
                    if smallest > limit { return outside }
                    swap(&p, &c)
                }
                return min(rows[p + bCount], outside)
            }
        }
    }
}
