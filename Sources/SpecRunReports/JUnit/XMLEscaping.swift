enum XML {
    /// An attribute value between double quotes.
    static func attribute(_ text: String) -> String {
        var result = ""
        result.reserveCapacity(text.utf8.count)
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": result += "&amp;"
            case "<": result += "&lt;"
            case ">": result += "&gt;"
            case "\"": result += "&quot;"
            default: result.unicodeScalars.append(legal(scalar))
            }
        }
        return result
    }

    /// A CDATA section; `]]>` inside the text splits the section so it survives.
    static func cdata(_ text: String) -> String {
        var clean = String.UnicodeScalarView()
        clean.append(contentsOf: text.unicodeScalars.map(legal))
        return "<![CDATA[" + String(clean).replacingOccurrences(of: "]]>", with: "]]]]><![CDATA[>") + "]]>"
    }

    /// XML 1.0 forbids most control characters, even as references: they become U+FFFD.
    static func legal(_ scalar: Unicode.Scalar) -> Unicode.Scalar {
        switch scalar.value {
        case 0x9, 0xA, 0xD, 0x20...0xD7FF, 0xE000...0xFFFD, 0x10000...0x10FFFF: return scalar
        default: return "\u{FFFD}"
        }
    }
}
