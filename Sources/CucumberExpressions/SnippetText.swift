/// The text of an undefined step as Unicode scalars, scanned once for the snippet generator: the built-in snippet
/// regexps (`-?\d+`, `\d+`, the float regexp and the string regexp) are matched here by hand, with the same
/// matches ICU gives, in time proportional to the text (NSRegularExpression copied the whole text per call).
struct SnippetText {
    let scalars: [Unicode.Scalar]
    /// The last digit run found: `runEnd(i)` for any `i` inside it costs nothing.
    private var run: Range<Int> = 0..<0
    /// `digitAhead[i]`: a digit at `i` or later with no line terminator before it (the float's `(?=.*\d.*)`).
    private var digitAhead: [Bool]?
    /// Per quote (0 `"`, 1 `'`): a quote at an index in this range cannot open a string (found by an earlier scan).
    private var unclosed: [Range<Int>] = [0..<0, 0..<0]

    /// Stored: a computed `count` retained and released the array on every call of a scan (debug builds).
    let count: Int

    init(_ text: String) {
        scalars = Array(text.unicodeScalars)
        count = scalars.count
    }

    // MARK: - The built-in regexps; each gives the leftmost match starting at `from` or later (maybe empty).

    /// `-?\d+`
    mutating func signedInteger(from: Int) -> Range<Int>? {
        var index = from
        while true {
            index = nextCandidate(from: index, .digitOrMinus)
            guard index < count else { break }
            if isDigit(index) { return index..<runEnd(index) }
            if scalars[index] == "-", isDigit(index + 1) { return index..<runEnd(index + 1) }
            index += 1
        }
        return nil
    }

    /// `\d+`
    mutating func unsignedInteger(from: Int) -> Range<Int>? {
        var index = from
        while true {
            index = nextCandidate(from: index, .digit)
            guard index < count else { break }
            if isDigit(index) { return index..<runEnd(index) }
            index += 1
        }
        return nil
    }

    /// `(?=.*\d.*)[-+]?\d*(?:\.(?=\d.*))?\d*(?:\d+[E][+-]?\d+)?` — the exponent group can never match after the
    /// greedy `\d*` before it, and nothing after the lookahead can fail, so the match is the greedy prefix.
    mutating func float(from: Int) -> Range<Int>? {
        if digitAhead == nil { digitAhead = Self.digitsAhead(scalars) }
        guard let ahead = digitAhead else { return nil }
        var start = from
        while start < count, !ahead[start] { start += 1 }
        guard start < count else { return nil }
        var end = start
        if scalars[end] == "-" || scalars[end] == "+" { end += 1 }
        if isDigit(end) { end = runEnd(end) }
        if end < count, scalars[end] == ".", isDigit(end + 1) { end = runEnd(end + 1) }
        return start..<end
    }

    /// `"([^"\\]*(\\.[^"\\]*)*)"|'([^'\\]*(\\.[^'\\]*)*)'`
    mutating func quoted(from: Int) -> Range<Int>? {
        var index = from
        while true {
            index = nextCandidate(from: index, .quote)
            guard index < count else { break }
            let scalar = scalars[index]
            if scalar == "\"" || scalar == "'" {
                let kind = scalar == "\"" ? 0 : 1
                if !unclosed[kind].contains(index) {
                    switch closingQuote(of: index) {
                    case .success(let end): return index..<end
                    // Any same quote before the failure point was escaped, and scanning from it fails there too.
                    case .failure(let stop): unclosed[kind] = index..<stop.index
                    }
                }
            }
            index += 1
        }
        return nil
    }

    private struct Unclosed: Error { let index: Int }

    /// The end (past the closing quote) of the string opened at `open`, or where the scan failed.
    private func closingQuote(of open: Int) -> Result<Int, Unclosed> {
        let quote = scalars[open]
        var index = open + 1
        while index < count {
            let scalar = scalars[index]
            if scalar == quote { return .success(index + 1) }
            if scalar == "\\" {
                // `\\.`: the escaped character may be anything but a line terminator.
                guard index + 1 < count, !Self.isLineTerminator(scalars[index + 1]) else { return .failure(Unclosed(index: index)) }
                index += 2
            } else {
                index += 1
            }
        }
        return .failure(Unclosed(index: count))
    }

    // MARK: - Characters

    enum Candidate { case digit, digitOrMinus, quote }

    /// The first index at `from` or later where a scan could stop: any non-ASCII scalar (a digit maybe), or an ASCII
    /// digit, `-` or quote as asked. The ASCII text between is skipped over raw memory: a 10 MB step line without a
    /// digit took seconds per scan in a debug build, byte by byte through the struct.
    func nextCandidate(from: Int, _ candidate: Candidate) -> Int {
        scalars.withUnsafeBufferPointer { buffer in
            var index = from
            while index < buffer.count {
                let value = buffer[index].value
                if value >= 0x80 || (value >= 48 && value <= 57) { return index }
                switch candidate {
                case .digit: break
                case .digitOrMinus: if value == 0x2D { return index }
                case .quote: if value == 0x22 || value == 0x27 { return index }
                }
                index += 1
            }
            return buffer.count
        }
    }

    /// ICU's `\d`: a decimal digit (`\p{Nd}`).
    func isDigit(_ index: Int) -> Bool {
        guard index >= 0, index < count else { return false }
        let scalar = scalars[index]
        if scalar.isASCII { return scalar.value >= 48 && scalar.value <= 57 }
        return scalar.properties.generalCategory == .decimalNumber
    }

    /// The end of the run of digits that `index` is in.
    private mutating func runEnd(_ index: Int) -> Int {
        if run.contains(index) { return run.upperBound }
        var end = index
        while isDigit(end) { end += 1 }
        run = index..<end
        return end
    }

    /// Where ICU's `.` stops.
    static func isLineTerminator(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x0A, 0x0B, 0x0C, 0x0D, 0x85, 0x2028, 0x2029: return true
        default: return false
        }
    }

    private static func digitsAhead(_ scalars: [Unicode.Scalar]) -> [Bool] {
        var ahead = [Bool](repeating: false, count: scalars.count + 1)
        var index = scalars.count - 1
        while index >= 0 {
            let scalar = scalars[index]
            let digit =
                scalar.isASCII
                ? (scalar.value >= 48 && scalar.value <= 57)
                : scalar.properties.generalCategory == .decimalNumber
            ahead[index] = digit || (!isLineTerminator(scalar) && ahead[index + 1])
            index -= 1
        }
        return ahead
    }

    // MARK: - Words

    /// A match stands as a whole word: the text's start or a separator before it. As the former UTF-16 check,
    /// a character outside the Basic Multilingual Plane (a surrogate pair there) is no separator.
    func isBoundary(before index: Int) -> Bool {
        index == 0 || Self.isSeparator(scalars[index - 1])
    }

    func isBoundary(after index: Int) -> Bool {
        index == count || Self.isSeparator(scalars[index])
    }

    /// `\p{Z}|\p{P}|\p{S}`: a separator, punctuation or symbol.
    static func isSeparator(_ scalar: Unicode.Scalar) -> Bool {
        if scalar.isASCII {
            let value = scalar.value
            // Space and every ASCII punctuation or symbol; letters, digits and control characters are not.
            return value == 0x20 || (value >= 0x21 && value <= 0x7E && !isASCIIAlphanumeric(value))
        }
        guard scalar.value <= 0xFFFF else { return false }
        switch scalar.properties.generalCategory {
        case .spaceSeparator, .lineSeparator, .paragraphSeparator,
            .connectorPunctuation, .dashPunctuation, .openPunctuation, .closePunctuation,
            .initialPunctuation, .finalPunctuation, .otherPunctuation,
            .mathSymbol, .currencySymbol, .modifierSymbol, .otherSymbol:
            return true
        default:
            return false
        }
    }

    private static func isASCIIAlphanumeric(_ value: UInt32) -> Bool {
        (value >= 48 && value <= 57) || (value >= 65 && value <= 90) || (value >= 97 && value <= 122)
    }

    // MARK: - Pieces

    /// The text between two indices, with the characters that would start an optional, a parameter or an
    /// alternation escaped (`(`, `{`, `/`), and the escape character itself (`\`: left alone, it would escape the
    /// character after it, and the expression would not match its own step).
    func escapedSegment(_ range: Range<Int>) -> String {
        var view = String.UnicodeScalarView()
        view.reserveCapacity(range.count)
        for scalar in scalars[range] {
            if scalar == "(" || scalar == "{" || scalar == "/" || scalar == "\\" { view.append("\\") }
            view.append(scalar)
        }
        return String(view)
    }
}
