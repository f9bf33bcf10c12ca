import Foundation

/// A step closure's values, converted once for a step text whose match values are the same at every run and
/// handed to every run of it: no `ArgumentCursor`, no cast per value, no `[RawArgument]` per step.
/// Only for parameters of plain value types (a conversion to one runs no user code, and a step cannot change a
/// value another run will see): a class, or a type whose `init(_ text:)` the user wrote, is converted at each run.
// @unchecked: made only for the plain value types below (`arePlainValues`), never changed
final class PreparedArguments<each A>: @unchecked Sendable {
    let values: (repeat each A)

    init(_ values: repeat each A) {
        self.values = (repeat each values)
    }

    /// Whether every parameter type is one of the plain value types.
    static func arePlainValues() -> Bool {
        for type in repeat (each A).self {
            if !plainValueTypes.contains(ObjectIdentifier(type)) { return false }
        }
        return true
    }
}

/// The standard library's values a step closure takes from a match.
private let plainValueTypes: Set<ObjectIdentifier> = [
    ObjectIdentifier(String.self), ObjectIdentifier(Substring.self), ObjectIdentifier(Character.self),
    ObjectIdentifier(Bool.self), ObjectIdentifier(Int.self), ObjectIdentifier(Int8.self), ObjectIdentifier(Int16.self),
    ObjectIdentifier(Int32.self), ObjectIdentifier(Int64.self), ObjectIdentifier(UInt.self), ObjectIdentifier(UInt8.self),
    ObjectIdentifier(UInt16.self), ObjectIdentifier(UInt32.self), ObjectIdentifier(UInt64.self),
    ObjectIdentifier(Double.self), ObjectIdentifier(Float.self), ObjectIdentifier(Decimal.self),
    ObjectIdentifier(String?.self), ObjectIdentifier(Int?.self), ObjectIdentifier(Double?.self),
]
