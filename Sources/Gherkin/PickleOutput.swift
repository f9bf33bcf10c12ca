import Messages

/// Where the pickle compiler puts what it compiles, part by part: each step of a pickle, then the pickle. Each
/// call takes the next id of the generator, so the ids come in the reference's order (a pickle's steps before
/// the pickle). `PickleCollector` makes `Pickle` values; `NDJSONLines` writes their NDJSON lines straight away.
protocol PickleOutput: AnyObject {
    /// About `count` steps are coming for the next pickle.
    func reserveSteps(_ count: Int)
    /// A step of the pickle under way. `rowId`: the examples row of an outline's step.
    func addPickleStep(argument: PickleStepArgument?, stepId: String, rowId: String?, type: PickleStepType?, text: String)
    /// The pickle whose steps were added; its tags are the three lists one after the other.
    func endPickle(
        uri: String, location: Location, name: String, language: String, tags: [Tag],
        _ scenarioTags: [Tag], _ examplesTags: [Tag], scenarioId: String, rowId: String?)
}

extension PickleOutput {
    func reserveSteps(_ count: Int) {}
}

extension NDJSONLines: PickleOutput {}

/// The pickles as `Pickle` values.
final class PickleCollector: PickleOutput {
    private let ids: any IdGenerator
    private let texts: StepTextPool?
    #if DEBUG  // exclusivity checked in tests; unchecked in release: touched for every pickle step compiled
    private var state = State()
    #else
    @exclusivity(unchecked) private var state = State()
    #endif

    private struct State: ~Copyable {
        var pickles: [Pickle] = []
        /// When not nil, each pickle goes into an envelope appended here instead of into `pickles` (from where it
        /// would be moved once more).
        var envelopes: [Envelope]?
        /// The steps of the pickle under way, made in place in memory of the collector's own and moved into the
        /// pickle's array at its end: `Array.append` copies each step in and destroys the one given (a retain and a
        /// release per string and array of it).
        var steps = PickleStepBuffer()
    }

    /// `envelopes`: each pickle goes into an envelope appended to them (`takeEnvelopes`), rather than into `pickles`.
    init(ids: any IdGenerator, texts: StepTextPool? = nil, envelopes: [Envelope]? = nil) {
        self.ids = ids
        self.texts = texts
        state.envelopes = envelopes
    }

    /// The pickles made (when not made into envelopes).
    var pickles: [Pickle] { state.pickles }

    /// The envelopes given, with the pickles' after them.
    func takeEnvelopes() -> [Envelope]? { state.envelopes.take() }

    func reserveSteps(_ count: Int) { state.steps.reserve(count) }

    func addPickleStep(argument: PickleStepArgument?, stepId: String, rowId: String?, type: PickleStepType?, text: String) {
        state.steps.append(
            PickleStep(
                argument: argument, astNodeIds: Self.ids(stepId, rowId), id: ids.newId(), type: type,
                text: texts?.shared(text) ?? text))
    }

    func endPickle(
        uri: String, location: Location, name: String, language: String, tags: [Tag],
        _ scenarioTags: [Tag], _ examplesTags: [Tag], scenarioId: String, rowId: String?
    ) {
        let pickle = Pickle(
            id: ids.newId(), uri: uri, location: location, name: name, language: language,
            steps: state.steps.takeAll(), tags: Self.pickleTags(tags, scenarioTags, examplesTags),
            astNodeIds: Self.ids(scenarioId, rowId))
        if state.envelopes != nil { state.envelopes!.append(Envelope(pickle: pickle)) } else { state.pickles.append(pickle) }
    }

    private static func ids(_ id: String, _ rowId: String?) -> [String] {
        if let rowId { [id, rowId] } else { [id] }
    }

    private static func pickleTags(_ first: [Tag], _ second: [Tag], _ third: [Tag]) -> [PickleTag] {
        let count = first.count + second.count + third.count
        guard count > 0 else { return [] }
        var tags: [PickleTag] = []
        tags.reserveCapacity(count)
        for tag in first { tags.append(PickleTag(name: tag.name, astNodeId: tag.id)) }
        for tag in second { tags.append(PickleTag(name: tag.name, astNodeId: tag.id)) }
        for tag in third { tags.append(PickleTag(name: tag.name, astNodeId: tag.id)) }
        return tags
    }
}
