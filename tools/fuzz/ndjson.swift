import Foundation

// libFuzzer target: the NDJSON reader of Cucumber Messages, whole and line by line (tools/fuzz/run ndjson).
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOneInput(_ start: UnsafePointer<UInt8>, _ count: Int) -> CInt {
    let data = Data(bytes: start, count: count)
    _ = try? NDJSON.decode(data)
    try? NDJSON.forEachEnvelope(in: data) { envelope in
        var bytes: [UInt8] = []
        NDJSON.encode(envelope, into: &bytes)
    }
    return 0
}
