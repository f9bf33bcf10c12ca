import Foundation
import Gherkin
import SpecRunEditor
import SpecRunReportCore
import SpecRunReports
import SpecRunWorkers

/// The values options take: each parsed, or refused in one line that says what was expected.
extension CommandLineParser {
    static func parseFormat(_ text: String) throws -> FormatRequest {
        let parts = text.split(separator: ":", maxSplits: 1, omittingEmptySubsequences: false)
        let name = String(parts[0])
        let custom = CustomFormats.named(name) != nil && ReportFormat(rawValue: name) == nil
        guard let format = custom ? .message : ReportFormat(rawValue: name) else {
            let names = formatNames + CustomFormats.registered.map(\.name)
            let hint = Suggestions.closest(to: name, among: names).map { " (did you mean '\($0)'?)" } ?? ""
            throw UsageError(message: "unknown format '\(name)'\(hint); formats: \(names.joined(separator: ", "))")
        }
        guard parts.count == 2 else {
            if format == .htmlSite {
                throw UsageError(message: "--format html-site: give the folder to write, e.g. --format html-site:reports/site")
            }
            return FormatRequest(format: format, path: nil, custom: custom ? name : nil)
        }
        let path = String(parts[1])
        if path.isEmpty {
            throw UsageError(
                message: "--format \(name): the file after ':' is empty; write --format \(name):PATH or --format \(name) for stdout")
        }
        return FormatRequest(format: format, path: path, custom: custom ? name : nil)
    }

    static func parseOrder(_ text: String) throws -> String {
        if text == "defined" || text == "reverse" || text == "random" { return text }
        if text.hasPrefix("random:"), UInt64(text.dropFirst("random:".count)) != nil { return text }
        throw UsageError(message: "--order: expected defined, reverse, random or random:SEED (SEED a whole number), got '\(text)'")
    }

    static func parseCount(_ text: String, for option: String) throws -> Int {
        guard let count = Int(text), count >= 0 else { throw UsageError(message: "\(option): expected a whole number ≥ 0, got '\(text)'") }
        return count
    }

    /// At most `maximumRetry` attempts more: each is a whole scenario run again, and a count near `Int.max` would
    /// overflow the attempt number.
    static func parseRetry(_ text: String, for option: String) throws -> Int {
        let count = try parseCount(text, for: option)
        guard count <= maximumRetry else {
            throw UsageError(message: "\(option) \(text): at most \(maximumRetry) attempts more per scenario")
        }
        return count
    }

    static let maximumRetry = 1000

    static func parseParallel(_ text: String, for option: String) throws -> Int {
        if text == "auto" { return max(1, ProcessInfo.processInfo.activeProcessorCount) }
        guard let count = Int(text), count >= 1 else {
            throw UsageError(message: "\(option): expected a number of workers ≥ 1 or 'auto', got '\(text)'")
        }
        return count
    }

    static func parseSeconds(_ text: String, for option: String) throws -> Double {
        guard let seconds = Double(text), seconds >= 0, seconds.isFinite else {
            throw UsageError(message: "\(option): expected seconds ≥ 0 (0 = no timeout), got '\(text)'")
        }
        // Nanoseconds of it must fit in 64 bits (a worker's watchdog counts them): a year is more than any step needs.
        guard seconds <= maximumSeconds else {
            throw UsageError(message: "\(option) \(text): at most \(Int(maximumSeconds)) s (a year); give 0 for no timeout")
        }
        return seconds
    }

    static let maximumSeconds: Double = 365 * 24 * 3600

    /// `--tag-timeout '@slow=30s'`: a tag expression, `=`, a duration (`500ms`, `30s`, `2m`, or seconds).
    static func parseTagTimeout(_ text: String) throws -> TagTimeout {
        guard let timeout = TagTimeout(parsing: text) else {
            throw UsageError(
                message: "--tag-timeout: expected EXPR=DURATION such as '@slow=30s', '@db=500ms' or '@nightly=2m' "
                    + "(at most a year; 0 for no limit), got '\(text)'")
        }
        return timeout
    }

    /// `512M`, `2g`, `1048576` (bytes), `none` or `0` (no limit); at least 64M, less would not start a worker.
    static func parseMemoryLimit(_ text: String) throws -> UInt64? {
        let lower = text.lowercased().trimmingCharacters(in: .whitespaces)
        if lower == "none" || lower == "0" { return nil }
        let units: [Character: UInt64] = ["k": 1 << 10, "m": 1 << 20, "g": 1 << 30, "t": 1 << 40]
        var digits = lower.hasSuffix("b") ? String(lower.dropLast()) : lower
        var scale: UInt64 = 1
        if let last = digits.last, let unit = units[last] { scale = unit; digits.removeLast() }
        guard let number = UInt64(digits), case let (bytes, overflow) = number.multipliedReportingOverflow(by: scale), !overflow else {
            throw UsageError(message: "--memory-limit: expected a size such as 512M or 2G (or none), got '\(text)'")
        }
        guard bytes >= 64 << 20 else {
            throw UsageError(message: "--memory-limit \(text): a worker needs at least 64M to start; give 64M or more")
        }
        return bytes
    }

    static func parseShard(_ text: String) throws -> ShardOption {
        let parts = text.split(separator: "/", omittingEmptySubsequences: false)
        guard parts.count == 2, let index = Int(parts[0]), let count = Int(parts[1]) else {
            throw UsageError(message: "--shard: expected I/N (this machine's part I of N, e.g. 2/4), got '\(text)'")
        }
        guard count >= 1 else { throw UsageError(message: "--shard \(text): N must be at least 1") }
        guard index >= 1 && index <= count else {
            throw UsageError(message: "--shard \(text): I must be between 1 and \(count)")
        }
        return ShardOption(index: index, count: count)
    }
}
