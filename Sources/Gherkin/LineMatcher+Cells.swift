import Foundation

/// Table cells and tags of a line, split exactly as the reference splits them.
extension LineMatcher {
    /// The cells of a `| a | b |` row: escapes `\|`, `\\`, `\n` resolved, cells trimmed, columns in scalars.
    /// Text before the first `|` and after the last one is not a cell.
    func tableCells(_ line: Line) -> [LineSpan] {
        let rowStart = line.trimmedStart
        let rowEnd = UTF8Text.trimEnd(b, rowStart, line.end)
        var cells: [LineSpan] = []
        // At most one cell per `|` but the first: reserved at once rather than grown from 1 to 2 to 4…
        var pipes = 0
        for k in rowStart..<rowEnd where b[k] == 0x7C { pipes += 1 }
        cells.reserveCapacity(max(pipes - 1, 0))
        var i = rowStart
        var col = 0  // scalars read so far in the row
        var cellStart = -1  // byte offset of the current cell (-1 before the first `|`)
        var cellStartCol = 0
        var hasEscape = false
        while i < rowEnd {
            let c = b[i]
            if c == 0x7C {  // |
                col += 1
                if cellStart >= 0 {
                    cells.append(makeCell(cellStart, i, startColumn: cellStartCol + line.indent, escaped: hasEscape))
                }
                i += 1
                cellStart = i
                cellStartCol = col + 1
                hasEscape = false
            } else if c == 0x5C {  // backslash: it and the next scalar belong together
                col += 1
                i += 1
                hasEscape = true
                if i < rowEnd {
                    col += 1
                    i += 1
                    while i < rowEnd, b[i] & 0xC0 == 0x80 { i += 1 }
                }
            } else {
                if c & 0xC0 != 0x80 { col += 1 }
                i += 1
            }
        }
        return cells
    }

    private func makeCell(_ start: Int, _ end: Int, startColumn: Int, escaped: Bool) -> LineSpan {
        if !escaped {
            let s = UTF8Text.trimStart(b, start, end)
            let indent = UTF8Text.scalarCount(b, start, s)
            return LineSpan(column: startColumn + indent, text: UTF8Text.string(b, s, UTF8Text.trimEnd(b, s, end)))
        }
        var bytes: [UInt8] = []
        bytes.reserveCapacity(end - start)
        var i = start
        while i < end {
            let c = b[i]
            if c == 0x5C {
                i += 1
                if i >= end { bytes.append(0x5C); break }
                let next = b[i]
                if next == UInt8(ascii: "n") { bytes.append(0x0A); i += 1; continue }
                if next != 0x7C && next != 0x5C { bytes.append(0x5C) }
                bytes.append(next)
                i += 1
                while i < end, b[i] & 0xC0 == 0x80 { bytes.append(b[i]); i += 1 }
            } else {
                bytes.append(c)
                i += 1
            }
        }
        return bytes.withUnsafeBufferPointer { p in
            let count = p.count
            var s = 0
            while s < count, p[s] != 0x0A {
                let n = UTF8Text.whitespace(p, at: s, end: count)
                if n == 0 { break }
                s += n
            }
            let indent = UTF8Text.scalarCount(p, 0, s)
            // `[^\S\n]*$`: blanks at the very end, or (Python's `$`) just before a final newline.
            var e = count
            if e > s, p[e - 1] == 0x0A { e -= 1 }
            var t = e
            while t > s, p[t - 1] != 0x0A {
                let n = UTF8Text.whitespace(p, before: t, start: s)
                if n == 0 { break }
                t -= n
            }
            var text = Array(p[s..<t])
            if e < count { text.append(0x0A) }
            return LineSpan(column: startColumn + indent, text: String(decoding: text, as: UTF8.self))
        }
    }

    /// The tags of a `@a @b # comment` line. A tag containing whitespace is an error at its column.
    func tags(_ line: Line) throws(GherkinError) -> [LineSpan] {
        let start = line.trimmedStart
        var end = UTF8Text.trimEnd(b, start, line.end)
        // Cut at the first `#` that follows whitespace.
        var hash = start
        while hash < end, let found = memchr(b.baseAddress! + hash, Int32(UInt8(ascii: "#")), end - hash) {
            hash = b.baseAddress!.distance(to: found.assumingMemoryBound(to: UInt8.self))
            let n = hash > start ? UTF8Text.whitespace(b, before: hash, start: start) : 0
            if n > 0 { end = hash - n; break }
            hash += 1
        }
        end = UTF8Text.trimEnd(b, start, end)
        var tags: [LineSpan] = []
        var count = 0
        var at = start
        while at < end, let found = memchr(b.baseAddress! + at, Int32(UInt8(ascii: "@")), end - at) {
            count += 1
            at = b.baseAddress!.distance(to: found.assumingMemoryBound(to: UInt8.self)) + 1
        }
        tags.reserveCapacity(count)
        var i = start
        var column = line.indent + 1
        // Items between `@`s; the (empty) text before the first `@` only advances the column.
        var itemStart = start
        var first = true
        i = start
        while i <= end {
            if i == end || b[i] == UInt8(ascii: "@") {
                if first {
                    first = false
                    column += UTF8Text.scalarCount(b, itemStart, i)
                    if itemStart != i { column += 1 }
                } else {
                    let s = UTF8Text.trimStart(b, itemStart, i)
                    let e = UTF8Text.trimEnd(b, s, i)
                    var k = s
                    while k < e {
                        if UTF8Text.whitespace(b, at: k, end: e) > 0 {
                            throw GherkinError(line: line.number, column: column, reason: "A tag may not contain whitespace")
                        }
                        k += 1
                    }
                    // `@` + the trimmed item: the line's own bytes when nothing was trimmed before it.
                    let text = s == itemStart ? UTF8Text.string(b, s - 1, e) : "@" + UTF8Text.string(b, s, e)
                    tags.append(LineSpan(column: column, text: text))
                    column += UTF8Text.scalarCount(b, itemStart, i) + 1
                }
                itemStart = i + 1
            }
            i += 1
        }
        return tags
    }
}
