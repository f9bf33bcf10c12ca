import Foundation
import Messages
import SharedState

/// A formatter of your own, over the run's message stream (Cucumber Messages envelopes, the same stream every
/// built-in report reads): post results to chat, to a test-management tool, to a dashboard. Register it in your
/// spec executable and select it like a built-in format:
///
///     // Sources/shop-specs/main.swift
///     await SpecRunCLI.main(libraries: [ShopSteps.self], formatters: [
///         CustomFormat(name: "failures") { setup in FailureList(setup) },
///     ])
///
///     swift run shop-specs --format failures:reports/failures.txt --format-options '{"failures": {"title": "Nightly"}}'
///
/// `handle` is called with every envelope of the run in order, on one thread at a time (never two calls at once);
/// `finish` once after the last, where a formatter writes what it kept. A formatter that throws from `finish` gets
/// its report named on stderr and the run exits 2 (usage), as a built-in report that cannot be written.
public protocol RunFormatter: AnyObject {
    func handle(_ envelope: Envelope)
    func finish() throws
}

/// A format a spec executable adds to `--format`: its name and how to make its formatter for one run.
public struct CustomFormat: Sendable {
    public let name: String
    public let make: @Sendable (FormatterSetup) throws -> any RunFormatter

    /// `name`: what `--format NAME[:FILE]` selects (not a built-in format's name).
    public init(name: String, make: @escaping @Sendable (FormatterSetup) throws -> any RunFormatter) {
        self.name = name
        self.make = make
    }
}

/// What a formatter is made with: where it writes, its options, and whether colours are on.
public struct FormatterSetup: Sendable {
    /// Writes text to the report's destination: stdout, or FILE of `--format NAME:FILE` (written in place when the
    /// run ends, as the built-in reports are).
    public let output: FormatterOutput
    /// FILE of `--format NAME:FILE`; nil for stdout.
    public let path: String?
    /// Its options from `--format-options '{"NAME": {"key": "value"}}'` (and a profile's `formatOptions`): each
    /// value as text (a string as it is; a number, a flag, a list or an object as its JSON).
    public let options: [String: String]
    /// Whether colours are on (`--color`, `--no-color`, a terminal, NO_COLOR).
    public let colors: Bool
}

/// Where a formatter writes its text.
public final class FormatterOutput: Sendable {
    private let sink: @Sendable (String) -> Void

    init(_ sink: @escaping @Sendable (String) -> Void) { self.sink = sink }

    public func write(_ text: String) { sink(text) }
}

/// The formats the running executable registered (`SpecRunCLI.main(libraries:formatters:)`): the parser accepts
/// their names in `--format` and `--format-options`, and the reports make them.
enum CustomFormats {
    @TaskLocal static var registered: [CustomFormat] = []

    static func named(_ name: String) -> CustomFormat? { registered.first { $0.name == name } }
}
