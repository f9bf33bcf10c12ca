/// The digits of `RandomIdGenerator`'s ids: `0-9a-zA-Z`, least significant first.
///
/// A plain value over a table made once (`shared`), so a generator keeps a copy and reads the table without the
/// lazy global's check on every id.
struct Base62: Sendable {
    static let alphabet = Array("0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ".utf8)

    static let shared = Base62()

    /// 62⁵: five digits.
    private static let five: UInt64 = 916_132_832

    /// The two digits of every number below 62² (low digit first), two bytes each.
    private let pairs: [UInt8]

    private init() {
        var pairs = [UInt8](repeating: 0, count: 2 * 62 * 62)
        for value in 0..<(62 * 62) {
            pairs[2 * value] = Self.alphabet[value % 62]
            pairs[2 * value + 1] = Self.alphabet[value / 62]
        }
        self.pairs = pairs
    }

    /// The ten low digits of `high` then the five low digits of `low`, at `out` (15 bytes): each group of five from a
    /// 32-bit number, two digits per step, rather than fifteen 64-bit divisions.
    @inline(__always)
    func format(_ high: UInt64, _ low: UInt64, into out: UnsafeMutablePointer<UInt8>) {
        let (upper, lower) = high.quotientAndRemainder(dividingBy: Self.five)
        pairs.withUnsafeBufferPointer { pairs in
            let pairs = pairs.baseAddress!
            Self.put(UInt32(truncatingIfNeeded: lower), from: pairs, at: out)
            Self.put(UInt32(truncatingIfNeeded: upper % Self.five), from: pairs, at: out + 5)
            Self.put(UInt32(truncatingIfNeeded: low % Self.five), from: pairs, at: out + 10)
        }
    }

    /// The five digits of `value` (below 62⁵) at `out`.
    @inline(__always)
    private static func put(_ value: UInt32, from pairs: UnsafePointer<UInt8>, at out: UnsafeMutablePointer<UInt8>) {
        let (rest, first) = value.quotientAndRemainder(dividingBy: 3844)
        let (last, second) = rest.quotientAndRemainder(dividingBy: 3844)
        UnsafeMutableRawPointer(out).copyMemory(from: pairs + 2 * Int(first), byteCount: 2)
        UnsafeMutableRawPointer(out + 2).copyMemory(from: pairs + 2 * Int(second), byteCount: 2)
        out[4] = pairs[2 * Int(last)]
    }
}
