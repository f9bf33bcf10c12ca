import Foundation

/// Reads story documents (Markdown) into stories and acceptance criteria. Every reader of a shape runs over every
/// document (one document may hold stories and use cases, as the Quiz one); a document in which none finds a
/// criterion gets a warning naming it; so does an id given twice (`duplicates`, `DocumentId`).
public enum RequirementsReader {
    /// The stories of one document's text; `uri` is the path shown in locations.
    public static func read(text: String, uri: String) -> RequirementsSet {
        document(text: text, uri: uri).set
    }

    /// A document's stories and the prefix of its derived ids (with where it is given), for the folder's ids given twice.
    static func document(text: String, uri: String) -> (set: RequirementsSet, documentId: DocumentId) {
        let document = MarkdownLines(text: text, uri: uri)
        let prefix = IdRules.prefix(of: document)
        var set = RequirementsSet()
        set.append(FencedStoryReader(document: document, prefix: prefix).read())
        set.append(NumberedCriteriaReader(document: document, prefix: prefix).read())
        set.append(UseCaseReader(document: document, prefix: prefix).read())
        set.stories.sort { $0.line < $1.line }
        // The readers' warnings in the document's order (an id line's warnings wait for its block's end).
        set.warnings = set.warnings.enumerated().sorted { ($0.element.line, $0.offset) < ($1.element.line, $1.offset) }.map(\.element)
        // An id is a tag: a space in one the document gives (`Story Id: CUS 032`) becomes a `-`.
        for s in set.stories.indices {
            set.stories[s].id = String(IdRules.tag(set.stories[s].id).dropFirst())
            for c in set.stories[s].criteria.indices {
                set.stories[s].criteria[c].id = String(IdRules.tag(set.stories[s].criteria[c].id).dropFirst())
            }
        }
        GateMarks.apply(to: &set, document: document)
        if set.stories.isEmpty {
            set.warnings.append(
                ReaderWarning(
                    uri: uri, line: 1,
                    message: "\(uri) has no acceptance criteria specrun can read "
                        + "(expected fenced Given/When/Then blocks, numbered 'Criteria Id' sections or use cases with courses)"))
        }
        set.warnings += duplicates(in: set.stories)
        return (set, DocumentId(document, stories: set.stories))
    }

    /// One document file; `uri` defaults to the path as given. `unreadable`: why a path gives no document's bytes,
    /// with what to do (a FIFO, a device, no permission), nil when it can be read: the caller's words.
    public static func read(file path: String, uri: String? = nil, unreadable: (String) -> String? = { _ in nil }) throws -> RequirementsSet
    {
        try document(file: path, uri: uri, unreadable: unreadable).set
    }

    static func document(
        file path: String, uri: String? = nil, unreadable: (String) -> String? = { _ in nil }
    ) throws -> (set: RequirementsSet, documentId: DocumentId) {
        let data: Data
        do {
            // Asked first: a FIFO is not opened (it would wait for a writer, or be refused as "Permission denied").
            if let why = unreadable(path) { throw RequirementsError(message: why) }
            data = try Data(contentsOf: URL(fileURLWithPath: path))
        } catch {
            let why = (error as? RequirementsError)?.message ?? Self.reason(error)
            throw RequirementsError(message: "\(uri ?? path):1:1: cannot read the document (\(why))")
        }
        guard let text = String(data: data, encoding: .utf8) else {
            throw RequirementsError(message: "\(uri ?? path):1:1: not UTF-8 text (save the document as UTF-8)")
        }
        return document(text: text, uri: uri ?? path)
    }

    /// Every `.md` document under a folder (recursively, in path order; `.feature.md` files are Gherkin, not
    /// story documents; a folder named `….md` is a folder, its documents read), with uris as `folder/…`. `unreadable`: as for a file.
    public static func read(folder: String, unreadable: (String) -> String? = { _ in nil }) throws -> RequirementsSet {
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: folder, isDirectory: &isFolder), isFolder.boolValue else {
            throw RequirementsError(message: "\(folder): no such folder (give --requirements an existing folder of story documents)")
        }
        let base = folder.hasSuffix("/") ? String(folder.dropLast()) : folder
        let paths = (FileManager.default.enumerator(atPath: base)?.allObjects as? [String] ?? [])
            .filter { $0.hasSuffix(".md") && !$0.hasSuffix(".feature.md") && !Self.isFolder(base + "/" + $0) }
            .sorted()
        var set = RequirementsSet()
        var documentIds: [DocumentId] = []
        for path in paths {
            let document = try document(file: base + "/" + path, unreadable: unreadable)
            set.append(document.set)
            documentIds.append(document.documentId)
        }
        let shared = DocumentId.shared(documentIds)
        set.warnings += shared.warnings
        // Ids derived from a shared prefix are the same in both documents: its warning says so, once.
        let explained = { (a: String, b: String) in shared.uris.contains(a) && shared.uris.contains(b) && a != b }
        set.warnings += duplicates(in: set.stories, explained: explained).filter { !set.warnings.contains($0) }
        return set
    }

    private static func isFolder(_ path: String) -> Bool {
        var isFolder: ObjCBool = false
        return FileManager.default.fileExists(atPath: path, isDirectory: &isFolder) && isFolder.boolValue
    }

    /// Foundation's reason (its POSIX error's words: "Permission denied", not "You don't have permission.").
    private static func reason(_ error: any Error) -> String {
        ((error as NSError).userInfo[NSUnderlyingErrorKey] as? NSError)?.localizedDescription ?? error.localizedDescription
    }

    /// A criterion id used twice: coverage could not tell them apart; a story id two documents give, too.
    /// `explained`: two documents' derived ids the same for a reason already warned about.
    static func duplicates(in stories: [Story], explained: (String, String) -> Bool = { _, _ in false }) -> [ReaderWarning] {
        var seen: [String: Criterion] = [:]
        var seenStories: [String: Story] = [:]
        var warnings: [ReaderWarning] = []
        for story in stories {
            if let first = seenStories[story.id] {
                if first.uri != story.uri, !(first.derived && story.derived && explained(first.uri, story.uri)) {
                    warnings.append(
                        ReaderWarning(
                            uri: story.uri, line: story.line,
                            message: "story id \(story.id) is also at \(first.uri):\(first.line) (give each story its own id)"))
                }
            } else {
                seenStories[story.id] = story
            }
        }
        for criterion in stories.flatMap(\.criteria) {
            if let first = seen[criterion.id], first.derived && criterion.derived && explained(first.uri, criterion.uri) {
                continue
            } else if let first = seen[criterion.id] {
                warnings.append(
                    ReaderWarning(
                        uri: criterion.uri, line: criterion.line,
                        message: "criterion id \(criterion.id) is also at \(first.uri):\(first.line) (give each criterion its own id)"))
            } else {
                seen[criterion.id] = criterion
            }
        }
        return warnings
    }
}

/// A requirements folder or document that cannot be read: `path:line:col: message (what to do)`.
public struct RequirementsError: Error, CustomStringConvertible, Sendable {
    public let message: String
    public var description: String { message }
}
