/// Run paths (`PATH[:LINE…]`) merged in order, each file once, its lines once: `a:3` and `a:7:3` make `a:3:7`;
/// a whole file wins over its lines.
enum RunPaths {
    static func merge(_ paths: [String]) -> [String] {
        var order: [String] = []
        var lines: [String: [Int]?] = [:]
        for path in paths {
            let (file, numbers) = split(path)
            if lines[file] == nil { order.append(file) }
            if numbers.isEmpty {
                lines[file] = .some(nil)
            } else if case .some(.some(let known)) = lines[file] {
                lines[file] = .some(known + numbers.filter { !known.contains($0) })
            } else if lines[file] == nil {
                var unique: [Int] = []
                for number in numbers where !unique.contains(number) { unique.append(number) }
                lines[file] = .some(unique)
            }
        }
        return order.map { file in
            guard case .some(.some(let numbers)) = lines[file] else { return file }
            return ([file] + numbers.map(String.init)).joined(separator: ":")
        }
    }

    /// `path` without the scenarios `paths` name (nil when none is left): `a:2:5` less `a:5` is `a:2`; a whole
    /// file less some of its lines stays whole (its other scenarios are not listed).
    static func subtract(_ paths: [String], from path: String) -> String? {
        let (file, lines) = split(path)
        var removed: [Int] = []
        for other in paths {
            let (otherFile, otherLines) = split(other)
            guard otherFile == file else { continue }
            if otherLines.isEmpty { return nil }
            removed += otherLines
        }
        guard !lines.isEmpty else { return path }
        let left = lines.filter { !removed.contains($0) }
        return left.isEmpty ? nil : ([file] + left.map(String.init)).joined(separator: ":")
    }

    static func split(_ path: String) -> (file: String, lines: [Int]) {
        var parts = path.split(separator: ":", omittingEmptySubsequences: false).map(String.init)
        var numbers: [Int] = []
        while parts.count > 1, let number = Int(parts[parts.count - 1]) {
            numbers.insert(number, at: 0)
            parts.removeLast()
        }
        return (parts.joined(separator: ":"), numbers)
    }
}
