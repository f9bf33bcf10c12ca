import Foundation
import Messages

extension GherkinMessages {
    /// `ndjsonLines(generate(bytes:…))` written as the parser and the pickle compiler go: the same bytes, without
    /// the pickles' values and envelopes (see `NDJSONLines`). `capacity`: the bytes to reserve. `unparsable`:
    /// whether the file gave a `parseError`.
    public static func ndjson(
        bytes: Data, uri: String, options: Options = Options(), ids: any IdGenerator,
        capacity: Int = 4096
    ) -> (lines: Data, unparsable: Bool) {
        let mediaType = SourceMediaType.of(uri: uri)
        let lines = NDJSONLines(capacity: capacity, ids: ids)
        switch SourceText.decode(bytes) {
        case .failure(let errors):
            if options.includeSource {
                lines.append(Envelope(source: Source(uri: uri, data: SourceText.lossy(bytes), mediaType: mediaType)))
            }
            for envelope in parseErrors(errors, uri: uri) { lines.append(envelope) }
            return (lines.takeData(), true)
        case .success(var text):
            if options.includeSource { lines.append(Envelope(source: Source(uri: uri, data: text, mediaType: mediaType))) }
            guard options.includeAST || options.includePickles else { return (lines.takeData(), false) }
            let result = text.withUTF8 {
                GherkinParser.parse(text: $0, mediaType: mediaType, descriptionTrimming: options.descriptionTrimming, ids: ids)
            }
            switch result {
            case .success(var document):
                document.uri = uri
                if options.includeAST {
                    let envelope = Envelope(gherkinDocument: document)
                    if hasReferenceQuirk(envelope), let line = try? ndjsonLine(envelope) {
                        lines.append(line: line)
                    } else {
                        lines.append(envelope)
                    }
                }
                if options.includePickles { PickleCompiler.compile(document, uri: uri, into: lines) }
                return (lines.takeData(), false)
            case .failure(let errors):
                for envelope in parseErrors(errors, uri: uri) { lines.append(envelope) }
                return (lines.takeData(), true)
            }
        }
    }
}
