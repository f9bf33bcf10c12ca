/// Stories whose criteria are Given/When/Then blocks in fenced code blocks (`### Story: …`, then
/// ```` ``` ```` blocks of `Given … When … Then …`, as in the myCWT and Quiz documents). Inside a block, a line
/// `@ID` names the next criterion of the block (`IdLine`) and `Scenario: title` titles it; outside, a
/// `#### Scenario title` heading titles the next criterion and a `Criteria Id: X` line names it. An id no criterion
/// takes (another id line, or the block's or story's end, comes first) gets a warning. A document with blocks but
/// no `Story:` heading is one story.
struct FencedStoryReader {
    let document: MarkdownLines
    let prefix: String

    func read() -> RequirementsSet {
        var set = RequirementsSet()
        let lines = document.lines
        var starts: [(index: Int, level: Int, title: String)] = []
        for (index, line) in lines.enumerated() {
            guard let heading = line.heading, let title = Self.storyTitle(heading.text) else { continue }
            starts.append((index, heading.level, title))
        }
        if starts.isEmpty {
            let title = document.title
            let index = lines.firstIndex { $0.number == title.line } ?? 0
            starts = [(index, 0, title.text)]
        }
        for (position, start) in starts.enumerated() {
            var end = position + 1 < starts.count ? starts[position + 1].index : lines.count
            if start.level > 0 {
                // (Up to the next story only: to the end of the document, every story read all the ones after it.)
                end = lines[(start.index + 1)..<end].firstIndex { ($0.heading?.level ?? 99) < start.level } ?? end
            }
            let range = start.level == 0 ? 0..<end : (start.index + 1)..<end
            var story = readStory(
                range: range, title: start.title, position: position + 1, only: starts.count == 1,
                warnings: &set.warnings)
            guard !story.criteria.isEmpty else { continue }
            story.line = lines[start.index].number
            set.stories.append(story)
        }
        return set
    }

    /// `Story: Customer request to load the game` → its title.
    static func storyTitle(_ heading: String) -> String? {
        let lower = heading.lowercased()
        guard lower.hasPrefix("story") else { return nil }
        let rest = heading.dropFirst(5).drop { $0 == " " }
        guard let mark = rest.first, mark == ":" || mark == "-" || mark == "–" else { return nil }
        return rest.dropFirst().trimmingCharacters()
    }

    /// `only`: the document's one story, whose id may be given anywhere in the document.
    private func readStory(range: Range<Int>, title: String, position: Int, only: Bool, warnings: inout [ReaderWarning]) -> Story {
        let givenId = document.metadata("Story Id", in: range) ?? (only ? document.metadata("Story Id") : nil)
        let storyId = givenId?.value ?? "\(prefix)-ST-\(position)"
        let tags =
            (document.metadata("Tags", in: range) ?? document.metadata("Tags"))?.value
            .split(separator: " ").filter { $0.hasPrefix("@") }.map(String.init) ?? []
        var story = Story(id: storyId, title: title, uri: document.uri, line: 0, derived: givenId == nil, tags: tags)
        var builder = CriterionBuilder()
        var pendingId: PendingId?
        var pendingTitle: String?
        var narrative: [String] = []
        var narrativeBlock = false  // the block after a `Narrative` heading: its prose is the story's narrative
        var afterNarrativeHeading = false
        // An id line's own warnings wait for its block's end: only a block with steps is Given/When/Then (not code
        // holding `@property`).
        var blockWarnings: [ReaderWarning] = []
        var blockHasSteps = false
        func endBlock() {
            if blockHasSteps { warnings += blockWarnings }
            blockWarnings = []
            blockHasSteps = false
        }
        func close() {
            guard !builder.isEmpty else { return }
            let derived = pendingId == nil
            let id = pendingId?.id ?? "\(storyId)-AC-\(story.criteria.count + 1)"
            story.criteria.append(builder.criterion(id: id, title: pendingTitle, uri: document.uri, derived: derived))
            builder = CriterionBuilder()
            pendingId = nil
            pendingTitle = nil
        }
        /// The next criterion's id; one no criterion took is dropped with a warning saying why.
        func name(_ next: PendingId?, at line: Int) {
            if let unused = pendingId {
                warnings.append(
                    unused.unused(
                        uri: document.uri, "the id line at line \(line) follows it before a step and replaces it (remove one of them)"))
            }
            pendingId = next
        }
        for line in document.lines[range] {
            if line.isFence {
                close()
                if let unused = pendingId, unused.inBlock {
                    warnings.append(unused.unused(uri: document.uri, Self.blockEnded))
                    pendingId = nil
                }
                endBlock()
                narrativeBlock = afterNarrativeHeading && !narrativeBlock && narrative.isEmpty
                afterNarrativeHeading = false
                continue
            }
            let text = line.trimmed
            if !line.inFence {
                if let heading = line.heading, let written = Self.narrativeHeading(heading.text) {
                    afterNarrativeHeading = true
                    if written.lowercased() != "narrative" {
                        warnings.append(
                            ReaderWarning(
                                uri: document.uri, line: line.number,
                                message: "'\(written)' read as 'Narrative' (write 'Narrative')"))
                    }
                }
                if let heading = line.heading, let scenario = Self.scenarioTitle(heading.text) { close(); pendingTitle = scenario }
                if let id = Self.explicitId(text) {
                    close()
                    name(PendingId(id: id, line: line.number, column: Self.indent(line) + 1, inBlock: false), at: line.number)
                }
                continue
            }
            if text.isEmpty { if builder.hasThen { close() }; continue }
            if text.hasPrefix("//") || text.hasPrefix("#") { continue }
            if text.hasPrefix("@") {
                close()
                let idLine = IdLine(line, uri: document.uri, derived: "\(storyId)-AC-\(story.criteria.count + 1)")
                blockWarnings += idLine.warnings
                name(idLine.id.map { PendingId(id: $0.text, line: line.number, column: $0.column, inBlock: true) }, at: line.number)
                continue
            }
            if let scenario = Self.scenarioTitle(String(text)) { close(); pendingTitle = scenario; continue }
            guard let read = StepKeyword.read(line.text) else {
                if !builder.isEmpty { builder.continueLast(String(text)) } else if narrativeBlock { narrative.append(String(text)) }
                continue
            }
            if !read.exact {
                warnings.append(
                    ReaderWarning(
                        uri: document.uri, line: line.number,
                        message: "'\(read.written)' read as '\(read.keyword.rawValue)' (write '\(read.keyword.rawValue)')"))
            }
            if builder.startsAnother(read.keyword) { close() }
            let column =
                line.text.distance(from: line.text.startIndex, to: line.text.firstIndex { $0 != " " && $0 != "\t" } ?? line.text.startIndex)
                + 1
            builder.add(
                builder.isEmpty && (read.keyword == .and || read.keyword == .but) ? .given : read.keyword, read.text,
                line: line.number, column: column)
            blockHasSteps = true
        }
        close()
        endBlock()
        if let unused = pendingId, unused.inBlock || !story.criteria.isEmpty {
            // (One outside a block in a story without blocks is some other document's line: `Id: X` in prose.)
            warnings.append(
                unused.unused(
                    uri: document.uri, unused.inBlock ? Self.blockEnded : "the story ends before a criterion follows it (remove it)"))
        }
        story.narrative = narrative.joined(separator: "\n")
        return story
    }

    static let blockEnded =
        "its block ends before a step follows it (put it right above the criterion's first step, in the same block, or remove it)"

    /// The spaces and tabs a line starts with.
    static func indent(_ line: MarkdownLines.Line) -> Int { line.text.prefix { $0 == " " || $0 == "\t" }.count }

    /// `Narrative #1`, or a near miss of it (`Nerative #1`): the word as written; nil for another heading.
    static func narrativeHeading(_ text: String) -> String? {
        let word = String(text.prefix { $0.isLetter })
        guard word.count >= 7, StepKeyword.distance(word.lowercased(), "narrative") <= 2 else { return nil }
        return word
    }

    /// `Scenario: Chat opens` or `Scenario Chat opens` (not `Scenarios (Acceptance criteria)`) → its title.
    static func scenarioTitle(_ text: String) -> String? {
        guard text.lowercased().hasPrefix("scenario"), !text.lowercased().hasPrefix("scenarios") else { return nil }
        let rest = text.dropFirst(8)
        guard let first = rest.first, first == ":" || first == " " else { return nil }
        let title = rest.dropFirst().trimmingCharacters()
        return title.isEmpty ? nil : title
    }

    /// `Criteria Id: X` / `Criterion Id: X` / `Id: X` outside a block names the next criterion.
    static func explicitId(_ text: Substring) -> String? {
        guard let colon = text.firstIndex(of: ":") else { return nil }
        let name = text[..<colon].trimmingCharacters().lowercased()
        guard ["criteria id", "criterion id", "id"].contains(name) else { return nil }
        let value = text[text.index(after: colon)...].trimmingCharacters()
        return IdRules.looksLikeId(value) ? value : nil
    }
}
