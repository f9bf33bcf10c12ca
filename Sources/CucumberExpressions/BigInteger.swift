import Foundation

/// The value of `{biginteger}`: an integer of any size, kept exactly as its decimal digits.
///
/// Swift has no arbitrary-precision integer in the standard library and `Decimal` keeps only
/// 38 significant digits, so the digits are kept as text (normalised: no `+`, no leading zeros).
/// Convert with `int64Value`, `decimalValue` or `description` as needed.
public struct BigInteger: Sendable, Hashable, Comparable, CustomStringConvertible, LosslessStringConvertible {
    /// The normalised digits, with a leading `-` when negative (`"0"` for zero).
    public let description: String

    /// Parses `[+-]?[0-9]+`; returns nil for anything else.
    public init?(_ text: String) {
        var digits = Substring(text)
        var negative = false
        if let sign = digits.first, sign == "-" || sign == "+" {
            negative = sign == "-"
            digits = digits.dropFirst()
        }
        guard !digits.isEmpty, digits.unicodeScalars.allSatisfy({ ("0"..."9").contains($0) }) else { return nil }
        let trimmed = digits.drop { $0 == "0" }
        if trimmed.isEmpty {
            description = "0"
        } else {
            description = (negative ? "-" : "") + trimmed
        }
    }

    public init(_ value: Int64) {
        description = String(value)
    }

    public var isNegative: Bool { description.hasPrefix("-") }

    /// The value when it fits in an `Int64`.
    public var int64Value: Int64? { Int64(description) }

    /// The value as a `Decimal` (exact up to 38 significant digits).
    public var decimalValue: Decimal? { Decimal(string: description, locale: Locale(identifier: "en_US_POSIX")) }

    public static func < (lhs: BigInteger, rhs: BigInteger) -> Bool {
        switch (lhs.isNegative, rhs.isNegative) {
        case (true, false): return true
        case (false, true): return false
        case (false, false): return magnitudeLess(lhs.description, rhs.description)
        case (true, true): return magnitudeLess(String(rhs.description.dropFirst()), String(lhs.description.dropFirst()))
        }
    }

    private static func magnitudeLess(_ lhs: String, _ rhs: String) -> Bool {
        lhs.count != rhs.count ? lhs.count < rhs.count : lhs < rhs
    }
}
