import Messages

extension SnippetLibrary {
    /// The library as one Swift file: a World and a step library whose steps are grouped by keyword (Given, When,
    /// Then, then steps of no keyword), each with the steps it was made for in a comment, each pending.
    /// `world`: the World type to bind to (one of the user's), or nil for a World declared in the file.
    func swiftFile(name: String, world: String?, writer: SnippetWriter, header: String) -> String {
        let worldType = world ?? "\(name)World"
        var out = "// \(header)\n"
        out += "// \(entries.count) snippet(s) for \(entries.reduce(0) { $0 + $1.steps.count }) distinct undefined step(s)"
        out += unresolved.isEmpty ? ".\n" : "; \(unresolved.count) left without one (listed at the end).\n"
        out += "// Add this file to the target of your step libraries and list \(name) with them (or paste the steps into\n"
        out += "// a library of yours); every step then runs as pending until you write it.\n"
        out += "import SpecRun\n\n"
        if world == nil {
            out += "/// The scenario's state for these steps: a fresh instance for every scenario.\n"
            out += "final class \(worldType): World {\n    required init() {}\n}\n\n"
        }
        out += "enum \(name): StepLibrary {\n"
        out += "    static func register(_ steps: inout Steps<\(worldType)>) {\n"
        var first = true
        for keyword in ["given", "when", "then", "step"] {
            let group = entries.filter { $0.keyword == keyword }
            guard !group.isEmpty else { continue }
            out += (first ? "" : "\n") + "        // MARK: \(keyword == "step" ? "Steps of no keyword (*)" : keyword.capitalized)\n"
            first = false
            for entry in group {
                out += "\n"
                for step in entry.steps.prefix(3) {
                    out += "        // \(step.location.isEmpty ? "" : step.location + ": ")\(Self.comment(step.text))\n"
                }
                if entry.steps.count > 3 { out += "        // … and \(entry.steps.count - 3) more\n" }
                let code = writer.code(
                    keyword: entry.keyword, expression: entry.expression, parameterTypes: entry.parameterTypes,
                    argument: Self.argument(entry))
                out += code.split(separator: "\n", omittingEmptySubsequences: false).map { "        " + $0 }.joined(separator: "\n") + "\n"
            }
        }
        out += "    }\n}\n"
        if !unresolved.isEmpty {
            out += "\n// No snippet of their own: the same text with and without a doc string or table (one definition cannot\n"
            out += "// take both), or every expression for it also matches another step. Write these by hand:\n"
            for step in unresolved {
                let argument = step.hasDocString ? " (with a doc string)" : step.hasDataTable ? " (with a table)" : ""
                out += "// \(step.location.isEmpty ? "" : step.location + ": ")\(Self.comment(step.text))\(argument)\n"
            }
        }
        return out
    }

    /// A step text on one comment line.
    static func comment(_ text: String) -> String {
        text.replacingOccurrences(of: "\r", with: " ").replacingOccurrences(of: "\n", with: " ")
    }

    private static func argument(_ entry: Entry) -> PickleStepArgument? {
        if entry.hasDocString { return PickleStepArgument(docString: PickleDocString(content: "")) }
        if entry.hasDataTable { return PickleStepArgument(dataTable: PickleTable(rows: [])) }
        return nil
    }
}
