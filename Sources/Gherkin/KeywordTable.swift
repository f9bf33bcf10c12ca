import Foundation
import Messages

/// A dialect's keywords of one kind laid out for matching lines without reference counting: every line of a
/// document is tried against several kinds, and walking `[Keyword]` retained and released each keyword's
/// text and bytes on every try.
///
/// The table lives in memory that is never freed (a dialect is compiled once and kept for the process, see
/// `CompiledDialects`), so it is a plain value that copies for free.
struct KeywordTable: @unchecked Sendable {  // @unchecked: its pointers are to memory written once, in `init`, never freed nor changed after
    let count: Int
    /// The keywords' UTF-8 bytes one after the other; keyword `i` is `bytes[starts[i]..<starts[i + 1]]`.
    private let bytes: UnsafePointer<UInt8>
    private let starts: UnsafePointer<Int>
    /// For each byte value, whether a keyword starts with it (a quick no for most lines).
    private let isFirstByte: UnsafePointer<Bool>
    private let texts: UnsafePointer<String>
    private let stepTypes: UnsafePointer<StepKeywordType?>

    init(_ keywords: [Keyword]) {
        count = keywords.count
        let allBytes = keywords.flatMap(\.bytes)
        bytes = Self.immortal(allBytes.isEmpty ? [0] : allBytes)
        var offsets = [0]
        for keyword in keywords { offsets.append(offsets[offsets.count - 1] + keyword.bytes.count) }
        starts = Self.immortal(offsets)
        var first = [Bool](repeating: false, count: 256)
        for keyword in keywords { if let byte = keyword.bytes.first { first[Int(byte)] = true } }
        isFirstByte = Self.immortal(first)
        texts = Self.immortal(keywords.map(\.text))
        stepTypes = Self.immortal(keywords.map(\.stepType))
    }

    /// A copy of `values` that is never freed.
    private static func immortal<T>(_ values: [T]) -> UnsafePointer<T> {
        let memory = UnsafeMutablePointer<T>.allocate(capacity: max(values.count, 1))
        values.withUnsafeBufferPointer { _ = UnsafeMutableBufferPointer(start: memory, count: values.count).initialize(from: $0) }
        return UnsafePointer(memory)
    }

    func text(_ index: Int) -> String { texts[index] }
    func stepType(_ index: Int) -> StepKeywordType? { stepTypes[index] }
    func length(_ index: Int) -> Int { starts[index + 1] - starts[index] }

    /// The first keyword (in the table's order) that `b[start..<end]` starts with; with `colon`, only a
    /// keyword followed by `:`.
    @inline(__always)
    func firstMatch(_ b: UnsafeBufferPointer<UInt8>, _ start: Int, _ end: Int, colon: Bool) -> Int? {
        guard start < end, isFirstByte[Int(b[start])], let base = b.baseAddress else { return nil }
        let available = end - start
        let first = b[start]
        for index in 0..<count {
            let n = starts[index + 1] - starts[index]
            // The first byte compared here: a call to memcmp per keyword (ten for English steps) cost more.
            guard n <= available, bytes[starts[index]] == first, memcmp(base + start, bytes + starts[index], n) == 0 else { continue }
            if colon { guard n < available, b[start + n] == UInt8(ascii: ":") else { continue } }
            return index
        }
        return nil
    }
}
