import Messages

/// The state machine of gherkin.berp driving a token matcher and the AST builder, collecting errors
/// as the reference does: each distinct error once, parsing stops after more than ten.
struct Parser<Matcher: TokenMatcher> {
    static var errorLimit: Int { 10 }

    private struct Stop: Error {}

    private let matcher: Matcher
    private let builder: AstBuilder
    private var scanner: TokenScanner
    private var queue: [Token] = []
    private var queueHead = 0
    private(set) var errors: [GherkinError] = []

    init(text: UnsafeBufferPointer<UInt8>, ids: any IdGenerator) {
        matcher = Matcher(text: text)
        builder = AstBuilder(ids: ids)
        scanner = TokenScanner(text: text)
    }

    /// The document, or every error found.
    mutating func parse() -> Result<GherkinDocument, GherkinErrors> {
        builder.reset()
        matcher.reset()
        do {
            try startRule(.gherkinDocument)
            var state = 0
            while true {
                let token = readToken()
                state = try match(state, token)
                if token.isEOF { break }
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
            let token = queue[queueHead]
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
        if errors.count > Self.errorLimit { throw Stop() }
    }

    private mutating func startRule(_ rule: RuleType) throws(Stop) {
        builder.startRule(rule)
    }

    private mutating func endRule(_ rule: RuleType) throws(Stop) {
        do { try builder.endRule(rule) } catch { try addError(error) }
    }

    /// Asks the matcher; an error it reports is collected and counts as no match.
    @inline(__always)
    private mutating func matches(_ type: TokenType, _ token: Token) throws(Stop) -> Bool {
        if token.isEOF && type != .eof { return false }
        do { return try matcher.match(type, token) } catch { try addError(error); return false }
    }

    private mutating func match(_ stateNumber: Int, _ token: Token) throws(Stop) -> Int {
        let state = ParserStates.states[stateNumber]
        for transition in state.transitions {
            guard try matches(transition.token, token) else { continue }
            if let lookahead = transition.lookahead {
                guard try self.lookahead(lookahead == 0 ? .scenarioLine : .examplesLine) else { continue }
            }
            for rule in transition.end { try endRule(rule) }
            for rule in transition.start { try startRule(rule) }
            builder.build(token)
            return transition.to
        }
        if token.isEOF {
            try addError(.unexpectedEOF(token, expected: state.expected))
        } else {
            try addError(unexpectedToken(token, expected: state.expected))
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
    private mutating func lookahead(_ type: TokenType) throws(Stop) -> Bool {
        var read: [Token] = []
        var found = false
        while true {
            let token = readToken()
            read.append(token)
            if try matches(type, token) { found = true; break }
            if try matches(.empty, token) { continue }
            if try matches(.comment, token) { continue }
            if try matches(.tagLine, token) { continue }
            break
        }
        if queueHead < queue.count {
            queue = Array(queue[queueHead...]) + read
        } else {
            queue = read
        }
        queueHead = 0
        return found
    }
}
