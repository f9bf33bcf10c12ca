/// Runs pickles in the defined order, reversed, or shuffled by a seeded generator (replayable).
enum PickleOrdering {
    static func apply<T>(_ order: RunConfiguration.Order, to items: [T], seed: UInt64) -> [T] {
        switch order {
        case .defined: return items
        case .reverse: return items.reversed()
        case .random:
            var generator = SplitMix64(seed: seed)
            var shuffled = items
            guard shuffled.count > 1 else { return shuffled }
            for i in stride(from: shuffled.count - 1, to: 0, by: -1) {
                let j = Int(generator.next() % UInt64(i + 1))
                shuffled.swapAt(i, j)
            }
            return shuffled
        }
    }
}

/// A small, fast, well-known seeded generator: the same seed gives the same order on every platform.
struct SplitMix64: RandomNumberGenerator {
    private var state: UInt64

    init(seed: UInt64) { state = seed }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
