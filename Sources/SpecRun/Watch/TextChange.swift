/// The lines of a file's new text that differ from its old text: what lies between their common first and last
/// lines (a save changes one place, usually); a text with no old one is new as a whole.
enum TextChange {
    static func record(_ path: String, old: String?, new: String, into changed: inout ChangedLines) {
        guard let old else {
            changed.wholeFiles.insert(path)
            return
        }
        let before = old.split(separator: "\n", omittingEmptySubsequences: false)
        let after = new.split(separator: "\n", omittingEmptySubsequences: false)
        guard before != after else { return }
        var head = 0
        while head < before.count, head < after.count, before[head] == after[head] { head += 1 }
        var tail = 0
        while tail < before.count - head, tail < after.count - head, before[before.count - 1 - tail] == after[after.count - 1 - tail] {
            tail += 1
        }
        var lines = changed.lines[path] ?? []
        let first = head + 1
        let last = after.count - tail
        if last < first {
            // Lines only removed: the lines on both sides of where they were.
            lines.insert(max(1, head))
            lines.insert(head + 1)
        } else {
            for line in first...last { lines.insert(line) }
        }
        changed.lines[path] = lines
    }
}
