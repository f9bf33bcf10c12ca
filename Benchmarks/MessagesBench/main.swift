// messages-bench: CPU cost of the NDJSON coders (Sources/Messages), decoding lines into envelopes and encoding
// them again, per envelope kind.
//
//   swift build -c release --product messages-bench
//   .build/release/messages-bench STREAM.ndjson... [--repeat 7] [--write OUT] [--describe OUT]
//
// A stream is, e.g., `specrun gherkin FILES > s.ndjson` or a run's `--format message:s.ndjson`. The lines are
// grouped by kind (the envelope's key), each group decoded (`NDJSON.forEachEnvelope`) and encoded
// (`NDJSON.encode(_:into:)`, as a worker does) once per pass; prints the median pass per kind in MB/s of JSON
// (per second of the thread's CPU time).
// `--only decode|encode` repeats one side alone (for `perf record`).
// `--write` writes the re-encoded stream (every line in order) and `--describe` each decoded envelope's
// description, one a line: files to compare before and after a change of the coders.
import Foundation
import Messages

struct Arguments {
    var files: [String] = []
    var repeats = 7
    var write: String?
    var describe: String?
    /// `decode` or `encode` alone (the other one still runs once, untimed): for a profile of one side.
    var only: String?

    init(_ arguments: [String]) {
        var rest = arguments[...]
        while let argument = rest.popFirst() {
            switch argument {
            case "--repeat": repeats = rest.popFirst().flatMap(Int.init) ?? repeats
            case "--write": write = rest.popFirst()
            case "--describe": describe = rest.popFirst()
            case "--only": only = rest.popFirst()
            default: files.append(argument)
            }
        }
        if files.isEmpty {
            FileHandle.standardError.write(
                Data("usage: messages-bench STREAM.ndjson... [--repeat N] [--write OUT] [--describe OUT]\n".utf8))
            exit(2)
        }
    }
}

/// The key of the envelope's one message: the text between the first `{"` and the next `"`.
func kind(of line: ArraySlice<UInt8>) -> String {
    guard line.count > 2 else { return "?" }
    let start = line.startIndex + 2
    let end = line[start...].firstIndex(of: UInt8(ascii: "\"")) ?? line.endIndex
    return String(decoding: line[start..<end], as: UTF8.self)
}

/// The thread's CPU time, not the wall clock: the machine is shared, and time spent descheduled is not the coders'.
func now() -> UInt64 {
    var time = timespec()
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &time)
    return UInt64(time.tv_sec) * 1_000_000_000 + UInt64(time.tv_nsec)
}

func median(_ values: [Double]) -> Double {
    let sorted = values.sorted()
    return sorted[sorted.count / 2]
}

let arguments = Arguments(Array(CommandLine.arguments.dropFirst()))
var whole: [UInt8] = []
for file in arguments.files {
    guard let data = FileManager.default.contents(atPath: file) else { fatalError("cannot read \(file)") }
    whole.append(contentsOf: data)
    if whole.last != UInt8(ascii: "\n") { whole.append(UInt8(ascii: "\n")) }
}

if arguments.write != nil || arguments.describe != nil {
    var encoded: [UInt8] = []
    var described = ""
    try whole.withUnsafeBufferPointer { buffer in
        try NDJSON.forEachEnvelope(in: buffer) { envelope in
            if arguments.write != nil {
                NDJSON.encode(envelope, into: &encoded)
                encoded.append(UInt8(ascii: "\n"))
            }
            if arguments.describe != nil { print(envelope, to: &described) }
        }
    }
    if let path = arguments.write { _ = FileManager.default.createFile(atPath: path, contents: Data(encoded)) }
    if let path = arguments.describe { _ = FileManager.default.createFile(atPath: path, contents: Data(described.utf8)) }
    exit(0)
}

// The lines of each kind, in one buffer (newline-separated), in order of first appearance.
var order: [String] = []
var groups: [String: [UInt8]] = [:]
for line in whole.split(separator: UInt8(ascii: "\n")) {
    let key = kind(of: line)
    if groups[key] == nil { order.append(key); groups[key] = [] }
    groups[key]!.append(contentsOf: line)
    groups[key]!.append(UInt8(ascii: "\n"))
}

var decodeTimes: [String: [Double]] = [:]
var encodeTimes: [String: [Double]] = [:]
var passDecode: [Double] = []
var passEncode: [Double] = []
var output: [UInt8] = []
output.reserveCapacity(1 << 20)
var decodedOnce: [String: [Envelope]] = [:]
for _ in 0..<arguments.repeats {
    var totalDecode = 0.0, totalEncode = 0.0
    for key in order {
        var envelopes: [Envelope] = []
        let start = now()
        if let kept = decodedOnce[key] {
            envelopes = kept
        } else {
            try groups[key]!.withUnsafeBufferPointer { buffer in
                try NDJSON.forEachEnvelope(in: buffer) { envelopes.append($0) }
            }
            if arguments.only == "encode" { decodedOnce[key] = envelopes }
        }
        let decoded = now()
        if arguments.only != "decode" || decodeTimes[key] == nil {
            for envelope in envelopes {
                output.removeAll(keepingCapacity: true)
                NDJSON.encode(envelope, into: &output)
            }
        }
        let encoded = now()
        let decode = Double(decoded - start) / 1e9, encode = Double(encoded - decoded) / 1e9
        decodeTimes[key, default: []].append(decode)
        encodeTimes[key, default: []].append(encode)
        totalDecode += decode
        totalEncode += encode
    }
    passDecode.append(totalDecode)
    passEncode.append(totalEncode)
}

func row(_ name: String, _ bytes: Int, _ decode: Double, _ encode: Double) -> String {
    let mb = Double(bytes) / 1e6
    func pad(_ text: String, _ width: Int) -> String { String(repeating: " ", count: max(0, width - text.count)) + text }
    return name.padding(toLength: 20, withPad: " ", startingAt: 0)
        + pad(String(format: "%.2f", mb), 9)
        + pad(String(format: "%.1f", decode * 1000), 11) + pad(String(format: "%.0f", mb / decode), 9)
        + pad(String(format: "%.1f", encode * 1000), 11) + pad(String(format: "%.0f", mb / encode), 9)
}

print("kind                      MB  decode ms     MB/s  encode ms     MB/s   (medians of \(arguments.repeats) passes)")
for key in order.sorted(by: { groups[$0]!.count > groups[$1]!.count }) where groups[key]!.count > 100_000 {
    print(row(key, groups[key]!.count, median(decodeTimes[key]!), median(encodeTimes[key]!)))
}
print(row("all", whole.count, median(passDecode), median(passEncode)))
