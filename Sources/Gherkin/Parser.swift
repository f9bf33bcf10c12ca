import Messages

/// The state machine of gherkin.berp driving a token matcher and the AST builder, collecting errors
/// as the reference does: each distinct error once, parsing stops after more than ten.
struct Parser<Matcher: TokenMatcher> {
    static var errorLimit: Int { 10 }

    private struct Stop: Error {}

    private let matcher: Matcher
    private let builder: AstBuilder
    private var scanner: TokenScanner
    /// Tokens read by a lookahead, to be parsed next (from `queueHead` on).
    private var queue: [Token] = []
    private var queueHead = 0
    /// The tokens of the lookahead under way (kept for its capacity).
    private var lookaheadRead: [Token] = []
    private(set) var errors: [GherkinError] = []
    /// When not nil, every token handed to the AST builder is also recorded here (for `.tokens` output).
    var tokenLog: [Token]?

    /// `texts`: where the step lines' texts are shared (see `LineMatcher.stepText`).
    init(
        text: UnsafeBufferPointer<UInt8>, ids: any IdGenerator, descriptionTrimming: DescriptionTrimming = .emptyLines,
        texts: StepTextPool? = nil
    ) {
        matcher = Matcher(text: text)
        matcher.texts = texts
        builder = AstBuilder(ids: ids, descriptionTrimming: descriptionTrimming)
        scanner = TokenScanner(text: text)
    }

    /// The document, or every error found.
    mutating func parse() -> Result<GherkinDocument, GherkinErrors> {
        builder.reset()
        matcher.reset()
        do {
            builder.startRule(.gherkinDocument)
            var state = 0
            while true {
                var token = readToken()
                let isEOF = token.isEOF
                state = try match(state, &token)
                if isEOF { break }
            }
            try endRule(.gherkinDocument)
        } catch {
            return .failure(GherkinErrors(errors: errors))
        }
        if !errors.isEmpty { return .failure(GherkinErrors(errors: errors)) }
        guard let document = builder.result else { return .failure(GherkinErrors(errors: errors)) }
        return .success(document)
    }

    private mutating func readToken() -> Token {
        if queueHead < queue.count {
            // Moved out of the queue (a bare token left in its place): a copy retains each of its strings and arrays.
            let token = queue.withUnsafeMutableBufferPointer { tokens in
                let slot = tokens.baseAddress! + queueHead
                let token = slot.move()
                slot.initialize(to: Token(line: nil, lineNumber: 0))
                return token
            }
            queueHead += 1
            if queueHead == queue.count { queue.removeAll(keepingCapacity: true); queueHead = 0 }
            return token
        }
        return scanner.read()
    }

    private mutating func addError(_ error: GherkinError) throws(Stop) {
        let message = error.message
        if errors.contains(where: { $0.message == message }) { return }
        errors.append(error)
        if errors.count > Self.errorLimit {
            // The reference stops right here: a live location keeps the column it has now.
            if error.isLive { errors[errors.count - 1] = GherkinError(line: error.line, column: error.column, reason: error.reason) }
            throw Stop()
        }
    }

    private mutating func endRule(_ rule: RuleType) throws(Stop) {
        do { try builder.endRule(rule) } catch { try addError(error) }
    }

    /// Asks the matcher; an error it reports is collected and counts as no match.
    @inline(__always)
    private mutating func matches(_ type: TokenType, _ token: inout Token) throws(Stop) -> Bool {
        if token.isEOF && type != .eof { return false }
        do { return try matcher.match(type, &token) } catch { try addError(error); return false }
    }

    /// Takes what the AST builder keeps out of the token, which is read and written where it is: passed along by
    /// value, a token (a line's match, some 150 bytes) would be moved from frame to frame.
    private mutating func match(_ stateNumber: Int, _ token: inout Token) throws(Stop) -> Int {
        let range = ParserStates.ranges[stateNumber]
        let isEOF = token.isEOF
        var index = range.lowerBound
        while index < range.upperBound {
            let transition = ParserStates.transitions[index]
            index += 1
            // Only the EOF token is EOF, and it is nothing else.
            if (transition.token == .eof) != isEOF { continue }
            guard try matches(transition.token, &token) else { continue }
            if transition.lookahead >= 0 {
                guard try lookahead(transition.lookahead == 0 ? .scenarioLine : .examplesLine) else { continue }
            }
            var k: UInt8 = 0
            while k < transition.endCount { try endRule(Transition.rule(transition.endRules, k)); k += 1 }
            k = 0
            while k < transition.startCount { builder.startRule(Transition.rule(transition.startRules, k)); k += 1 }
            tokenLog?.append(token)
            builder.build(taking: &token)
            return transition.to
        }
        let expected = ParserStates.expected[stateNumber]
        if token.isEOF {
            try addError(.unexpectedEOF(token, expected: expected))
        } else {
            try addError(unexpectedToken(token, expected: expected))
        }
        return stateNumber
    }

    private func unexpectedToken(_ token: Token, expected: String) -> GherkinError {
        let line = token.line!
        let column = token.column ?? (line.indent + 1)
        let text = matcher.strippedText(line)
        return GherkinError(line: token.lineNumber, column: column, reason: "expected: \(expected), got '\(text)'")
    }

    /// Reads ahead over empty, comment and tag lines: true when the first other line is of `type`.
    /// The tokens read are queued as matched (the matchers may have written into them), as the reference's.
    private mutating func lookahead(_ type: TokenType) throws(Stop) -> Bool {
        lookaheadRead.removeAll(keepingCapacity: true)
        var found = false
        while true {
            var token = readToken()
            var skipped = false
            if try matches(type, &token) {
                found = true
            } else if try matches(.empty, &token) {
                skipped = true
            } else if try matches(.comment, &token) {
                skipped = true
            } else if try matches(.tagLine, &token) {
                skipped = true
            }
            lookaheadRead.append(consume token)
            if !skipped { break }
        }
        queue.removeFirst(queueHead)
        queueHead = 0
        if queue.isEmpty { swap(&queue, &lookaheadRead) } else { queue += lookaheadRead }
        return found
    }
}
