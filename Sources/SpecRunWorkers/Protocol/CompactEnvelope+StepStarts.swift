import Foundation

extension CompactEnvelope {
    /// Whether the line after a `!S` line (which ends at `end` in `bytes`) is the `!F` of the same step: both name it
    /// first, `!S <step> …` and `!F <step> …`, and both belong to the worker's current attempt. An undefined step's
    /// suggestion line may come between them (a first run of new features has one under every step).
    static func finishFollows(
        _ started: Slice<UnsafeBufferPointer<UInt8>>, in bytes: UnsafeBufferPointer<UInt8>,
        at end: Int
    ) -> Bool {
        guard let base = bytes.baseAddress else { return false }
        // The step, with the space after it.
        let idsStart = started.startIndex &+ 3
        var idsEnd = idsStart
        while idsEnd < started.endIndex && base[idsEnd] != 0x20 { idsEnd &+= 1 }
        guard idsEnd < started.endIndex else { return false }
        let length = idsEnd &+ 1 &- idsStart
        var next = end &+ 1
        if isSuggestion(at: next, in: bytes) {
            guard let newline = Newline.first(in: bytes, from: next) else { return false }
            next = newline &+ 1
        }
        guard next &+ 3 &+ length <= bytes.count, base[next] == marker, base[next &+ 1] == stepFinishedKind,
            base[next &+ 2] == 0x20
        else { return false }
        return memcmp(base + idsStart, base + (next &+ 3), length) == 0
    }

    private static let suggestionJSON = Array(#"{"suggestion":"#.utf8)

    /// Whether the line at `start` of `bytes` is a suggestion: a `!U` line, or one sent as JSON.
    private static func isSuggestion(at start: Int, in bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        guard let base = bytes.baseAddress, start &+ 3 <= bytes.count else { return false }
        if base[start] == marker { return base[start &+ 1] == suggestionKind && base[start &+ 2] == 0x20 }
        let prefix = suggestionJSON.count
        return start &+ prefix <= bytes.count && memcmp(base + start, suggestionJSON, prefix) == 0
    }
}
