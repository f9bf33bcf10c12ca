/// The lines of each file that changed since a git ref, read from `git diff -U0` (paths relative to the
/// repository's top): the added or changed lines of the file as it is now; a deleted line marks the lines on both
/// sides of where it was; a new file (untracked, or added) changed as a whole.
struct ChangedLines: Equatable {
    /// By path relative to the repository's top.
    var lines: [String: Set<Int>] = [:]
    /// Files that changed as a whole (new since the ref).
    var wholeFiles: Set<String> = []

    func changed(_ path: String) -> Bool { wholeFiles.contains(path) || lines[path] != nil }

    /// The changed lines of `path` among `range` (every line of a whole file).
    func changedLines(of path: String, in range: ClosedRange<Int>) -> [Int] {
        if wholeFiles.contains(path) { return [range.lowerBound] }
        return (lines[path] ?? []).filter(range.contains).sorted()
    }

    /// Reads the output of `git diff -U0 --no-color --no-ext-diff --no-renames REF`.
    static func parse(diff: String) -> ChangedLines {
        var result = ChangedLines()
        var current: String?
        var oldPathWasNull = false
        for line in diff.split(separator: "\n", omittingEmptySubsequences: false) {
            if line.hasPrefix("--- ") {
                oldPathWasNull = line == "--- /dev/null"
            } else if line.hasPrefix("+++ ") {
                let path = line.dropFirst(4)
                if path == "/dev/null" {
                    current = nil
                } else {
                    current = String(path.hasPrefix("b/") ? path.dropFirst(2) : path)
                    if oldPathWasNull, let current { result.wholeFiles.insert(current) }
                }
            } else if line.hasPrefix("@@ "), let path = current {
                guard let range = newRange(line) else { continue }
                var lines = result.lines[path] ?? []
                if range.count == 0 {
                    lines.insert(max(1, range.start))
                    lines.insert(range.start + 1)
                } else {
                    for number in range.start..<(range.start + range.count) { lines.insert(number) }
                }
                result.lines[path] = lines
            }
        }
        return result
    }

    /// `+c[,d]` of a hunk header `@@ -a[,b] +c[,d] @@`.
    private static func newRange(_ header: Substring) -> (start: Int, count: Int)? {
        guard let plus = header.split(separator: " ").first(where: { $0.hasPrefix("+") }) else { return nil }
        let parts = plus.dropFirst().split(separator: ",")
        guard let start = parts.first.flatMap({ Int($0) }) else { return nil }
        let count = parts.count > 1 ? Int(parts[1]) ?? 1 : 1
        return (start, count)
    }
}
