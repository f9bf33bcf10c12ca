import Foundation
import Messages

extension CompactEnvelope {
    /// The ids a worker's compact lines named last: every step line of a test case names its attempt, and a step's
    /// finish names the step its start named. Named again, an id is the string made the first time — one heap
    /// string an attempt and a step instead of one a line (30 a scenario, each freed by another thread) — and
    /// equal ids then compare by their storage.
    struct RecentIds {
        private var attempt = Known()
        private var step = Known()

        /// The next field, the id of an attempt (a testCaseStarted).
        mutating func attempt(_ reader: inout FieldReader) -> String? {
            attempt.recall(reader.bytes())
        }

        /// The next field, the id of a test step.
        mutating func step(_ reader: inout FieldReader) -> String? {
            step.recall(reader.bytes())
        }

        /// An id and its bytes, held as the first and the last eight (they overlap below 16 bytes): an id of 8 to
        /// 16 bytes (a generated one has 15) is compared with two loads instead of a call to `memcmp` on a copy of
        /// the string's bytes.
        private struct Known {
            var text = ""
            var count = -1
            var first: UInt64 = 0
            var last: UInt64 = 0

            mutating func recall(_ field: UnsafeBufferPointer<UInt8>?) -> String? {
                guard let field, let bytes = field.baseAddress else { return nil }
                let count = field.count
                if count >= 8 && count <= 16 {
                    let first = UnsafeRawPointer(bytes).loadUnaligned(as: UInt64.self)
                    let last = UnsafeRawPointer(bytes + (count &- 8)).loadUnaligned(as: UInt64.self)
                    if count == self.count && first == self.first && last == self.last { return text }
                    self.count = count
                    self.first = first
                    self.last = last
                } else {
                    let same = count == self.count && text.utf8.withContiguousStorageIfAvailable { known in
                        known.count == count && memcmp(known.baseAddress!, bytes, count) == 0
                    } ?? false
                    if same { return text }
                    self.count = count
                }
                text = ShortASCII.string(field)
                return text
            }
        }
    }
}
