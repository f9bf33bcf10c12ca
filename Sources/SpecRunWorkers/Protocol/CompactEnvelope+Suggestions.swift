import Messages

/// The wire form of suggestions. A first run of new features has an undefined step in every scenario, and each
/// suggestion repeats the snippets of its step text: the first suggestion of each distinct list of snippets goes
/// as an NDJSON line, and every later one as a short line naming that list by its number.
///
///     !U <suggestionId> <pickleStepId> <snippets number>
///
/// Both ends number the lists the same way: the suggestions a worker writes as JSON are numbered in the order of
/// their lines, the first 4,096 of them (one table a worker process, so a replaced worker starts again from 0).
extension CompactEnvelope {
    static let suggestionKind = UInt8(ascii: "U")

    /// The worker's end: which snippet lists it has sent, and under what number.
    struct SuggestionTable {
        /// Only the first this many JSON suggestions are numbered (the other end keeps just those): a run whose
        /// every step is new sends the later ones as JSON.
        static let limit = 4_096
        /// At most this many snippet arrays are recognised by their storage (`byStorage`).
        static let storageLimit = 16_384
        private var numbers: [SnippetList: Int] = [:]
        /// The number of a numbered list, by the address of an array's storage that holds it. The suggestions of
        /// one step text share one array (`SnippetCache`): found by its address, a repeated step costs no pass
        /// over its snippets' code. Each array is kept in `held`, so no other array can take its storage's place
        /// (and a shared array's storage is never changed in place).
        private var byStorage: [UnsafeRawPointer: Int] = [:]
        private var held: [[Snippet]] = []
        /// How many suggestions went as JSON: the number the next one gets at the other end.
        private var sentAsJSON = 0

        /// Appends the compact line and returns true when the snippets were sent before; otherwise returns false
        /// (the caller writes the suggestion as JSON) and counts it, as the other end will.
        mutating func encode(_ suggestion: Suggestion, into out: inout [UInt8]) -> Bool {
            let compact = fits(suggestion.id) && fits(suggestion.pickleStepId)
            guard let number = number(of: suggestion.snippets, compact: compact) else { return false }
            writeSuggestion(id: suggestion.id, pickleStepId: suggestion.pickleStepId, number: number, into: &out)
            return true
        }

        /// The number of `snippets` when they were sent before and their suggestion can be a compact line
        /// (`compact`: its ids fit fields); otherwise nil (the suggestion goes as JSON), counted as the other end
        /// will count it.
        mutating func number(of snippets: [Snippet], compact: Bool) -> Int? {
            let storage = snippets.withUnsafeBufferPointer { $0.baseAddress.map(UnsafeRawPointer.init) }
            let known = storage.flatMap { byStorage[$0] } ?? number(of: snippets, storage: storage)
            if let known, compact { return known }
            if known == nil && sentAsJSON < Self.limit { remember(snippets, as: sentAsJSON, storage: storage) }
            sentAsJSON += 1
            return nil
        }

        /// The number of a list sent before, found by its snippets (then its array is known by its storage too).
        private mutating func number(of snippets: [Snippet], storage: UnsafeRawPointer?) -> Int? {
            guard let number = numbers[SnippetList(snippets)] else { return nil }
            hold(snippets, as: number, storage: storage)
            return number
        }

        private mutating func remember(_ snippets: [Snippet], as number: Int, storage: UnsafeRawPointer?) {
            numbers[SnippetList(snippets)] = number
            hold(snippets, as: number, storage: storage)
        }

        private mutating func hold(_ snippets: [Snippet], as number: Int, storage: UnsafeRawPointer?) {
            guard let storage, held.count < Self.storageLimit else { return }
            byStorage[storage] = number
            held.append(snippets)
        }
    }

    /// The supervisor's end: the lists in the order their JSON suggestions came.
    struct SuggestionLists {
        private var lists: [[Snippet]] = []

        /// Remembers the snippets of a suggestion that came as JSON.
        mutating func learn(_ envelope: Envelope) {
            if let suggestion = envelope.suggestion, lists.count < SuggestionTable.limit { lists.append(suggestion.snippets) }
        }

        /// The suggestion of a compact `U` line (without its newline); nil when it is not a well-formed one or
        /// names a list not sent.
        func decode<C: Collection>(_ line: C) -> Envelope? where C.Element == UInt8 {
            Array(line).withUnsafeBufferPointer { decode($0) }
        }

        func decode(_ line: UnsafeBufferPointer<UInt8>) -> Envelope? {
            var reader = FieldReader(line)
            guard reader.byte() == marker, reader.byte() == suggestionKind, reader.byte() == 0x20,
                let id = reader.text(), let pickleStepId = reader.text(), let number = reader.number(),
                reader.atEnd, number >= 0, number < lists.count
            else { return nil }
            return Envelope(suggestion: Suggestion(id: id, pickleStepId: pickleStepId, snippets: lists[number]))
        }
    }
}

/// A list of snippets as a dictionary key (Snippet is Equatable only).
private struct SnippetList: Hashable {
    let snippets: [Snippet]

    init(_ snippets: [Snippet]) { self.snippets = snippets }

    func hash(into hasher: inout Hasher) {
        hasher.combine(snippets.count)
        for snippet in snippets {
            hasher.combine(snippet.language)
            hasher.combine(snippet.code)
        }
    }
}
