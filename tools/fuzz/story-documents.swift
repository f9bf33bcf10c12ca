import Foundation

// libFuzzer target: the story-document reader (Sources/Requirements) — read a Markdown story document, encode what
// it found as JSON, draft a feature for each story, and translate the document to Gherkin
// (tools/fuzz/run story-documents).
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOneInput(_ start: UnsafePointer<UInt8>, _ count: Int) -> CInt {
    let text = String(decoding: UnsafeBufferPointer(start: start, count: count), as: UTF8.self)
    let set = RequirementsReader.read(text: text, uri: "fuzz.md")
    _ = RequirementsJSON.encode(set)
    for story in set.stories { _ = FeatureDraft.text(for: story) }
    _ = GherkinTranslation.translate(text: text, uri: "fuzz.md")
    return 0
}
