extension ManifestEdit {
    /// The manifest with its comments blanked (`//` to the line's end, `/* … */` nested), each of their characters
    /// but line breaks made a space, so a line keeps its number: a `Package(name: "Fake")` in a comment is no call.
    /// String literals (`"…"`, `"""…"""`) are kept as they are, `//` in a URL included.
    static func withoutComments(_ manifest: String) -> String {
        let characters = Array(manifest)
        var out = characters
        var index = 0
        func starts(_ text: String, at position: Int) -> Bool {
            let pattern = Array(text)
            return position + pattern.count <= characters.count && Array(characters[position..<(position + pattern.count)]) == pattern
        }
        func blank(_ range: Range<Int>) {
            for position in range where characters[position] != "\n" { out[position] = " " }
        }
        while index < characters.count {
            if starts("\"\"\"", at: index) {
                var end = index + 3
                while end < characters.count && !starts("\"\"\"", at: end) { end += characters[end] == "\\" ? 2 : 1 }
                index = min(characters.count, end + 3)
            } else if characters[index] == "\"" {
                var end = index + 1
                while end < characters.count && characters[end] != "\"" && characters[end] != "\n" {
                    end += characters[end] == "\\" ? 2 : 1
                }
                index = min(characters.count, end + 1)
            } else if starts("//", at: index) {
                var end = index
                while end < characters.count && characters[end] != "\n" { end += 1 }
                blank(index..<end)
                index = end
            } else if starts("/*", at: index) {
                var depth = 0
                var end = index
                repeat {
                    if starts("/*", at: end) {
                        depth += 1
                        end += 2
                    } else if starts("*/", at: end) {
                        depth -= 1
                        end += 2
                    } else {
                        end += 1
                    }
                } while depth > 0 && end < characters.count
                blank(index..<min(end, characters.count))
                index = end
            } else {
                index += 1
            }
        }
        return String(out)
    }
}
