import Messages
import SpecRunReportCore

/// The `file:line` of step definitions and hooks, each written once in the report's `locations` and referred to
/// by number from the steps (50,000 scenarios repeat a few hundred locations 200,000 times).
final class HTMLLocations {
    private(set) var texts: [String] = []
    private var numbers: [String: Int] = [:]
    /// The number of each step definition's location by definition id (-1: it has none), found once.
    private var definitionNumbers: IdTable<Int> = [:]

    func number(_ text: String) -> Int {
        if let known = numbers[text] { return known }
        numbers[text] = texts.count
        texts.append(text)
        return texts.count - 1
    }

    /// The number of the location of the single step definition a test step matched (`RunIndex.definitionLocation`).
    /// The step is read in place (see `HTMLModel.step`).
    func number(definitionOf step: UnsafePointer<TestStep>, in index: RunIndex) -> Int? {
        guard step.pointee.stepDefinitionIds?.count == 1 else { return nil }
        let id = step.pointee.stepDefinitionIds![0]
        if let known = definitionNumbers[id: id] { return known < 0 ? nil : known }
        let found = index.definitionLocation(of: step.pointee).map(number) ?? -1
        definitionNumbers[id: id] = found
        return found < 0 ? nil : found
    }
}
