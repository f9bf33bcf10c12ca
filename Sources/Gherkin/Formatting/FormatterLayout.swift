import Messages

/// The formatter's pass over the accepted tokens: each line placed at the depth of what it belongs to.
/// Comments, tags and blank lines wait for the next line that has a depth of its own and take its indentation;
/// table rows wait for the end of their table to be aligned together.
struct FormatterLayout {
    /// The source split as the parser splits it (on `\n`; a trailing `\r` dropped).
    let lines: [Substring]
    private(set) var output: [String] = []
    /// Comments, tag lines and blank lines waiting for the indentation of the next line.
    private var pending: [Pending] = []
    private var table: [TableLine] = []
    private var description: [Substring] = []
    private var descriptionIndent = 0

    private var inRule = false
    private var scenarioIndent = 2
    private var stepIndent = 4
    /// The indentation of a table or doc string (under a step or under Examples).
    private var blockIndent = 6
    private var docString: (fence: String, sourceIndent: Int)?
    private var lastIndent = 0

    enum Pending {
        case blank
        case comment(Substring)
        case tags(String)
    }

    enum TableLine {
        case row([String])
        case other(Pending)
    }

    init(lines: [Substring]) { self.lines = lines }

    static func rawLines(of source: String) -> [Substring] {
        // By bytes: "\r\n" is a single Character, which a split on "\n" would not see.
        source.utf8.split(separator: 10, omittingEmptySubsequences: false).map { (bytes: Substring.UTF8View) -> Substring in
            let line = Substring(bytes)
            return line.utf8.last == 13 ? Substring(line.utf8.dropLast()) : line
        }
    }

    private func raw(_ token: Token) -> Substring {
        let index = token.lineNumber - 1
        return index >= 0 && index < lines.count ? lines[index] : ""
    }

    mutating func add(_ token: Token) {
        let type = token.matchedType ?? .other
        if let fence = docString {
            addInDocString(token, type, fence)
            return
        }
        if type != .tableRow && type != .comment && type != .empty { flushTable() }
        if type != .other && type != .empty && type != .comment { flushDescription() }
        switch type {
        case .empty:
            if !description.isEmpty {
                description.append("")
            } else if !table.isEmpty {
                table.append(.other(.blank))
            } else {
                pending.append(.blank)
            }
        case .comment:
            let text = raw(token).trimmingWhitespace()
            if !table.isEmpty { table.append(.other(.comment(text))) } else { pending.append(.comment(text)) }
        case .language:
            flushPending(indent: 0)
            emit(0, String(raw(token).trimmingWhitespace()))
        case .tagLine:
            pending.append(.tags(tagLine(token)))
        case .featureLine:
            inRule = false
            title(token, indent: 0)
        case .ruleLine:
            inRule = true
            title(token, indent: 2)
        case .backgroundLine, .scenarioLine:
            scenarioIndent = inRule ? 4 : 2
            stepIndent = scenarioIndent + 2
            title(token, indent: scenarioIndent)
        case .examplesLine:
            title(token, indent: scenarioIndent + 2)
            blockIndent = scenarioIndent + 4
        case .stepLine:
            line(token, indent: stepIndent, (token.matchedKeyword ?? "") + (token.matchedText ?? ""))
            blockIndent = stepIndent + 2
        case .tableRow:
            if table.isEmpty { flushPending(indent: blockIndent) }
            table.append(.row(cells(token)))
        case .docStringSeparator:
            let fence = token.matchedKeyword ?? "\"\"\""
            line(token, indent: blockIndent, fence + (token.matchedText ?? ""))
            docString = (fence, token.line?.indent ?? 0)
        case .other:
            if description.isEmpty { descriptionIndent = lastIndent + 2 }
            description.append(raw(token))
        case .eof:
            break
        }
    }

    /// Doc string content is copied as the parser reads it (its own indentation less the fence's), under the new fence.
    private mutating func addInDocString(_ token: Token, _ type: TokenType, _ fence: (fence: String, sourceIndent: Int)) {
        if type == .docStringSeparator {
            emit(blockIndent, fence.fence)
            docString = nil
            return
        }
        let text = raw(token)
        let leading = text.prefix { $0.isWhitespace }.unicodeScalars.count
        let content = Substring(text.unicodeScalars.dropFirst(min(leading, fence.sourceIndent)))
        if content.isEmpty { output.append("") } else { output.append(String(repeating: " ", count: blockIndent) + content) }
    }

    private mutating func title(_ token: Token, indent: Int) {
        let name = token.matchedText ?? ""
        line(token, indent: indent, (token.matchedKeyword ?? "") + ":" + (name.isEmpty ? "" : " " + name))
    }

    private mutating func line(_ token: Token, indent: Int, _ text: String) {
        flushPending(indent: indent)
        emit(indent, text)
    }

    private mutating func emit(_ indent: Int, _ text: String) {
        output.append(String(repeating: " ", count: indent) + text)
        lastIndent = indent
    }

    private mutating func flushPending(indent: Int) {
        for item in pending { emitPending(item, indent: indent) }
        pending.removeAll()
    }

    private mutating func emitPending(_ item: Pending, indent: Int) {
        switch item {
        case .blank: output.append("")
        case .comment(let text): output.append(String(repeating: " ", count: indent) + text)
        case .tags(let text): output.append(String(repeating: " ", count: indent) + text)
        }
    }

    /// A description block keeps its lines' indentation relative to each other, its least indented line 2 under its header.
    private mutating func flushDescription() {
        guard !description.isEmpty else { return }
        var trailingBlanks = 0
        while description.last?.allSatisfy(\.isWhitespace) == true { description.removeLast(); trailingBlanks += 1 }
        let least =
            description.filter { !$0.allSatisfy(\.isWhitespace) }
            .map { $0.prefix { $0.isWhitespace }.unicodeScalars.count }.min() ?? 0
        for text in description {
            if text.allSatisfy(\.isWhitespace) { output.append(""); continue }
            let body = Substring(text.unicodeScalars.dropFirst(least))
            output.append(String(repeating: " ", count: descriptionIndent) + body.trimmingTrailingWhitespace())
        }
        output.append(contentsOf: repeatElement("", count: trailingBlanks))
        description.removeAll()
    }

    private mutating func flushTable() {
        guard !table.isEmpty else { return }
        let rows = table
        table.removeAll()
        for line in FormatterTable.layout(rows) {
            switch line {
            case .row(let text): output.append(String(repeating: " ", count: blockIndent) + text)
            case .other(let item): emitPending(item, indent: blockIndent)
            }
        }
        lastIndent = blockIndent
    }

    /// The tags as the parser split them, one space apart, and a comment after them kept.
    private func tagLine(_ token: Token) -> String {
        var text = token.matchedItems.map(\.text).joined(separator: " ")
        let source = raw(token)
        if let last = token.matchedItems.last {
            let scalars = source.unicodeScalars
            let endOffset = last.column - 1 + last.text.unicodeScalars.count
            if endOffset < scalars.count {
                let rest = Substring(scalars.dropFirst(endOffset)).trimmingWhitespace()
                if rest.hasPrefix("#") { text += " " + rest }
            }
        }
        return text
    }

    /// The cells as written (escapes kept), or re-escaped from the parser's values if the source disagrees.
    private func cells(_ token: Token) -> [String] {
        let written = FormatterTable.writtenCells(raw(token))
        if written.count == token.matchedItems.count { return written }
        return token.matchedItems.map { DataTableCell.escaped($0.text) }
    }

    mutating func finish(lineEnding: String) -> String {
        flushTable()
        flushDescription()
        flushPending(indent: lastIndent)
        while output.last?.isEmpty == true { output.removeLast() }
        if output.isEmpty { return "" }
        return output.joined(separator: lineEnding) + lineEnding
    }
}

extension Substring {
    func trimmingWhitespace() -> Substring {
        let start = firstIndex { !$0.isWhitespace } ?? endIndex
        return self[start...].trimmingTrailingWhitespace()
    }

    func trimmingTrailingWhitespace() -> Substring {
        var end = endIndex
        while end > startIndex, self[index(before: end)].isWhitespace { end = index(before: end) }
        return self[startIndex..<end]
    }
}
