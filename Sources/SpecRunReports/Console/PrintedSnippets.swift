import SpecRunReportCore

/// The snippets a console printed under undefined steps, by their number in the run index (`SnippetCodes`): the
/// closing section lists only the others, and none at all when every one suggested was printed.
struct PrintedSnippets {
    private var printed: [Bool] = []
    /// How many distinct snippets were printed.
    private(set) var count = 0

    /// Notes a snippet as printed; true when it was not before.
    @discardableResult
    mutating func insert(_ number: Int32) -> Bool {
        let slot = Int(number)
        guard slot >= 0 else { return false }
        if slot >= printed.count { printed.append(contentsOf: repeatElement(false, count: slot + 1 - printed.count)) }
        if printed[slot] { return false }
        printed[slot] = true
        count += 1
        return true
    }

    func contains(_ number: Int32) -> Bool {
        let slot = Int(number)
        return slot >= 0 && slot < printed.count && printed[slot]
    }
}
