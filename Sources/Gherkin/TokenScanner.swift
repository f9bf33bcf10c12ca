import Foundation

/// Cuts UTF-8 text into lines, as the reference reads them: split on `\n` only, no line after a final `\n`,
/// then one EOF token.
struct TokenScanner {
    private let b: UnsafeBufferPointer<UInt8>
    private var position = 0
    private var lineNumber = 0

    init(text: UnsafeBufferPointer<UInt8>) {
        b = text
    }

    mutating func read() -> Token {
        lineNumber += 1
        let count = b.count
        guard position < count else { return Token(line: nil, lineNumber: lineNumber) }
        let start = position
        var end = start
        if let base = b.baseAddress,
            let found = memchr(base + start, 0x0A, count - start)
        {
            end = base.distance(to: found.assumingMemoryBound(to: UInt8.self))
            position = end + 1
        } else {
            end = count
            position = count
        }
        var trimmed = start
        var indent = 0
        while trimmed < end {
            let n = UTF8Text.whitespace(b, at: trimmed, end: end)
            if n == 0 { break }
            trimmed += n
            indent += 1
        }
        // Python counts the `\n` of a blank line as indentation too.
        if trimmed == end, position > end { indent += 1 }
        return Token(
            line: Line(number: lineNumber, start: start, end: end, trimmedStart: trimmed, indent: indent),
            lineNumber: lineNumber)
    }
}
