import Messages
import SpecRunReportCore

/// ANSI colours for the console formats; plain text when colours are off.
struct ConsoleStyle {
    let colors: Bool

    enum Color: String {
        case green = "32", red = "31", yellow = "33", magenta = "35", cyan = "36", grey = "90", bold = "1", blue = "34"
    }

    func paint(_ text: String, _ color: Color) -> String {
        guard colors, !text.isEmpty else { return text }
        return "\u{1B}[\(color.rawValue)m\(text)\u{1B}[0m"
    }

    func paint(_ text: String, _ status: TestStepResultStatus) -> String { paint(text, Self.color(status)) }

    /// The escape that starts a colour ("" with colours off): for appending painted pieces without temporaries.
    func start(_ color: Color) -> String { colors ? "\u{1B}[\(color.rawValue)m" : "" }

    /// The escape that ends a colour ("" with colours off).
    var end: String { colors ? "\u{1B}[0m" : "" }

    static func color(_ status: TestStepResultStatus) -> Color {
        switch status {
        case .passed: return .green
        case .failed: return .red
        case .pending, .undefined: return .yellow
        case .ambiguous: return .magenta
        case .skipped: return .cyan
        case .unknown: return .grey
        }
    }

    static func symbol(_ status: TestStepResultStatus) -> String {
        switch status {
        case .passed: return "✔"
        case .failed: return "✘"
        case .skipped: return "↷"
        case .pending: return "■"
        case .undefined: return "■"
        case .ambiguous: return "✘"
        case .unknown: return "?"
        }
    }

    static func progressCharacter(_ status: TestStepResultStatus) -> String {
        switch status {
        case .passed: return "."
        case .failed: return "F"
        case .undefined: return "U"
        case .pending: return "P"
        case .ambiguous: return "A"
        case .skipped: return "-"
        case .unknown: return "?"
        }
    }
}
