/// The snippet codes a run suggested, each distinct code once, numbered in the order it first came. The index keeps
/// a step's suggestions as these numbers (a first run suggests the same few snippets for thousands of steps), and
/// the console notes by number which it printed. An empty code gets no number (`none`).
struct SnippetCodes {
    /// The number standing for a suggestion without a code.
    static let none: Int32 = -1

    private(set) var codes: [String] = []
    /// Hashed as ids are (`IdKey`): one lookup per undefined step of the run.
    private var numbers: IdTable<Int32> = [:]

    /// How many distinct codes came.
    var count: Int { codes.count }

    /// The code of a number (`none`: "").
    subscript(number: Int32) -> String { number < 0 ? "" : codes[Int(number)] }

    /// The number of `code`, given it when it is new.
    mutating func number(of code: String) -> Int32 {
        if code.isEmpty { return Self.none }
        if let known = numbers[id: code] { return known }
        let number = Int32(codes.count)
        codes.append(code)
        numbers[id: code] = number
        return number
    }
}
