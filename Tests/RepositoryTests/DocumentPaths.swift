import Foundation

/// The repository paths a Markdown document names: an inline code span that is a path into the repository
/// (`Sources/…`, `docs/…`, `.ci/run`, …) and the target of a relative link (`[cli](cli.md#exit-codes)`, or an
/// HTML `<img src="…">`).
///
/// Skipped: fenced code blocks (commands and examples), URLs, paths outside the repository (`../shared`), and
/// patterns rather than paths — anything with `<`, `>`, `*`, `…`, `{`, `}`, `$` or `?` (`Sources/<Domain>/`,
/// `Supervisor+<Part>.swift`, `shard-*.ndjson`). A code span with a space is a command or a sentence, not a path.
struct DocumentPaths {
    /// A path a document names, repository-relative (a link is resolved from its document's folder).
    struct Reference: Equatable {
        let line: Int
        let path: String
        /// What the document wrote, when it differs from `path` (a relative link, an anchor, a `:LINE` suffix).
        let written: String
    }

    /// The beginnings of a code span that make it a path into this repository.
    static let prefixes = [
        "Sources/", "Tests/", "Specs/", "Features/", "Requirements/", "docs/", "tools/",
        "Benchmarks/", "Plugins/", ".ci/", ".github/",
    ]
    /// Paths the documents name that are not in this repository on purpose, and why.
    static let elsewhere = [
        "Features/example.feature": "the first feature `specrun init` writes into a user's package (docs/in-your-package.md)",
        "Features/drafts": "the folder `specrun import` writes its drafts into by default (docs/requirements.md)",
    ]
    /// Characters that make a name a pattern or a placeholder, not a path.
    static let patternCharacters: Set<Character> = ["<", ">", "*", "…", "{", "}", "$", "?"]

    /// The references of `text`, the document at repository-relative `document` (e.g. `docs/cli.md`).
    static func references(in text: String, document: String) -> [Reference] {
        var references: [Reference] = []
        var fence: String?
        for (index, line) in text.components(separatedBy: "\n").enumerated() {
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            if let open = fence {
                if trimmed.hasPrefix(open) && trimmed.allSatisfy({ $0 == open.first }) { fence = nil }
                continue
            }
            if let marker = fenceMarker(trimmed) { fence = marker; continue }
            let number = index + 1
            let (code, prose) = codeSpans(line)
            for span in code {
                if let path = codePath(span) { references.append(Reference(line: number, path: path, written: span)) }
            }
            for target in linkTargets(prose) {
                if let path = linkPath(target, document: document) {
                    references.append(Reference(line: number, path: path, written: target))
                }
            }
        }
        return references
    }

    /// "```" or "~~~" (three or more) opening a fenced code block, or nil.
    static func fenceMarker(_ trimmed: String) -> String? {
        for mark: Character in ["`", "~"] {
            let run = trimmed.prefix { $0 == mark }
            if run.count >= 3 { return String(run) }
        }
        return nil
    }

    /// The inline code spans of a line, and the line with them blanked out (where links are looked for).
    static func codeSpans(_ line: String) -> (code: [String], prose: String) {
        var code: [String] = []
        var prose = ""
        var rest = Substring(line)
        while let start = rest.firstIndex(of: "`") {
            prose += rest[..<start]
            let ticks = rest[start...].prefix { $0 == "`" }
            let afterTicks = rest[ticks.endIndex...]
            guard let close = afterTicks.range(of: String(ticks)) else {
                prose += rest[start...]
                return (code, prose)
            }
            code.append(afterTicks[..<close.lowerBound].trimmingCharacters(in: .whitespaces))
            prose += " "
            rest = afterTicks[close.upperBound...]
        }
        prose += rest
        return (code, prose)
    }

    /// The targets of the inline links and images (`[text](target "title")`), raw HTML's `src` and `href`, and link
    /// definitions (`[x]: target`).
    static func linkTargets(_ prose: String) -> [String] {
        var targets: [String] = []
        var rest = Substring(prose)
        while let open = rest.range(of: "](") {
            var depth = 1
            var end = open.upperBound
            while end < rest.endIndex {
                if rest[end] == "(" { depth += 1 }
                if rest[end] == ")" { depth -= 1; if depth == 0 { break } }
                end = rest.index(after: end)
            }
            var target = rest[open.upperBound..<end].trimmingCharacters(in: .whitespaces)
            if target.hasPrefix("<"), let close = target.firstIndex(of: ">") {
                target = String(target[target.index(after: target.startIndex)..<close])
            } else if let space = target.firstIndex(of: " ") {
                target = String(target[..<space])  // a title follows
            }
            if !target.isEmpty { targets.append(target) }
            rest = end < rest.endIndex ? rest[rest.index(after: end)...] : rest[end...]
        }
        for attribute in [#" src=""#, #" href=""#] {  // raw HTML: <img src="…">, <a href="…">
            var html = Substring(prose)
            while let start = html.range(of: attribute), let end = html[start.upperBound...].firstIndex(of: "\"") {
                targets.append(String(html[start.upperBound..<end]))
                html = html[html.index(after: end)...]
            }
        }
        let definition = prose.trimmingCharacters(in: .whitespaces)
        if definition.hasPrefix("["), let colon = definition.range(of: "]: ") {
            if let target = definition[colon.upperBound...].split(separator: " ").first { targets.append(String(target)) }
        }
        return targets
    }

    /// The repository path a code span names, without a `:LINE[:COLUMN]` suffix; nil when it names none.
    static func codePath(_ span: String) -> String? {
        guard prefixes.contains(where: span.hasPrefix), !span.contains(where: \.isWhitespace),
            !span.contains(where: patternCharacters.contains)
        else { return nil }
        var path = Substring(span)
        while let colon = path.lastIndex(of: ":"), !path[path.index(after: colon)...].isEmpty,
            path[path.index(after: colon)...].allSatisfy(\.isNumber)
        {
            path = path[..<colon]
        }
        guard !path.contains(":") else { return nil }
        return String(path)
    }

    /// The repository path a link target names, resolved from the document's folder, without `#anchor` or `?query`;
    /// nil for a URL, an anchor of the same document, a pattern, or a path outside the repository.
    static func linkPath(_ target: String, document: String) -> String? {
        guard !target.hasPrefix("#"), !target.contains("://"), !target.hasPrefix("mailto:"),
            !target.contains(where: patternCharacters.contains)
        else { return nil }
        var path = target
        if let anchor = path.firstIndex(where: { $0 == "#" || $0 == "?" }) { path = String(path[..<anchor]) }
        path = path.removingPercentEncoding ?? path
        guard !path.isEmpty else { return nil }
        var parts = path.hasPrefix("/") ? [] : document.split(separator: "/").dropLast().map(String.init)
        for part in path.split(separator: "/") {
            switch part {
            case ".": continue
            case "..":
                guard !parts.isEmpty else { return nil }  // outside the repository
                parts.removeLast()
            default: parts.append(String(part))
            }
        }
        guard !parts.isEmpty else { return nil }
        return parts.joined(separator: "/") + (path.hasSuffix("/") ? "/" : "")
    }

    /// The repository's Markdown documents, repository-relative and sorted: not the story documents (`Features/`,
    /// `Requirements/`), reports, test fixtures or build folders.
    static func documents(under root: URL) -> [String] {
        let skippedAtTop: Set = ["Features", "Requirements", "reports"]
        let skippedAnywhere: Set = ["Fixtures", "node_modules"]
        let rootPath = root.standardizedFileURL.path
        guard let walk = FileManager.default.enumerator(at: root, includingPropertiesForKeys: [.isDirectoryKey]) else { return [] }
        var documents: [String] = []
        for case let url as URL in walk {
            let name = url.lastPathComponent
            if (try? url.resourceValues(forKeys: [.isDirectoryKey]).isDirectory) == true {
                let hidden = name.hasPrefix(".") && name != ".github" && name != ".ci"  // .git, .build, .swiftpm
                let atTop = url.deletingLastPathComponent().standardizedFileURL.path == rootPath
                if hidden || skippedAnywhere.contains(name) || (atTop && skippedAtTop.contains(name)) {
                    walk.skipDescendants()
                }
                continue
            }
            guard name.hasSuffix(".md") else { continue }
            documents.append(String(url.standardizedFileURL.path.dropFirst(rootPath.count + 1)))
        }
        return documents.sorted()
    }
}
