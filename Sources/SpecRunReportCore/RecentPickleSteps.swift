import Messages

/// The pickles of the attempts that started last, by slot in the run index: a runner suggests a snippet while the
/// step runs, so the step a suggestion names is almost always one of theirs, found without a table of every step.
struct RecentPickleSteps {
    /// The latest at `next - 1` (-1: none yet).
    private var slots = [Int32](repeating: -1, count: 16)
    private var next = 0
    /// Where the step found last is.
    private var last: PickleStepPlace?

    /// Notes that an attempt at the pickle in `slot` started.
    mutating func started(slot: Int32) {
        slots[next] = slot
        next = (next + 1) % slots.count
    }

    /// Where the pickle step `id` is, when it is a step of a recent attempt's pickle (`pickles`: the index's, by
    /// slot): first the step after the one found last (an attempt's steps run in order), then each pickle's steps.
    mutating func place(of id: String, in pickles: [Pickle]) -> PickleStepPlace? {
        if let last {
            let steps = pickles[Int(last.slot)].steps
            let position = Int(last.position) + 1
            if position < steps.count && steps[position].id == id {
                let place = PickleStepPlace(slot: last.slot, position: Int32(position))
                self.last = place
                return place
            }
        }
        last = scan(for: id, in: pickles)
        return last
    }

    private func scan(for id: String, in pickles: [Pickle]) -> PickleStepPlace? {
        for back in 1...slots.count {
            let slot = slots[(next - back + slots.count) % slots.count]
            guard slot >= 0 else { return nil }
            if let position = pickles[Int(slot)].steps.firstIndex(where: { $0.id == id }) {
                return PickleStepPlace(slot: slot, position: Int32(position))
            }
        }
        return nil
    }
}
