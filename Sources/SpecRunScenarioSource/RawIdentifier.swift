/// A name as a Swift raw identifier (`` `Guessing a word, twice` ``, Swift 6.2+) can hold it: backticks,
/// backslashes, line breaks, tabs and other control or format characters become spaces or look-alikes, runs of
/// spaces one, and a name that is empty or all operator characters gets `fallback` after it.
enum RawIdentifier {
    static func sanitized(_ name: String, fallback: String) -> String {
        var text = ""
        for scalar in name.unicodeScalars {
            switch scalar {
            case "`": text.unicodeScalars.append("'")
            case "\\": text.unicodeScalars.append("/")
            default:
                switch scalar.properties.generalCategory {
                case .control, .format, .lineSeparator, .paragraphSeparator, .surrogate, .privateUse, .unassigned:
                    text.unicodeScalars.append(" ")
                case .spaceSeparator:
                    text.unicodeScalars.append(" ")
                default:
                    text.unicodeScalars.append(scalar)
                }
            }
        }
        let words = text.split(separator: " ", omittingEmptySubsequences: true)
        text = words.joined(separator: " ")
        let operators = Set("/=-+!*%<>&|^~?._")
        if text.isEmpty { return fallback }
        if text.allSatisfy(operators.contains) { return text + " " + fallback }
        return text
    }
}
