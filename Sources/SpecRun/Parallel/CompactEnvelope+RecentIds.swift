import Foundation

extension CompactEnvelope {
    /// The ids a worker's compact lines named last: every step line of a test case names its attempt, and a step's
    /// finish names the step its start named. Named again, an id is the string made the first time — one heap
    /// string an attempt and a step instead of one a line (30 a scenario, each freed by another thread) — and
    /// equal ids then compare by their storage.
    struct RecentIds {
        private var attempt = ""
        private var step = ""

        /// The next field, the id of an attempt (a testCaseStarted).
        mutating func attempt<C>(_ reader: inout FieldReader<C>) -> String? {
            Self.recall(reader.bytes(), as: &attempt)
        }

        /// The next field, the id of a test step.
        mutating func step<C>(_ reader: inout FieldReader<C>) -> String? {
            Self.recall(reader.bytes(), as: &step)
        }

        private static func recall<Field: Collection>(_ field: Field?, as known: inout String) -> String? where Field.Element == UInt8 {
            guard let field else { return nil }
            let same = field.withContiguousStorageIfAvailable { bytes in
                known.utf8.withContiguousStorageIfAvailable { knownBytes in
                    knownBytes.count == bytes.count
                        && memcmp(knownBytes.baseAddress!, bytes.baseAddress!, bytes.count) == 0
                } ?? false
            } ?? false
            if !same { known = String(decoding: field, as: UTF8.self) }
            return known
        }
    }
}
