import Foundation
import SharedTestData

/// Where the Cucumber Compatibility Kit samples are: `../shared/reference/cck` (found through SharedData, the
/// one lookup of ../shared, which SPECRUN_SHARED=none hides), or nil when the reference data is absent.
enum CCK {
    static let root: URL? = SharedData.url("reference/cck")

    /// The folder of one sample (`.../cck/attachments`), or nil when the reference data is absent.
    static func folder(_ sample: String) -> URL? {
        root?.appendingPathComponent(sample, isDirectory: true)
    }

    /// The bytes of a file of a sample folder (images and documents the steps attach), read at run time.
    static func data(_ sample: String, _ file: String) throws -> Data {
        guard let url = folder(sample)?.appendingPathComponent(file) else {
            throw StepError("the CCK reference data (../shared/reference/cck) is absent, so \(sample)/\(file) cannot be read")
        }
        return try Data(contentsOf: url)
    }
}

/// A plain error with a message, as the reference step definitions throw (`throw new Error("whoops")`).
struct StepError: Error, CustomStringConvertible {
    let description: String
    init(_ message: String) { description = message }
}

/// Counts calls across a whole run (the retry sample's steps pass only on their n-th call).
final class CallCounter: @unchecked Sendable {
    private let lock = NSLock()
    private var counts: [String: Int] = [:]

    /// Increments the counter named `key` and returns its new value (1 on the first call).
    func next(_ key: String) -> Int {
        lock.lock(); defer { lock.unlock() }
        counts[key, default: 0] += 1
        return counts[key]!
    }

    func reset() {
        lock.lock(); defer { lock.unlock() }
        counts = [:]
    }
}
