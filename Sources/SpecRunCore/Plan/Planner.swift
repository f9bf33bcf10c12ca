import Foundation
import Messages
import SharedState

/// Binds pickles to the registry: every pickle step matched (with its arguments), undefined or ambiguous,
/// framed by the Before/After hooks whose tag expressions match the pickle.
struct Planner {
    let registry: StepRegistry
    /// Matches by step text, for every definition regardless of scope (scopes are applied per pickle):
    /// corpora repeat the same step texts a lot, and matching is the costly part of planning.
    private let cache = MatchCache()

    /// `bindings`: the pickle steps' bindings from an earlier plan of the same pickle (none are looked up again).
    func plan(
        _ shared: SharedPickle, ids: IdGenerator, testRunStartedId: String,
        bindings: ContiguousArray<StepBinding>? = nil
    ) -> TestCasePlan {
        let testCaseId = ids.newId()
        let tags = shared.value.tags.map(\.name)
        let before = registry.hooks(.before, for: tags), after = registry.hooks(.after, for: tags)
        var steps: [PlannedStep] = []
        steps.reserveCapacity(before.count + shared.value.steps.count + after.count)
        for hook in before {
            steps.append(PlannedStep(id: ids.newId(), action: .hook(hook)))
        }
        for position in shared.value.steps.indices {
            let binding = bindings.map { $0[position] } ?? bind(shared.value.steps[position].text, tags: tags)
            steps.append(PlannedStep(id: ids.newId(), action: .step(position, binding)))
        }
        for hook in after {
            steps.append(PlannedStep(id: ids.newId(), action: .hook(hook)))
        }
        return TestCasePlan(testCaseId: testCaseId, testRunStartedId: testRunStartedId, shared: shared, steps: steps)
    }

    /// The binding of each of the pickle's steps, in order.
    func bind(_ pickle: Pickle) -> ContiguousArray<StepBinding> {
        let tags = pickle.tags.map(\.name)
        var bindings = ContiguousArray<StepBinding>()
        bindings.reserveCapacity(pickle.steps.count)
        for index in pickle.steps.indices { bindings.append(bind(pickle.steps[index].text, tags: tags)) }
        return bindings
    }

    func bind(_ text: String, tags: [String]) -> StepBinding {
        let all = cache.matches(for: text, in: registry)
        // (One match is the common case: no filtered copy of it.)
        if all.count == 1 { return all[0].applies(to: tags) ? .matched(all[0]) : .undefined }
        let matches = all.filter { $0.applies(to: tags) }
        switch matches.count {
        case 0: return .undefined
        case 1: return .matched(matches[0])
        default: return .ambiguous(matches)
        }
    }
}

/// Thread-safe: a run session's planner may serve test cases run side by side (`SpecSuite` runs scenarios as
/// parallel test cases of one session).
final class MatchCache: Sendable {
    private let state = Locked(State())

    private struct State {
        var byText: [String: [StepMatch]] = [:]
        /// The texts asked for last, by where their bytes are: the step texts of a run's pickles are shared
        /// (`StepTextPool`), so most texts are found again by one comparison of two pointers, without hashing them.
        var recent = [(text: String, matches: [StepMatch])?](repeating: nil, count: MatchCache.slots)
    }

    func matches(for text: String, in registry: StepRegistry) -> [StepMatch] {
        let slot = Self.slot(text)
        let cached = state.withLock { state -> [StepMatch]? in
            // (Equal texts are the same text, whatever their storage: a slot only saves the hashing.)
            if let slot, let matches = Self.matches(for: text, in: &state.recent[slot]) { return matches }
            let cached = state.byText[text]
            if let slot, let cached { state.recent[slot] = (text, cached) }
            return cached
        }
        if let known = cached { return known }
        var matches: [StepMatch] = []
        if let known = registry.textMatches?.matches(for: text) {
            matches = known.map { StepMatch(definition: registry.steps[$0.index], arguments: $0.arguments) }
        } else {
            var utf8Text = text
            // The definitions' required words rule most of them out before any regex runs (one UTF-8 view for all).
            let candidates = utf8Text.withUTF8 { utf8 in
                registry.steps.indices.filter { registry.steps[$0].pattern.mayMatch(utf8: utf8) }
            }
            var found: [(index: Int, arguments: [MatchedArgument])] = []
            for index in candidates {
                if let arguments = registry.steps[index].pattern.match(text) {
                    matches.append(StepMatch(definition: registry.steps[index], arguments: arguments))
                    if registry.textMatches != nil { found.append((index, arguments)) }
                }
            }
            registry.textMatches?.remember(found, for: text)
        }
        let made = matches
        state.withLock { state in
            state.byText[text] = made
            if let slot { state.recent[slot] = (text, made) }
        }
        return matches
    }

    /// The matches of `entry` when it is `text`'s, read in place: binding the entry (`if let entry`) copies its text
    /// and its array, a retain and a release each.
    @inline(__always)
    private static func matches(for text: String, in entry: inout (text: String, matches: [StepMatch])?) -> [StepMatch]? {
        entry?.text == text ? entry?.matches : nil
    }

    /// The slot of a text stored apart from the `String` value (over 15 bytes), by the address of its bytes.
    private static let slots = 1024

    private static func slot(_ text: String) -> Int? {
        guard text.utf8.count > 15, let address = text.utf8.withContiguousStorageIfAvailable({ $0.baseAddress }) ?? nil
        else { return nil }
        return Int(bitPattern: UInt(bitPattern: address) >> 4) & (slots - 1)
    }
}

extension PlannedStep {
    /// The `testStep` message; `pickle` is the plan's.
    func message(in pickle: Pickle) -> TestStep {
        switch action {
        case .hook(let hook):
            return TestStep(hookId: hook.id, id: id)
        case .step(let position, .matched(let match)):
            return TestStep(
                id: id, pickleStepId: pickle.steps[position].id, stepDefinitionIds: match.soleDefinitionIds,
                stepMatchArgumentsLists: match.soleArgumentsLists)
        case .step(let position, let binding):
            let matches: [StepMatch]
            switch binding {
            case .matched(let match): matches = [match]
            case .undefined: matches = []
            case .ambiguous(let all): matches = all
            }
            return TestStep(
                id: id, pickleStepId: pickle.steps[position].id,
                stepDefinitionIds: matches.map(\.definition.id),
                stepMatchArgumentsLists: matches.map(\.argumentsList))
        }
    }
}
