// The snippets suggested for undefined steps, by pickle step.
extension RunIndex {
    /// The code of the first snippet of each suggestion for a pickle step, in order (empty for a suggestion
    /// without snippets).
    func suggestedSnippets(_ pickleStepId: String?) -> [String] {
        var codes: [String] = []
        forEachSuggestedCode(pickleStepId) { codes.append(snippetCodes[$0]) }
        return codes
    }

    /// The number in `snippetCodes` of the first snippet of each suggestion for a pickle step, in order
    /// (`SnippetCodes.none` for a suggestion without snippets).
    func forEachSuggestedCode(_ pickleStepId: String?, _ body: (Int32) -> Void) {
        guard let pickleStepId, let codes = suggestedCodes[id: pickleStepId] else { return }
        codes.forEach(body)
    }

    /// The number of the first code suggested for a pickle step that is not empty; nil when there is none.
    func firstSuggestedCode(_ pickleStepId: String?) -> Int32? {
        guard let pickleStepId, let codes = suggestedCodes[id: pickleStepId] else { return nil }
        switch codes {
        case .one(let code): return code == SnippetCodes.none ? nil : code
        case .many(let codes): return codes.first { $0 != SnippetCodes.none }
        }
    }

    /// Whether the run suggested a snippet for any step.
    var hasSuggestions: Bool { !suggestedCodes.isEmpty }

    /// The first snippet of the first suggestion for a pickle step.
    func firstSnippet(_ pickleStepId: String?) -> String? {
        guard let pickleStepId, let codes = suggestedCodes[id: pickleStepId] else { return nil }
        switch codes {
        case .one(let code): return code == SnippetCodes.none ? nil : snippetCodes[code]
        case .many(let codes): return codes.first.flatMap { $0 == SnippetCodes.none ? nil : snippetCodes[$0] }
        }
    }
}
