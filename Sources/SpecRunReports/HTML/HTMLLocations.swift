/// The `file:line` of step definitions and hooks, each written once in the report's `locations` and referred to
/// by number from the steps (50,000 scenarios repeat a few hundred locations 200,000 times).
final class HTMLLocations {
    private(set) var texts: [String] = []
    private var numbers: [String: Int] = [:]

    func number(_ text: String) -> Int {
        if let known = numbers[text] { return known }
        numbers[text] = texts.count
        texts.append(text)
        return texts.count - 1
    }
}
