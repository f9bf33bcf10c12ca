extension Supervisor {
    /// The test cases not handed out yet, in the order to hand them out (planned, or the slowest first when timings
    /// are known), with the one rule of `@serial`: never two of them running at once (unless the run is stopping,
    /// when what is left is only skipped).
    struct WorkQueue {
        /// Test case indices; those before `cursor` were handed out.
        private var order: [Int] = []
        private var cursor = 0
        /// Each test case's `@serial`, by index.
        private var serial: [Bool] = []
        /// How many `@serial` test cases are handed out and not complete.
        private var runningSerial = 0
        /// `--fail-fast` after a failure: what is left is handed out to be skipped.
        private(set) var isStopping = false

        init() {}

        /// Every test case, `costs` (seconds by index) the largest first, the planned order between equals.
        init(serial: [Bool], costs: [Double]?) {
            self.serial = serial
            order = Array(serial.indices)
            if let costs { order.sort { costs[$0] != costs[$1] ? costs[$0] > costs[$1] : $0 < $1 } }
        }

        /// How many test cases it was given (handed out or not).
        var count: Int { serial.count }

        /// Test cases planned since (a plan that comes file by file), each `serial` flag by index after those given:
        /// handed out after the rest, in the planned order.
        mutating func extend(serial more: ArraySlice<Bool>) {
            order.append(contentsOf: serial.count..<(serial.count + more.count))
            serial.append(contentsOf: more)
        }

        var hasPending: Bool { cursor < order.count }
        var pendingCount: Int { order.count - cursor }

        /// The next test case to hand out: the first left, or while a `@serial` one runs the first that is not
        /// `@serial` (nil when only `@serial` ones are left).
        mutating func next() -> Int? {
            guard cursor < order.count else { return nil }
            let index: Int
            if isStopping || runningSerial == 0 || !serial[order[cursor]] {
                index = order[cursor]
            } else {
                guard let found = order[cursor...].firstIndex(where: { !serial[$0] }) else { return nil }
                index = order.remove(at: found)
                order.insert(index, at: cursor)
            }
            cursor += 1
            if serial[index] { runningSerial += 1 }
            return index
        }

        /// A test case handed out is complete.
        mutating func finished(_ index: Int) {
            if serial[index] { runningSerial -= 1 }
        }

        /// Test cases handed out to a worker that died before starting them go back to the front.
        mutating func putBack(_ indices: ArraySlice<Int>) {
            for index in indices where serial[index] { runningSerial -= 1 }
            order.insert(contentsOf: indices, at: cursor)
        }

        /// A test case failed under `--fail-fast`: the rest are handed out to be skipped.
        mutating func stop() { isStopping = true }

        /// The run cannot go on: nothing more is handed out.
        mutating func drain() { cursor = order.count }
    }
}
