/// The snippet codes a run suggested, each distinct code once, numbered in the order it first came. The index keeps
/// a step's suggestions as these numbers (a first run suggests the same few snippets for thousands of steps), and
/// the console notes by number which it printed. An empty code gets no number (`none`).
package struct SnippetCodes {
    /// The number standing for a suggestion without a code.
    static let none: Int32 = -1

    private(set) var codes: [String] = []
    /// Hashed as ids are (`IdKey`): one lookup per undefined step of the run.
    private var numbers: IdTable<Int32> = [:]

    /// How many distinct codes came.
    package var count: Int { codes.count }

    /// The code of a number (`none`: "").
    package subscript(number: Int32) -> String { number < 0 ? "" : codes[Int(number)] }

    /// The codes numbered last, by where their bytes are: a worker's repeated suggestions share one copy of each
    /// code (`CompactEnvelope.SuggestionLists`), found again by comparing two pointers, without hashing it.
    private var recent = [(code: String, number: Int32)?](repeating: nil, count: 64)

    /// The number of `code`, given it when it is new.
    mutating func number(of code: String) -> Int32 {
        if code.isEmpty { return Self.none }
        let slot = Self.slot(code, count: recent.count)
        // (Equal codes have one number whatever their storage: a slot only saves the hashing.)
        if let slot, let entry = recent[slot], entry.code == code { return entry.number }
        let number: Int32
        if let known = numbers[id: code] {
            number = known
        } else {
            number = Int32(codes.count)
            codes.append(code)
            numbers[id: code] = number
        }
        if let slot { recent[slot] = (code, number) }
        return number
    }

    /// The slot of a code stored apart from the `String` value (over 15 bytes), by the address of its bytes.
    private static func slot(_ code: String, count: Int) -> Int? {
        guard code.utf8.count > 15, let address = code.utf8.withContiguousStorageIfAvailable({ $0.baseAddress }) ?? nil
        else { return nil }
        return Int(bitPattern: UInt(bitPattern: address) >> 4) & (count - 1)
    }
}
