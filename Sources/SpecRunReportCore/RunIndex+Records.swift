import Messages

// Small records the run index keeps instead of whole messages.

/// The suggested snippet codes of one pickle step, by number (`SnippetCodes`): almost always one, kept without an
/// array.
enum SuggestedCodes {
    case one(Int32)
    case many([Int32])

    func adding(_ code: Int32) -> SuggestedCodes {
        switch self {
        case .one(let first): return .many([first, code])
        case .many(let codes): return .many(codes + [code])
        }
    }

    /// Each number in the order the suggestions came.
    func forEach(_ body: (Int32) -> Void) {
        switch self {
        case .one(let code): body(code)
        case .many(let codes): codes.forEach(body)
        }
    }
}

/// A test case as the index keeps it (match arguments reduced, see `Compaction.reduced`), with its place in the
/// planned order. A class: attempts point at it, and a test case sent again updates it in place.
package final class CaseRecord {
    #if DEBUG  // exclusivity checked in tests; unchecked in release: read for every step result and step line (callgrind, docs/PERFORMANCE.md)
    package var testCase: TestCase { didSet { positions = Self.positions(of: testCase) } }
    #else
    @exclusivity(unchecked) package var testCase: TestCase { didSet { positions = Self.positions(of: testCase) } }
    #endif
    package let order: Int
    /// The slot of its pickle in the index, when the pickle came before it; -1 otherwise.
    package var pickleSlot: Int32 = -1
    /// The position of each test step by id, only for a long test case (a short one is scanned).
    private var positions: IdTable<Int32>?

    init(testCase: TestCase, order: Int) {
        self.testCase = testCase
        self.order = order
        positions = Self.positions(of: testCase)
    }

    private static func positions(of testCase: TestCase) -> IdTable<Int32>? {
        guard testCase.testSteps.count > 32 else { return nil }
        var table = IdTable<Int32>(minimumCapacity: testCase.testSteps.count)
        for (position, step) in testCase.testSteps.enumerated() where table[id: step.id] == nil {
            table[id: step.id] = Int32(position)
        }
        return table
    }

    /// The position of a test step, looked for from `hint` on (steps finish in order: the next one is almost
    /// always the one), then from the start; looked up in a table for a long test case.
    func position(of testStepId: String, from hint: Int) -> Int? {
        if let positions { return positions[id: testStepId].map(Int.init) }
        let steps = testCase.testSteps
        if hint < steps.count, let found = steps[hint...].firstIndex(where: { $0.id == testStepId }) { return found }
        return steps.prefix(min(hint, steps.count)).firstIndex { $0.id == testStepId }
    }
}

/// What a report prints of a step: its keyword (from the Gherkin step), text and argument (from the pickle step)
/// and line, found with one lookup of each.
package struct StepText {
    package let keyword: String
    package let text: String
    package let line: Int?
    package let argument: PickleStepArgument?
    /// The columns of keyword and text on a terminal (`TerminalText.width`).
    package let width: Int

    init(keyword: String, text: String, line: Int?, argument: PickleStepArgument?) {
        self.keyword = keyword
        self.text = text
        self.line = line
        self.argument = argument
        width = TerminalText.width(keyword) + TerminalText.width(text)
    }
}

/// Steps with the same text matched by the same definition have the same match arguments. The same text is the
/// same bytes (`IdKey`): the arguments are offsets into the text, which differ between two canonically equivalent
/// spellings.
struct ArgumentsKey: Hashable {
    let text: IdKey
    let definitionId: IdKey

    init(text: String, definitionId: String) {
        self.text = IdKey(text)
        self.definitionId = IdKey(definitionId)
    }
}

/// Where a pickle step is: its pickle's slot in the index and its position there.
package struct PickleStepPlace {
    let slot: Int32
    let position: Int32

    package init(slot: Int32, position: Int32) {
        self.slot = slot
        self.position = position
    }
}
