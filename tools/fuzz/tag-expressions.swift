// libFuzzer target: tag expressions — parse, then evaluate against a few tag sets (tools/fuzz/run tag-expressions).
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOneInput(_ start: UnsafePointer<UInt8>, _ count: Int) -> CInt {
    let text = String(decoding: UnsafeBufferPointer(start: start, count: count), as: UTF8.self)
    if let expression = try? TagExpression.parse(text) {
        _ = expression.evaluate(tags: [])
        _ = expression.evaluate(tags: ["@a", "@b", "@wip"])
        _ = expression.description
    }
    return 0
}
