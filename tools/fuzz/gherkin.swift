import Foundation

// libFuzzer target: the Gherkin parser and pickle compiler (tools/fuzz/run gherkin). The input's first byte picks
// plain Gherkin or Markdown (odd: Markdown, as '#' is): one parse per input instead of two, both grammars covered.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOneInput(_ start: UnsafePointer<UInt8>, _ count: Int) -> CInt {
    let bytes = Data(bytes: start, count: count)
    let markdown = count > 0 && start[0] & 1 == 1
    _ = GherkinMessages.generate(bytes: bytes, uri: markdown ? "fuzz.feature.md" : "fuzz.feature", ids: IncrementingIdGenerator())
    return 0
}
