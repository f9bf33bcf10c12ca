import Foundation
import Messages

/// Gherkin source → Cucumber Messages, as the reference's `generateMessages`: a `source` envelope, then the
/// `gherkinDocument` and its `pickle`s, or a `parseError` per error.
public enum GherkinMessages {
    public struct Options: Sendable, Equatable {
        public var includeSource: Bool
        public var includeAST: Bool
        public var includePickles: Bool
        /// `.emptyLines` (default) is the Python reference, for `specrun gherkin`; a runner whose messages are
        /// compared with the Compatibility Kit (cucumber-js) wants `.blankLines`.
        public var descriptionTrimming: DescriptionTrimming

        public init(
            includeSource: Bool = true, includeAST: Bool = true, includePickles: Bool = true,
            descriptionTrimming: DescriptionTrimming = .emptyLines
        ) {
            self.includeSource = includeSource
            self.includeAST = includeAST
            self.includePickles = includePickles
            self.descriptionTrimming = descriptionTrimming
        }
    }

    /// The envelopes for `data` read from `uri`. The media type defaults to the one of the uri
    /// (`*.feature.md` is Markdown with Gherkin). The pickles' step texts are shared through `texts` when given.
    public static func generate(
        data: String, uri: String, mediaType: SourceMediaType? = nil,
        options: Options = Options(), ids: any IdGenerator,
        texts: StepTextPool? = nil
    ) -> [Envelope] {
        let mediaType = mediaType ?? SourceMediaType.of(uri: uri)
        var envelopes: [Envelope] = []
        if options.includeSource {
            envelopes.append(Envelope(source: Source(uri: uri, data: data, mediaType: mediaType)))
        }
        guard options.includeAST || options.includePickles else { return envelopes }
        var text = data
        let result = text.withUTF8 {
            GherkinParser.parse(
                text: $0, mediaType: mediaType, descriptionTrimming: options.descriptionTrimming, ids: ids, texts: texts)
        }
        switch result {
        case .success(var document):
            document.uri = uri
            guard options.includePickles else {
                envelopes.append(Envelope(gherkinDocument: document))
                return envelopes
            }
            // The pickles are put into their envelopes as they are made, after the place of the document's: compiled
            // first (the AST has its ids already), the document is then moved into its envelope rather than copied.
            let documentIndex = envelopes.count
            if options.includeAST { envelopes.append(Envelope()) }
            let collector = PickleCollector(ids: ids, texts: texts, envelopes: take(&envelopes, leaving: []))
            PickleCompiler.compile(document, uri: uri, into: collector)
            envelopes = collector.takeEnvelopes() ?? []
            if options.includeAST { envelopes[documentIndex] = Envelope(gherkinDocument: document) }
        case .failure(let errors):
            envelopes += parseErrors(errors, uri: uri)
        }
        return envelopes
    }

    /// Like `generate(data:…)` from the raw bytes of a file: a leading BOM is skipped, and bytes that are
    /// not UTF-8 give a `parseError` (after a `source` envelope holding what could be decoded).
    public static func generate(
        bytes: Data, uri: String, mediaType: SourceMediaType? = nil,
        options: Options = Options(), ids: any IdGenerator,
        texts: StepTextPool? = nil
    ) -> [Envelope] {
        switch SourceText.decode(bytes) {
        case .success(let text):
            return generate(data: text, uri: uri, mediaType: mediaType, options: options, ids: ids, texts: texts)
        case .failure(let errors):
            let mediaType = mediaType ?? SourceMediaType.of(uri: uri)
            var envelopes: [Envelope] = []
            if options.includeSource {
                envelopes.append(Envelope(source: Source(uri: uri, data: SourceText.lossy(bytes), mediaType: mediaType)))
            }
            return envelopes + parseErrors(errors, uri: uri)
        }
    }

    /// One line of NDJSON for an envelope, exactly as the reference prints it. Two reference quirks the
    /// message types cannot carry are restored: a Markdown feature without a `# Feature:` heading has no
    /// `keyword` (rather than ""), and an outline step before any Given/When/Then has `"type": null`.
    public static func ndjsonLine(_ envelope: Envelope) throws -> String {
        if let document = envelope.gherkinDocument, document.feature?.keyword == "" {
            return try ReferenceJSON.encode(["gherkinDocument": KeywordlessDocument(document: document)])
        }
        if let pickle = envelope.pickle, pickle.steps.contains(where: { $0.type == nil }) {
            return try ReferenceJSON.encode(["pickle": PickleWithNullTypes(pickle: pickle)])
        }
        return try NDJSON.encode(envelope)
    }

    /// Appends `ndjsonLine(envelope)` and its newline to `bytes`; the common case is encoded in place.
    public static func appendNDJSONLine(_ envelope: Envelope, to bytes: inout [UInt8]) throws {
        if hasReferenceQuirk(envelope) {
            bytes += try ndjsonLine(envelope).utf8
        } else {
            NDJSON.encode(envelope, into: &bytes)
        }
        bytes.append(UInt8(ascii: "\n"))
    }

    /// `ndjsonLine` of every envelope, each with its newline, encoded into one buffer of about `capacity` bytes.
    public static func ndjsonLines(_ envelopes: [Envelope], capacity: Int = 4096) throws -> [UInt8] {
        try NDJSON.encodeLines(envelopes, capacity: capacity) { envelope in
            hasReferenceQuirk(envelope) ? try ndjsonLine(envelope) : nil
        }
    }

    static func hasReferenceQuirk(_ envelope: Envelope) -> Bool {
        if let document = envelope.gherkinDocument { return document.feature?.keyword == "" }
        if let pickle = envelope.pickle { return pickle.steps.contains(where: { $0.type == nil }) }
        return false
    }

    static func parseErrors(_ errors: GherkinErrors, uri: String) -> [Envelope] {
        errors.errors.map { error in
            Envelope(parseError: ParseError(source: SourceReference(uri: uri, location: error.location), message: error.message))
        }
    }
}
