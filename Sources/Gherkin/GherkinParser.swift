import Foundation
import Messages

/// Parses Gherkin (plain or Markdown) into a `GherkinDocument`, as the official parsers do.
public enum GherkinParser {
    /// The document of `source`, or every error found (at most eleven, as the reference).
    /// Ids come from `ids`; reuse the same generator for `PickleCompiler` to get the reference's ids.
    /// `descriptionTrimming`: see `DescriptionTrimming` (the default is the Python reference's).
    public static func parse(
        source: String, uri: String? = nil, mediaType: SourceMediaType = .gherkinPlain,
        descriptionTrimming: DescriptionTrimming = .emptyLines,
        ids: any IdGenerator
    ) throws(GherkinErrors) -> GherkinDocument {
        var source = source
        let result = source.withUTF8 { text in
            parse(text: text, mediaType: mediaType, descriptionTrimming: descriptionTrimming, ids: ids)
        }
        var document = try result.get()
        document.uri = uri
        return document
    }

    /// Like `parse(source:…)` from raw bytes: a leading UTF-8 BOM is skipped; bytes that are not UTF-8
    /// are an error at the line and column of the first bad byte.
    public static func parse(
        data: Data, uri: String? = nil, mediaType: SourceMediaType? = nil,
        descriptionTrimming: DescriptionTrimming = .emptyLines,
        ids: any IdGenerator
    ) throws(GherkinErrors) -> GherkinDocument {
        let source = try SourceText.decode(data).get()
        return try parse(
            source: source, uri: uri, mediaType: mediaType ?? SourceMediaType.of(uri: uri ?? ""),
            descriptionTrimming: descriptionTrimming, ids: ids)
    }

    static func parse(
        text: UnsafeBufferPointer<UInt8>, mediaType: SourceMediaType,
        descriptionTrimming: DescriptionTrimming = .emptyLines, ids: any IdGenerator, texts: StepTextPool? = nil
    )
        -> Result<GherkinDocument, GherkinErrors>
    {
        switch mediaType {
        case .gherkinMarkdown:
            var parser = Parser<MarkdownTokenMatcher>(text: text, ids: ids, descriptionTrimming: descriptionTrimming)
            return parser.parse()
        case .gherkinPlain:
            var parser = Parser<PlainTokenMatcher>(text: text, ids: ids, descriptionTrimming: descriptionTrimming, texts: texts)
            return parser.parse()
        }
    }
}

extension SourceMediaType {
    /// Markdown with Gherkin for `*.feature.md`, plain Gherkin otherwise.
    public static func of(uri: String) -> SourceMediaType {
        uri.hasSuffix(".feature.md") ? .gherkinMarkdown : .gherkinPlain
    }
}

/// Turning the bytes of a file into the text the parser reads.
enum SourceText {
    /// The text without a leading BOM, or an error locating the first byte that is not UTF-8.
    static func decode(_ data: Data) -> Result<String, GherkinErrors> {
        // Validated straight from the Data's bytes, not copied into an array first.
        let text: String? = data.withUnsafeBytes { raw in
            var bytes = raw.bindMemory(to: UInt8.self)
            if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { bytes = UnsafeBufferPointer(rebasing: bytes.dropFirst(3)) }
            return String(validating: bytes, as: UTF8.self)
        }
        if let encoding = utf16Encoding(data) {
            return .failure(
                GherkinErrors(errors: [
                    GherkinError(
                        line: 1, column: 1,
                        reason:
                            "the file is \(encoding), not UTF-8; save it as UTF-8 (e.g. iconv -f \(encoding.prefix { $0 != " " }) -t UTF-8)"
                    )
                ]))
        }
        if let text { return .success(text) }
        var bytes = [UInt8](data)
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { bytes.removeFirst(3) }
        return .failure(GherkinErrors(errors: [invalidUTF8(bytes)]))
    }

    /// `UTF-16LE`/`UTF-16BE` (and whether with a BOM) when the file is UTF-16 rather than UTF-8: a BOM, or text
    /// where every other byte of the start is NUL (ASCII saved as UTF-16 without a BOM, which is valid UTF-8 full
    /// of NULs and would be one parse error per line).
    static func utf16Encoding(_ data: Data) -> String? {
        data.withUnsafeBytes { raw -> String? in
            let bytes = raw.bindMemory(to: UInt8.self)
            if bytes.starts(with: [0xFF, 0xFE, 0, 0]) || bytes.starts(with: [0, 0, 0xFE, 0xFF]) { return "UTF-32 (with a BOM)" }
            if bytes.starts(with: [0xFF, 0xFE]) { return "UTF-16LE (with a BOM)" }
            if bytes.starts(with: [0xFE, 0xFF]) { return "UTF-16BE (with a BOM)" }
            let sample = min(bytes.count, 1024) & ~1
            guard sample >= 4 else { return nil }
            var evenZeros = 0, oddZeros = 0
            for position in 0..<sample where bytes[position] == 0 {
                if position & 1 == 0 { evenZeros += 1 } else { oddZeros += 1 }
            }
            let pairs = sample / 2
            if min(oddZeros, evenZeros) * 10 >= pairs * 4 && max(oddZeros, evenZeros) * 10 >= pairs * 7 {
                // UTF-32 holds a character in every four bytes whose two high ones are NUL (a binary file, an
                // executable named .feature, has NULs of no such order): nine groups in ten, either way round.
                let groups = sample / 4
                var little = 0, big = 0
                for group in 0..<groups {
                    let base = group * 4
                    if bytes[base + 2] == 0 && bytes[base + 3] == 0 && bytes[base] != 0 { little += 1 }
                    if bytes[base] == 0 && bytes[base + 1] == 0 && bytes[base + 3] != 0 { big += 1 }
                }
                if groups > 0 && max(little, big) * 10 >= groups * 9 { return "UTF-32 (without a BOM)" }
                return nil
            }
            if oddZeros * 10 >= pairs * 4 && evenZeros * 10 < pairs { return "UTF-16LE (without a BOM)" }
            if evenZeros * 10 >= pairs * 4 && oddZeros * 10 < pairs { return "UTF-16BE (without a BOM)" }
            return nil
        }
    }

    /// Decodes what can be decoded (bad bytes become U+FFFD), for the source envelope of a broken file.
    static func lossy(_ data: Data) -> String {
        var bytes = [UInt8](data)
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { bytes.removeFirst(3) }
        return String(decoding: bytes, as: UTF8.self)
    }

    private static func invalidUTF8(_ bytes: [UInt8]) -> GherkinError {
        var line = 1
        var lineStart = 0
        var i = 0
        var bad = bytes.count
        var decoder = UTF8()
        var iterator = bytes.makeIterator()
        var offset = 0
        loop: while true {
            switch decoder.decode(&iterator) {
            case .scalarValue(let scalar):
                let width = UTF8.width(scalar)
                if scalar == "\n" { line += 1; lineStart = offset + 1 }
                offset += width
            case .emptyInput: break loop
            case .error: bad = offset; break loop
            }
        }
        i = bad
        let column = String(decoding: bytes[lineStart..<i], as: UTF8.self).unicodeScalars.count + 1
        let byte = i < bytes.count ? String(format: "0x%02X", bytes[i]) : "end of file"
        return GherkinError(
            line: line, column: column,
            reason: "the file is not valid UTF-8 (byte \(byte) here); save it as UTF-8")
    }
}
