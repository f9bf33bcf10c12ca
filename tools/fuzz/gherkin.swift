import Foundation

// libFuzzer target: the Gherkin parser and pickle compiler, plain and Markdown (tools/fuzz/run gherkin).
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOneInput(_ start: UnsafePointer<UInt8>, _ count: Int) -> CInt {
    let bytes = Data(bytes: start, count: count)
    _ = GherkinMessages.generate(bytes: bytes, uri: "fuzz.feature", ids: IncrementingIdGenerator())
    _ = GherkinMessages.generate(bytes: bytes, uri: "fuzz.feature.md", ids: IncrementingIdGenerator())
    return 0
}
