/// Soft assertions: every check of the body runs, and the step fails once with all the failures, each with its
/// own location — for a Then that compares several fields of a screen at once.
///
///     try softly { check in
///         check.expect(screen.title, equals: "Quiz")
///         check.expect(screen.score, equals: "0/50")
///         check.expect(screen.canRestart, "the game can be restarted")
///     }
public func softly(file: StaticString = #filePath, line: UInt = #line, _ body: (SoftExpectations) throws -> Void) throws {
    let checks = SoftExpectations()
    do {
        try body(checks)
    } catch let failure as ExpectationFailure {
        checks.failures.append(failure)
    }
    guard !checks.failures.isEmpty else { return }
    if checks.failures.count == 1, let only = checks.failures.first { throw only }
    let lines = checks.failures.map { "- \($0.message) (\($0.file):\($0.line))" }
    throw ExpectationFailure(
        "\(checks.failures.count) expectations failed:\n" + lines.joined(separator: "\n"),
        file: "\(file)", line: Int(line))
}

/// The checks of a `softly` block: each records its failure and goes on.
public final class SoftExpectations {
    fileprivate(set) var failures: [ExpectationFailure] = []

    fileprivate init() {}

    public func expect<T: Equatable>(
        _ actual: T, equals expected: T, _ message: @autoclosure () -> String = "",
        file: StaticString = #filePath, line: UInt = #line
    ) {
        record { try SpecRunCore.expect(actual, equals: expected, message(), file: file, line: line) }
    }

    public func expect(
        _ condition: Bool, _ message: @autoclosure () -> String = "expected the condition to be true",
        file: StaticString = #filePath, line: UInt = #line
    ) {
        record { try SpecRunCore.expect(condition, message(), file: file, line: line) }
    }

    public func expectNil<T>(
        _ value: T?, _ message: @autoclosure () -> String = "",
        file: StaticString = #filePath, line: UInt = #line
    ) {
        record { try SpecRunCore.expectNil(value, message(), file: file, line: line) }
    }

    private func record(_ check: () throws -> Void) {
        do { try check() } catch let failure as ExpectationFailure { failures.append(failure) } catch {}
    }
}
