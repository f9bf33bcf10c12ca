/// The snippet codes suggested for each pickle step (numbers in `SnippetCodes`), in the order they came. A step's
/// first suggestion is kept by where the step is — its pickle's slot and its position — when the index knows that
/// (a runner suggests while the step runs, so it is a step of an attempt that just started): no hashing for it,
/// and the console finds it by the place it prints from. Other suggestions are kept by pickle step id.
struct SuggestionStore {
    /// No suggestion kept by place for the step.
    private static let unset = Int32.min
    /// By pickle slot (grown as suggestions come), by position: the step's first suggested code, or `unset`.
    private var byPlace: [[Int32]] = []
    /// The suggestions not kept by place, by pickle step id.
    private var byId: IdTable<SuggestedCodes> = [:]
    private(set) var isEmpty = true
    /// Whether any suggestion is kept by place (a question by id alone then needs the step's place).
    var keepsPlaces: Bool { !byPlace.isEmpty }

    /// Keeps a suggested code for the pickle step `id`, at `place` (in a pickle of `stepCount` steps) when known.
    mutating func add(_ code: Int32, id: String, place: PickleStepPlace?, stepCount: Int) {
        isEmpty = false
        // (A step with a suggestion kept by id keeps its later ones there too: they stay in order.)
        if let place, byId.isEmpty || byId[id: id] == nil {
            let slot = Int(place.slot), position = Int(place.position)
            if slot >= byPlace.count { byPlace.append(contentsOf: repeatElement([], count: slot + 1 - byPlace.count)) }
            if byPlace[slot].isEmpty { byPlace[slot] = Array(repeating: Self.unset, count: stepCount) }
            if position < byPlace[slot].count && byPlace[slot][position] == Self.unset {
                byPlace[slot][position] = code
                return
            }
        }
        let key = IdKey(id)
        if let earlier = byId.updateValue(.one(code), forKey: key) { byId[key] = earlier.adding(code) }
    }

    /// Each code suggested for the pickle step `id` at `place` (nil: not known), in order.
    func forEach(id: String, place: PickleStepPlace?, _ body: (Int32) -> Void) {
        if let place, let code = code(at: place) { body(code) }
        if !byId.isEmpty, let codes = byId[id: id] { codes.forEach(body) }
    }

    /// The first code suggested for the step at `place`, when it was kept by place (then it is the step's first).
    func code(at place: PickleStepPlace) -> Int32? {
        let slot = Int(place.slot), position = Int(place.position)
        guard slot >= 0, slot < byPlace.count, position >= 0, position < byPlace[slot].count else { return nil }
        let code = byPlace[slot][position]
        return code == Self.unset ? nil : code
    }
}
