import Messages

/// The run index's pickles: kept as `RunIndex.compact` makes them, in the order they first came (a pickle sent
/// again keeps its slot), found by id, and their steps found by id once asked (`PendingPickleStepTable`).
struct IndexedPickles {
    /// The pickles by slot.
    private(set) var store: [Pickle] = []
    /// By slot: whether the pickle's steps are kept without their AST node ids (see `RunIndex.compact`).
    private(set) var derivedStepIds: [Bool] = []
    /// One string for every pickle step of the same text (a suite says the same steps again and again).
    var textPool: Set<IdKey> = []
    /// Each pickle's slot by its id (`PositionTable`: the id itself is the stored pickle's).
    private var slots = PositionTable()
    private let stepPlaces = PendingPickleStepTable()
    /// Where the pickle of the next test case is looked for first: test cases are planned in the pickles' order.
    private var nextOfCase = 0

    /// Keeps a pickle made small, in its slot, and notes its steps for the step table.
    mutating func keep(_ pickle: Pickle, derived: Bool) {
        // A known pickle gets its slot back.
        if let known = slot(id: pickle.id) {
            store[known] = pickle
            derivedStepIds[known] = derived
            stepPlaces.came(Int32(known))
            return
        }
        let slot = Int32(store.count)
        store.append(pickle)
        derivedStepIds.append(derived)
        slots.insertNew(pickle.id, at: slot)
        stepPlaces.came(slot)
    }

    /// Lets go of the steps of the pickle in `slot` (`RunIndex.letGoOfSteps`).
    mutating func letGoOfSteps(slot: Int) {
        store[slot].steps = []
    }

    /// The slot of a pickle (stable for the run).
    func slot(id: String) -> Int? {
        store.withUnsafeBufferPointer { store in slots.position(of: id) { store[Int($0)].id }.map(Int.init) }
    }

    /// The slot of the pickle a test case names: the one after the previous test case's when it is that one
    /// (compared, not hashed), otherwise looked up.
    mutating func slot(ofCase pickleId: String) -> Int? {
        if nextOfCase < store.count, IdKey.sameBytes(store[nextOfCase].id, pickleId) {
            nextOfCase += 1
            return nextOfCase - 1
        }
        guard let slot = slot(id: pickleId) else { return nil }
        nextOfCase = slot + 1
        return slot
    }

    /// Where each pickle step is: its pickle and position (not a copy of the step), placed when first asked.
    var stepTable: PickleStepTable { stepPlaces.table(placing: store) }

    /// The pickle in `slot` lent to `body` where it lies (a copy of a pickle retains each of its strings and arrays).
    func withPickle<Result>(slot: Int, _ body: (UnsafePointer<Pickle>) -> Result) -> Result {
        store.withUnsafeBufferPointer { body($0.baseAddress! + slot) }
    }
}
