import Foundation

/// An `html-site` folder holds only this run's pages: the feature pages an earlier, larger run wrote there are
/// removed once this run's are in place, so that no page with old results stays reachable. Only files specrun
/// wrote are removed: a regular file (not a link, not a folder) under `features/`, named as specrun names its
/// pages (`0042.html`), whose head is that of a specrun feature page. Anything else in the folder is left alone.
extension HTMLSiteFormatter {
    /// What a feature page of a site starts with (`HTMLPage.writeSitePage`): both marks are in its first bytes.
    static let pageMarks = ["<meta name=\"generator\" content=\"specrun\">", "<p class=\"site-back\""]

    /// Removes the stale pages of `folder/features/` (those not in `written`, e.g. `features/0007.html`); returns
    /// their names.
    @discardableResult
    static func removeStalePages(in folder: String, keeping written: Set<String>) -> [String] {
        let files = FileManager.default
        let pages = folder + "/features"
        guard let names = try? files.contentsOfDirectory(atPath: pages) else { return [] }
        var removed: [String] = []
        for name in names.sorted() where isPageName(name) && !written.contains("features/" + name) {
            let path = pages + "/" + name
            guard (try? files.attributesOfItem(atPath: path)[.type] as? FileAttributeType) == .typeRegular,
                isSpecRunPage(path)
            else { continue }
            if unlink(path) == 0 { removed.append("features/" + name) }
        }
        return removed
    }

    /// `0000.html`, `12345.html`: four digits or more.
    static func isPageName(_ name: String) -> Bool {
        guard name.hasSuffix(".html") else { return false }
        let stem = name.dropLast(5)
        return stem.count >= 4 && stem.allSatisfy { $0.isASCII && $0.isNumber }
    }

    private static func isSpecRunPage(_ path: String) -> Bool {
        guard let handle = FileHandle(forReadingAtPath: path) else { return false }
        defer { try? handle.close() }
        guard let head = try? handle.read(upToCount: 65_536) else { return false }
        let text = String(decoding: head, as: UTF8.self)
        return pageMarks.allSatisfy(text.contains)
    }
}
