import SpecRunReportCore

/// Console text built as UTF-8 bytes, piece by piece: the pretty console writes a block for every scenario of the
/// run, and appending to a `String` re-checked and regrew it for every piece.
struct ConsoleBuffer {
    private(set) var bytes: [UInt8] = []

    init(capacity: Int = 0) { bytes.reserveCapacity(capacity) }

    mutating func append(_ text: String) {
        // In place (no copy of the string to make it contiguous: native and small strings are).
        if text.utf8.withContiguousStorageIfAvailable({ bytes.append(contentsOf: $0) }) != nil { return }
        var text = text
        text.withUTF8 { bytes.append(contentsOf: $0) }
    }

    mutating func append(byte: UInt8) { bytes.append(byte) }

    /// `count` spaces.
    mutating func appendSpaces(_ count: Int) {
        guard count > 0 else { return }
        // Copied from a row of spaces, a row at a time (a `repeatElement` is appended a byte at a time: a scenario
        // line padded to a 1 MB step's width took a second in a debug build).
        var left = count
        Self.spaces.withUnsafeBufferPointer { row in
            while left > 0 {
                let piece = min(left, row.count)
                bytes.append(contentsOf: UnsafeBufferPointer(rebasing: row[..<piece]))
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
        bytes.append(0x1B)
        bytes.append(0x5B)
        append(color.rawValue)
        bytes.append(0x6D)
    }

    /// The escape that ends a colour (nothing with colours off).
    mutating func end(_ style: ConsoleStyle) {
        guard style.colors else { return }
        bytes.append(0x1B)
        bytes.append(0x5B)
        bytes.append(0x30)
        bytes.append(0x6D)
    }

    /// `text` as `ConsoleStyle.paint` writes it (an empty text is not painted).
    mutating func paint(_ text: String, _ color: ConsoleStyle.Color, _ style: ConsoleStyle) {
        guard !text.isEmpty else { return }
        start(color, style)
        append(text)
        end(style)
    }

    mutating func removeAll() { bytes.removeAll(keepingCapacity: true) }
}

extension ConsoleBuffer {
    /// A slice of a string's text.
    mutating func append(_ text: Substring) {
        if text.utf8.withContiguousStorageIfAvailable({ bytes.append(contentsOf: $0) }) != nil { return }
        append(String(text))
    }
}
