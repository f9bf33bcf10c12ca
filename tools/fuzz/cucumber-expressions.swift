import Foundation

// libFuzzer target: Cucumber Expressions — parse an expression, match the text after the first newline with it,
// and generate snippet expressions for that text (tools/fuzz/run cucumber-expressions). The registry of built-in
// parameter types is made once: making it compiles their regular expressions, most of an input's time.
let registry = ParameterTypeRegistry()

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOneInput(_ start: UnsafePointer<UInt8>, _ count: Int) -> CInt {
    let text = String(decoding: UnsafeBufferPointer(start: start, count: count), as: UTF8.self)
    let parts = text.split(separator: "\n", maxSplits: 1, omittingEmptySubsequences: false)
    let step = parts.count > 1 ? String(parts[1]) : String(parts[0])
    if let expression = try? CucumberExpression(String(parts[0]), registry: registry) {
        _ = expression.match(step)
    }
    _ = CucumberExpressionGenerator(registry: registry).generateExpressions(step)
    return 0
}
