// gherkin-bench: parse-only throughput of the Gherkin parser (AST + pickles), the counterpart of
// ../shared/bench/reference_parse_bench.py for the Python reference.
//
//   python3 ../shared/bench/gen_corpus.py /tmp/c10k --features 200 --scenarios 50 --steps 6
//   swift run -c release gherkin-bench /tmp/c10k [--repeat 5] [--no-pickles] [--messages] [--ids counting|uuid|run] [--json]
//
// Files are read once (timed separately), then the whole parse+compile pass is repeated; prints each
// pass, the median, MB/s (10^6 bytes of feature text per second) and pickles/s, and checks the pickle
// and step counts against the corpus's manifest.json. The thread's CPU time per pass is printed too (steadier on a busy machine).
import Foundation
import Gherkin
import Messages

struct Arguments {
    var corpus = ""
    var repeats = 5
    var pickles = true
    var json = false
    /// Through `GherkinMessages.generate` (source, AST and pickle envelopes), as runs do (`specrun gherkin` writes
    /// its NDJSON as it parses instead: `GherkinMessages.ndjson`).
    var messages = false
    /// `counting` ("0", "1", …), `uuid` (36 characters, as `specrun gherkin`) or `run` (15 characters, as runs).
    var ids = "counting"

    init(_ arguments: [String]) throws {
        var rest = arguments[...]
        while let argument = rest.popFirst() {
            switch argument {
            case "--repeat":
                guard let value = rest.popFirst().flatMap(Int.init), value > 0 else { throw Usage("--repeat needs a positive number") }
                repeats = value
            case "--no-pickles": pickles = false
            case "--messages": messages = true
            case "--ids":
                guard let value = rest.popFirst(), ["counting", "uuid", "run"].contains(value) else {
                    throw Usage("--ids needs counting, uuid or run")
                }
                ids = value
            case "--json": json = true
            case "-h", "--help": throw Usage(nil)
            default:
                guard corpus.isEmpty, !argument.hasPrefix("-") else { throw Usage("unexpected argument '\(argument)'") }
                corpus = argument
            }
        }
        guard !corpus.isEmpty else { throw Usage("missing CORPUS_DIR") }
    }
}

struct Usage: Error {
    let problem: String?
    init(_ problem: String?) { self.problem = problem }
    var text: String {
        (problem.map { "gherkin-bench: \($0)\n" } ?? "")
            + "usage: gherkin-bench CORPUS_DIR [--repeat N] [--no-pickles] [--messages] [--ids counting|uuid|run] [--json]\n"
            + "  CORPUS_DIR is made by: python3 ../shared/bench/gen_corpus.py CORPUS_DIR --features 200 --scenarios 50 --steps 6\n"
    }
}

func featureFiles(under folder: URL) -> [URL] {
    guard let walker = FileManager.default.enumerator(at: folder, includingPropertiesForKeys: nil) else { return [] }
    return walker.compactMap { $0 as? URL }.filter { $0.pathExtension == "feature" }.sorted { $0.path < $1.path }
}

/// "0", "1", … like the reference's IdGenerator (no lock: one pass runs on one thread).
final class CountingIds: IdGenerator, @unchecked Sendable {
    private var next = 0
    func newId() -> String {
        defer { next += 1 }
        return String(next)
    }
}

/// One pass over every file: parse (and compile), as the Python bench does. Returns (pickles, steps, errors).
func idGenerator(_ kind: String) -> any IdGenerator {
    switch kind {
    case "uuid": RandomUUIDGenerator(seed: 42)
    case "run": RandomIdGenerator(seed: 42)
    default: CountingIds()
    }
}

/// One pass through `GherkinMessages.generate`, as runs load features (without the NDJSON writing).
func onePassOfMessages(_ blobs: [(uri: String, data: Data)], pickles: Bool, ids: any IdGenerator) -> (Int, Int, Int) {
    let options = GherkinMessages.Options(includePickles: pickles)
    var pickleCount = 0, stepCount = 0, errorCount = 0
    for blob in blobs {
        for envelope in GherkinMessages.generate(bytes: blob.data, uri: blob.uri, options: options, ids: ids) {
            if let pickle = envelope.pickle {
                pickleCount += 1
                stepCount += pickle.steps.count
            }
            if envelope.parseError != nil { errorCount += 1 }
        }
    }
    return (pickleCount, stepCount, errorCount)
}

func onePass(_ blobs: [(uri: String, data: Data)], pickles: Bool, ids: any IdGenerator) -> (Int, Int, Int) {
    var pickleCount = 0, stepCount = 0, errorCount = 0
    for blob in blobs {
        do {
            let document = try GherkinParser.parse(data: blob.data, uri: blob.uri, ids: ids)
            if pickles {
                for pickle in PickleCompiler.compile(document, ids: ids) {
                    pickleCount += 1
                    stepCount += pickle.steps.count
                }
            }
        } catch {
            errorCount += error.errors.count
        }
    }
    return (pickleCount, stepCount, errorCount)
}

/// CPU time of this thread: on a shared machine wall time swings with the other processes' load, CPU time far less.
func threadCPUSeconds() -> Double {
    var now = timespec()
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &now)
    return Double(now.tv_sec) + Double(now.tv_nsec) / 1e9
}

func medianOf(_ values: [Double]) -> Double {
    let sorted = values.sorted()
    return sorted.count % 2 == 1 ? sorted[sorted.count / 2] : (sorted[sorted.count / 2 - 1] + sorted[sorted.count / 2]) / 2
}

func seconds(_ duration: Swift.Duration) -> Double {
    Double(duration.components.seconds) + Double(duration.components.attoseconds) / 1e18
}

func run() throws {
    let arguments = try Arguments(Array(CommandLine.arguments.dropFirst()))
    let folder = URL(fileURLWithPath: arguments.corpus)
    let clock = ContinuousClock()
    let readStart = clock.now
    let files = featureFiles(under: folder.appendingPathComponent("features"))
    guard !files.isEmpty else { throw Usage("no .feature files under \(folder.path)/features") }
    let blobs = try files.map { (uri: $0.path, data: try Data(contentsOf: $0)) }
    let readTime = seconds(clock.now - readStart)
    let bytes = blobs.reduce(0) { $0 + $1.data.count }

    var times: [Double] = []
    var cpuTimes: [Double] = []
    var counts = (0, 0, 0)
    for _ in 0..<arguments.repeats {
        let start = clock.now
        let cpuStart = threadCPUSeconds()
        let ids = idGenerator(arguments.ids)
        counts =
            arguments.messages
            ? onePassOfMessages(blobs, pickles: arguments.pickles, ids: ids)
            : onePass(blobs, pickles: arguments.pickles, ids: ids)
        cpuTimes.append(threadCPUSeconds() - cpuStart)
        times.append(seconds(clock.now - start))
    }
    let (pickles, steps, errors) = counts
    let sorted = times.sorted()
    let median = medianOf(times)
    let cpuMedian = medianOf(cpuTimes)
    let megabytesPerSecond = Double(bytes) / median / 1e6
    let picklesPerSecond = Double(pickles) / median

    var problems: [String] = []
    if errors > 0 { problems.append("\(errors) parse errors") }
    if arguments.pickles, let manifest = try? Data(contentsOf: folder.appendingPathComponent("manifest.json")),
        let object = try? JSONSerialization.jsonObject(with: manifest) as? [String: Any],
        let totals = object["totals"] as? [String: Any]
    {
        if let expected = totals["pickles"] as? Int, expected != pickles { problems.append("pickles \(pickles) != manifest \(expected)") }
        if let expected = totals["steps"] as? Int, expected != steps { problems.append("steps \(steps) != manifest \(expected)") }
    }

    let mode = (arguments.messages ? "generate " : "") + (arguments.pickles ? "parse+pickles" : "parse") + ", ids \(arguments.ids)"
    if arguments.json {
        let result: [String: Any] = [
            "files": files.count, "bytes": bytes, "pickles": pickles, "steps": steps, "read_s": readTime, "pass_s": times,
            "median_s": median, "cpu_s": cpuTimes, "cpu_median_s": cpuMedian, "min_s": sorted.first ?? 0, "max_s": sorted.last ?? 0,
            "MB_per_s": megabytesPerSecond,
            "pickles_per_s": picklesPerSecond, "mode": mode, "problems": problems,
        ]
        let data = try JSONSerialization.data(withJSONObject: result, options: [.sortedKeys])
        print(String(decoding: data, as: UTF8.self))
    } else {
        print(
            "\(mode): \(files.count) files, \(String(format: "%.2f", Double(bytes) / 1e6)) MB, \(pickles) pickles, \(steps) steps; read \(String(format: "%.1f", readTime * 1e3)) ms"
        )
        print("passes (s): " + times.map { String(format: "%.4f", $0) }.joined(separator: " "))
        print(
            String(
                format: "median %.4f s (min %.4f, max %.4f) -> %.2f MB/s", median, sorted.first ?? 0, sorted.last ?? 0, megabytesPerSecond)
                + (arguments.pickles ? String(format: ", %.0f pickles/s", picklesPerSecond) : ""))
        print("cpu (s): " + cpuTimes.map { String(format: "%.4f", $0) }.joined(separator: " "))
        print(String(format: "cpu median %.4f s -> %.2f MB/s", cpuMedian, Double(bytes) / cpuMedian / 1e6))
        for problem in problems { print("PROBLEM: \(problem)") }
    }
    if !problems.isEmpty { exit(1) }
}

do {
    try run()
} catch let usage as Usage {
    FileHandle.standardError.write(Data(usage.text.utf8))
    exit(2)
} catch {
    FileHandle.standardError.write(Data("gherkin-bench: \(error)\n".utf8))
    exit(1)
}
