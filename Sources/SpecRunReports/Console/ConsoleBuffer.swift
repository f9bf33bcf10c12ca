import SpecRunReportCore

/// Console text built as UTF-8 bytes, piece by piece: the pretty console writes a block for every scenario of the
/// run, and appending to a `String` re-checked and regrew it for every piece.
///
/// The bytes live in an array kept at its full capacity, the first `count` of them written: a piece is copied in
/// with one bounds check and one `memcpy`. (`Array.append(contentsOf:)` took 68 instructions a piece beyond its
/// copy, the generic sequence path's, for 530,000 pieces in a c10k dry run: 8 % of the reports' thread, callgrind.)
struct ConsoleBuffer {
    /// Written up to `count`; the rest is room.
    private var storage: [UInt8]
    private(set) var count = 0

    init(capacity: Int = 0) { storage = [UInt8](repeating: 0, count: max(capacity, 16)) }

    /// The bytes written, in place.
    func withBytes<R>(_ body: (UnsafeBufferPointer<UInt8>) throws -> R) rethrows -> R {
        try storage.withUnsafeBufferPointer { try body(UnsafeBufferPointer(rebasing: $0[..<count])) }
    }

    /// The bytes written, as text.
    var text: String { withBytes { String(decoding: $0, as: UTF8.self) } }

    /// Copies `piece` in after the bytes written, making room when needed.
    private mutating func append(_ piece: UnsafeRawBufferPointer) {
        let length = piece.count
        guard length > 0 else { return }
        if storage.count - count < length { grow(toHold: count + length) }
        let start = count
        storage.withUnsafeMutableBytes { room in
            UnsafeMutableRawBufferPointer(rebasing: room[start..<start + length]).copyMemory(from: piece)
        }
        count += length
    }

    private mutating func grow(toHold needed: Int) {
        storage.append(contentsOf: repeatElement(0, count: max(needed, storage.count * 2) - storage.count))
    }

    mutating func append(_ text: String) {
        // In place (no copy of the string to make it contiguous: native and small strings are).
        if text.utf8.withContiguousStorageIfAvailable({ append(UnsafeRawBufferPointer($0)) }) != nil { return }
        var text = text
        text.withUTF8 { append(UnsafeRawBufferPointer($0)) }
    }

    mutating func append(byte: UInt8) {
        if count == storage.count { grow(toHold: count + 1) }
        storage[count] = byte
        count += 1
    }

    /// `count` spaces.
    mutating func appendSpaces(_ count: Int) {
        guard count > 0 else { return }
        // Copied from a row of spaces, a row at a time (a `repeatElement` is appended a byte at a time: a scenario
        // line padded to a 1 MB step's width took a second in a debug build).
        var left = count
        Self.spaces.withUnsafeBytes { row in
            while left > 0 {
                let piece = min(left, row.count)
                append(UnsafeRawBufferPointer(rebasing: row[..<piece]))
                left -= piece
            }
        }
    }

    private static let spaces = [UInt8](repeating: 0x20, count: 128)

    /// A number in decimal, as `"\(number)"` writes it (a small string: no allocation).
    mutating func append(number: Int) { append(String(number)) }

    /// The escape that starts a colour (nothing with colours off), as `ConsoleStyle.start` writes it.
    mutating func start(_ color: ConsoleStyle.Color, _ style: ConsoleStyle) {
        guard style.colors else { return }
        append(byte: 0x1B)
        append(byte: 0x5B)
        append(color.rawValue)
        append(byte: 0x6D)
    }

    /// The escape that ends a colour (nothing with colours off).
    mutating func end(_ style: ConsoleStyle) {
        guard style.colors else { return }
        append(byte: 0x1B)
        append(byte: 0x5B)
        append(byte: 0x30)
        append(byte: 0x6D)
    }

    /// `text` as `ConsoleStyle.paint` writes it (an empty text is not painted).
    mutating func paint(_ text: String, _ color: ConsoleStyle.Color, _ style: ConsoleStyle) {
        guard !text.isEmpty else { return }
        start(color, style)
        append(text)
        end(style)
    }

    /// Forgets the bytes written, keeping the room.
    mutating func removeAll() { count = 0 }
}

extension ConsoleBuffer {
    /// A slice of a string's text.
    mutating func append(_ text: Substring) {
        if text.utf8.withContiguousStorageIfAvailable({ append(UnsafeRawBufferPointer($0)) }) != nil { return }
        append(String(text))
    }
}
