extension Supervisor {
    /// The test cases handed out to a worker, in order: the first is running (or next). Each completed one leaves from
    /// the front in constant time: a lone worker is handed thousands ahead (`Supervisor.queueAheadAlone`), and an
    /// array's `removeFirst` would move every one behind it, once per test case.
    struct AssignedCases {
        private var indices: [Int] = []
        /// Where the first one not yet completed is in `indices`.
        private var head = 0

        var first: Int? { head < indices.count ? indices[head] : nil }
        var isEmpty: Bool { head == indices.count }
        var count: Int { indices.count - head }

        /// Every one still assigned, in order.
        var all: ArraySlice<Int> { indices[head...] }

        mutating func append(_ index: Int) {
            indices.append(index)
        }

        /// The first one completed.
        mutating func removeFirst() {
            guard head < indices.count else { return }
            head += 1
            if head == indices.count {
                indices.removeAll(keepingCapacity: true)
                head = 0
            } else if head >= Self.compactionFloor && head * 2 >= indices.count {
                // The completed ones dropped once they are half the storage: each index is moved at most once more.
                indices.removeFirst(head)
                head = 0
            }
        }

        /// Fewer completed ones than this stay in the storage (moving a few is not worth a call).
        private static let compactionFloor = 64
    }
}
