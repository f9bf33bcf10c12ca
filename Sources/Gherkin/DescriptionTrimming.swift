/// Which trailing lines of a description are dropped. The reference implementations disagree: the Python
/// reference (gherkin-official, whose output the conformance corpus holds) drops only empty lines; the
/// JavaScript and Java ones also drop lines of blanks, and so does the Cucumber Compatibility Kit, whose
/// messages come from cucumber-js.
public enum DescriptionTrimming: Sendable, Equatable {
    /// Only empty lines: exactly the Python reference (`specrun gherkin`, the conformance corpus).
    case emptyLines
    /// Empty lines and lines of blanks: as cucumber-js and cucumber-jvm (the Compatibility Kit).
    case blankLines

    /// Whether `line` is dropped when it ends a description.
    func drops(_ line: String) -> Bool {
        switch self {
        case .emptyLines: line.isEmpty
        case .blankLines: line.unicodeScalars.allSatisfy(Self.isJavaScriptBlank)
        }
    }

    /// JavaScript's `\s`, which the JavaScript reference trims with.
    private static func isJavaScriptBlank(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x09...0x0D, 0x20, 0xA0, 0x1680, 0x2000...0x200A, 0x2028, 0x2029, 0x202F, 0x205F, 0x3000, 0xFEFF: true
        default: false
        }
    }
}
