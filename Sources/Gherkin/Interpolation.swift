import Foundation

/// The `<name>`s of an examples table's header, substituted into the texts of an outline row.
///
/// The reference replaces one column after the other, each over the result of the previous one. This does it
/// in one pass over the text when that gives the same result, which is when
/// - no name has regex syntax (those are matched as expressions) nor `<` or `>`,
/// - no value of the row has `<` or `>` (a value cannot then make or break a `<name>`), and
/// - every `<` of the text opens a `<name>` of the header (a `<` left alone could open a new `<name>` once
///   a value is put inside it, as in `<x<a>y>`).
/// Then each `<name>` of the text is a `<…>` without other `<` or `>` inside, the columns replace exactly these,
/// each by the first column of that name. Otherwise it falls back to column after column.
struct Interpolation {
    private let names: [String]
    /// The names' UTF-8 bytes, one buffer, `nameRanges[i]` being column `i`'s.
    private let nameBytes: [UInt8]
    private let nameRanges: [Range<Int>]
    /// The first condition above.
    private let namesAllowOnePass: Bool

    init(names: [String]) {
        self.names = names
        var bytes: [UInt8] = []
        var ranges: [Range<Int>] = []
        ranges.reserveCapacity(names.count)
        for name in names {
            let start = bytes.count
            bytes += name.utf8
            ranges.append(start..<bytes.count)
        }
        nameBytes = bytes
        nameRanges = ranges
        namesAllowOnePass = !bytes.contains { $0 == Self.open || $0 == Self.close || Placeholder.isRegexSyntax($0) }
    }

    private static let open = UInt8(ascii: "<")
    private static let close = UInt8(ascii: ">")

    /// Whether a row's values allow the one-pass substitution (the second condition above).
    func allowsOnePass(_ values: [String]) -> Bool {
        namesAllowOnePass && !values.contains { $0.utf8.contains { $0 == Self.open || $0 == Self.close } }
    }

    /// `text` with the row's `values` in place of the header's `<name>`s. `onePass`: `allowsOnePass(values)`;
    /// `scratch` is a buffer reused from call to call.
    func apply(_ text: String, _ values: [String], onePass: Bool, scratch: inout [UInt8]) -> String {
        guard !names.isEmpty, Placeholder.mayContainPlaceholder(text) else { return text }
        if onePass, let result = applyInOnePass(text, values, scratch: &scratch) { return result }
        var result = text
        for (index, name) in names.enumerated() where index < values.count {
            result = Placeholder(name: name).replace(with: values[index], in: result)
        }
        return result
    }

    /// Nil when a `<` of the text opens no `<name>` of the header (the third condition above).
    private func applyInOnePass(_ text: String, _ values: [String], scratch: inout [UInt8]) -> String? {
        var text = text
        return text.withUTF8 { t -> String? in
            scratch.removeAll(keepingCapacity: true)
            var last = 0
            var i = 0
            let end = t.count
            while i < end {
                guard t[i] == Self.open else { i += 1; continue }
                // The name runs to the next `>`; a `<` before it, or no `>`, leaves this `<` unmatched.
                var j = i + 1
                while j < end, t[j] != Self.close, t[j] != Self.open { j += 1 }
                guard j < end, t[j] == Self.close, let column = column(named: t, i + 1, j), column < values.count else {
                    return nil
                }
                scratch.append(contentsOf: UnsafeBufferPointer(rebasing: t[last..<i]))
                scratch += values[column].utf8
                i = j + 1
                last = i
            }
            scratch.append(contentsOf: UnsafeBufferPointer(rebasing: t[last..<end]))
            return String(decoding: scratch, as: UTF8.self)
        }
    }

    /// The first column whose name is `t[start..<end]`.
    private func column(named t: UnsafeBufferPointer<UInt8>, _ start: Int, _ end: Int) -> Int? {
        let count = end - start
        return nameBytes.withUnsafeBufferPointer { names in
            for (column, range) in nameRanges.enumerated() where range.count == count {
                if count == 0 || memcmp(names.baseAddress! + range.lowerBound, t.baseAddress! + start, count) == 0 {
                    return column
                }
            }
            return nil
        }
    }
}
