import Messages

/// One part of a suite split across CI machines (`--shard I/N`): every shard computes the same split from the
/// selected test cases in their defined order, so the N parts together hold each test case exactly once.
///
/// Without timings the split is round-robin. With timings (seconds per `TestCaseKey`, from an earlier run's
/// message stream) it is the longest-processing-time rule: the slowest test case first, each to the shard with
/// the least work so far (a test case never timed counts as the mean of the known ones).
public struct Shard: Sendable, Equatable {
    /// 1-based.
    public var index: Int
    public var count: Int
    public var timings: [String: Double]

    public init(index: Int, count: Int, timings: [String: Double] = [:]) {
        self.index = index
        self.count = count
        self.timings = timings
    }

    /// The positions (into `keys`, the defined order) that belong to each shard.
    public func split(_ keys: [String]) -> [[Int]] {
        var parts = Array(repeating: [Int](), count: max(1, count))
        guard !timings.isEmpty else {
            for position in keys.indices { parts[position % parts.count].append(position) }
            return parts
        }
        let known = keys.compactMap { timings[$0] }
        let mean = known.isEmpty ? 1 : known.reduce(0, +) / Double(known.count)
        let costs = keys.map { timings[$0] ?? mean }
        let bySlowest = keys.indices.sorted { costs[$0] != costs[$1] ? costs[$0] > costs[$1] : $0 < $1 }
        var loads = Array(repeating: 0.0, count: parts.count)
        for position in bySlowest {
            var least = 0
            for shard in loads.indices where loads[shard] < loads[least] { least = shard }
            parts[least].append(position)
            loads[least] += costs[position]
        }
        return parts.map { $0.sorted() }
    }

    /// The pickles of this shard, kept in the order given.
    func select(_ pickles: [Pickle], defined: [Pickle], key: (Pickle) -> String) -> [Pickle] {
        let mine = split(defined.map(key))[index - 1]
        let ids = Set(mine.map { defined[$0].id })
        return pickles.filter { ids.contains($0.id) }
    }
}

/// A test case's name across runs (ids change every run): `uri:line` of its scenario, or of its Examples row.
public enum TestCaseKey {
    static func of(_ pickle: Pickle, lines: LineIndex) -> String {
        let line = pickle.astNodeIds.last.flatMap { lines.line(of: $0) } ?? 0
        return "\(pickle.uri):\(line)"
    }
}
