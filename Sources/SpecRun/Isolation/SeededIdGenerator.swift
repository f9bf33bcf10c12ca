import Foundation
import Messages

/// UUID-shaped ids drawn from a seeded generator: random-looking for people and tools, yet the same sequence in
/// every worker of one run, so a restarted worker names the sources, pickles and test cases as the first did.
final class SeededIdGenerator: IdGenerator, @unchecked Sendable {
    private let lock = NSLock()
    private let seed: UInt64
    private var counter: UInt64 = 0

    init(seed: UInt64) { self.seed = seed }

    func newId() -> String {
        lock.lock()
        let n = counter
        counter += 1
        lock.unlock()
        let high = Self.mix(seed &+ n &* 0x9E37_79B9_7F4A_7C15)
        let low = Self.mix(high ^ n ^ 0xD1B5_4A32_D192_ED03)
        // Version 4, variant 1 bits, as a random UUID.
        let a = (high & 0xFFFF_FFFF_FFFF_0FFF) | 0x0000_0000_0000_4000
        let b = (low & 0x3FFF_FFFF_FFFF_FFFF) | 0x8000_0000_0000_0000
        let hex = Self.hex(a, 16) + Self.hex(b, 16)
        let chars = Array(hex)
        return String(chars[0..<8]) + "-" + String(chars[8..<12]) + "-" + String(chars[12..<16]) + "-"
            + String(chars[16..<20]) + "-" + String(chars[20..<32])
    }

    private static func mix(_ value: UInt64) -> UInt64 {
        var z = value &+ 0x9E37_79B9_7F4A_7C15
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    private static func hex(_ value: UInt64, _ digits: Int) -> String {
        let text = String(value, radix: 16)
        return String(repeating: "0", count: max(0, digits - text.count)) + text
    }
}
