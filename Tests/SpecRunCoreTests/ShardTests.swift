import SpecRunCore
import XCTest

final class ShardTests: XCTestCase {
    func test_split_dealsRoundRobinWithoutTimingsAndHoldsEveryTestCaseOnce() {
        let keys = (1...10).map { "a.feature:\($0)" }

        let parts = Shard(index: 1, count: 3).split(keys)

        XCTAssertEqual(parts, [[0, 3, 6, 9], [1, 4, 7], [2, 5, 8]])
    }

    func test_split_keepsTheSlowestShardWithinAFifthOfTheMeanOnASkewedSuite() {
        // A skewed suite: a few very slow scenarios among many fast ones, as in real suites.
        var timings: [String: Double] = [:]
        let keys = (1...200).map { "f.feature:\($0)" }
        for (position, key) in keys.enumerated() {
            timings[key] = position % 37 == 0 ? 30 : Double(position % 7) * 0.1 + 0.05
        }
        for count in [2, 3, 4, 8] {
            let parts = Shard(index: 1, count: count, timings: timings).split(keys)
            let loads = parts.map { $0.reduce(0) { $0 + timings[keys[$1]]! } }
            let mean = loads.reduce(0, +) / Double(count)

            XCTAssertLessThanOrEqual(loads.max()!, 1.2 * mean, "\(count) shards: \(loads)")
            XCTAssertEqual(parts.flatMap { $0 }.sorted(), Array(keys.indices), "every test case exactly once")
        }
    }

    func test_split_givesUntimedTestCasesTheMeanOfTheTimedOnes() {
        let keys = ["a:1", "a:2", "a:3", "a:4"]
        let parts = Shard(index: 1, count: 2, timings: ["a:1": 4, "a:2": 4]).split(keys)

        XCTAssertEqual(parts.map(\.count), [2, 2])
    }
}
