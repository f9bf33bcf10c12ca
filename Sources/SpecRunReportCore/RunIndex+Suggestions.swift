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
    /// (`SnippetCodes.none` for a suggestion without snippets). `place`: where the step is, when the caller knows.
    package func forEachSuggestedCode(_ pickleStepId: String?, at place: PickleStepPlace? = nil, _ body: (Int32) -> Void) {
        guard let pickleStepId, !suggestions.isEmpty else { return }
        let place = place ?? (suggestions.keepsPlaces ? pickleStepPlaces.place(of: pickleStepId, in: pickleStore) : nil)
        suggestions.forEach(id: pickleStepId, place: place, body)
    }

    /// The number of the first code suggested for a pickle step that is not empty; nil when there is none.
    /// `place`: where the step is, when the caller knows.
    package func firstSuggestedCode(_ pickleStepId: String?, at place: PickleStepPlace? = nil) -> Int32? {
        // The common case: kept by place (a step's first suggestion, when it is kept so).
        if let place, let code = suggestions.code(at: place), code != SnippetCodes.none { return code }
        var first: Int32?
        forEachSuggestedCode(pickleStepId, at: place) { code in
            if first == nil && code != SnippetCodes.none { first = code }
        }
        return first
    }

    /// Whether the run suggested a snippet for any step.
    package var hasSuggestions: Bool { !suggestions.isEmpty }

    /// The first snippet of the first suggestion for a pickle step.
    package func firstSnippet(_ pickleStepId: String?) -> String? {
        var first: Int32?
        forEachSuggestedCode(pickleStepId) { code in
            if first == nil { first = code }
        }
        return first.flatMap { $0 == SnippetCodes.none ? nil : snippetCodes[$0] }
    }
}
