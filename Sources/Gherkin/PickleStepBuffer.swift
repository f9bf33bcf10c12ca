import Messages

/// The steps of a pickle being compiled, in memory of its own: each made where it is kept, then all moved (their bytes
/// copied, nothing retained) into the array of the pickle.
struct PickleStepBuffer: ~Copyable {
    private var base: UnsafeMutablePointer<PickleStep>
    private var capacity: Int
    private var count = 0

    init() {
        capacity = 16
        base = .allocate(capacity: capacity)
    }

    deinit {
        base.deinitialize(count: count)
        base.deallocate()
    }

    /// Room for `total` steps in all.
    mutating func reserve(_ total: Int) {
        guard total > capacity else { return }
        let grown = UnsafeMutablePointer<PickleStep>.allocate(capacity: total)
        grown.moveInitialize(from: base, count: count)
        base.deallocate()
        base = grown
        capacity = total
    }

    mutating func append(_ step: consuming PickleStep) {
        if count == capacity { reserve(2 * capacity) }
        (base + count).initialize(to: step)
        count += 1
    }

    /// The steps, moved out (the buffer is left empty).
    mutating func takeAll() -> [PickleStep] {
        let n = count
        guard n > 0 else { return [] }
        count = 0
        let source = base
        return [PickleStep](unsafeUninitializedCapacity: n) { buffer, initialized in
            buffer.baseAddress!.moveInitialize(from: source, count: n)
            initialized = n
        }
    }
}
