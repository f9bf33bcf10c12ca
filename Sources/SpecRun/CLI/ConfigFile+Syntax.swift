import Foundation

extension ConfigFile {
    /// A config that is not JSON at all, at the line and column where the reader gave up (Foundation names a
    /// UTF-8 offset, "around character 47", or the end of the text).
    func syntaxMessage(_ error: any Error) -> String {
        let said = ((error as NSError).userInfo[NSDebugDescriptionErrorKey] as? String) ?? "\(error)"
        let offset = Self.offset(in: said) ?? text.utf8.count
        let place = Self.lineAndColumn(ofUTF8Offset: offset, in: text)
        let reason = said.replacingOccurrences(of: #" ?around character \d+\.?"#, with: "", options: .regularExpression)
        return "\(path):\(place.line):\(place.column): not valid JSON (\(reason)); look there, or just before, for a "
            + "missing comma, quote or bracket"
    }

    /// The offset in "… around character N …".
    static func offset(in description: String) -> Int? {
        guard let range = description.range(of: #"around character \d+"#, options: .regularExpression) else { return nil }
        return Int(description[range].split(separator: " ").last ?? "")
    }

    /// The 1-based line and column (in characters) of a UTF-8 offset of `text` (its end when past it).
    static func lineAndColumn(ofUTF8Offset offset: Int, in text: String) -> (line: Int, column: Int) {
        let bytes = Array(text.utf8.prefix(max(0, offset)))
        let lineStart = (bytes.lastIndex(of: 0x0A).map { $0 + 1 }) ?? 0
        let line = bytes.filter { $0 == 0x0A }.count + 1
        let column = String(decoding: bytes[lineStart...], as: UTF8.self).count + 1
        return (line, column)
    }
}
