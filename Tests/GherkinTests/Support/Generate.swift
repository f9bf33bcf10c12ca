import Foundation
import Gherkin
import Messages

/// What `specrun gherkin --predictable-ids [flags] FILE` prints for a file's bytes.
func ndjson(bytes: Data, uri: String, options: GherkinMessages.Options) throws -> String {
    let envelopes = GherkinMessages.generate(bytes: bytes, uri: uri, options: options, ids: IncrementingIdGenerator())
    return try envelopes.map { try GherkinMessages.ndjsonLine($0) + "\n" }.joined()
}

func ndjson(_ text: String, uri: String = "test.feature", options: GherkinMessages.Options) throws -> String {
    try ndjson(bytes: Data(text.utf8), uri: uri, options: options)
}
