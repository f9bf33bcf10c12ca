/// A failed expectation: what was expected, what was found, and where the check was written.
public struct ExpectationFailure: Error, CustomStringConvertible, Equatable {
    public let message: String
    public let file: String
    public let line: Int

    public init(_ message: String, file: String, line: Int) {
        self.message = message
        self.file = file
        self.line = line
    }

    public var description: String { "\(message) (\(file):\(line))" }
}

/// `try expect(world.hits, equals: 2)` fails with "expected 2, got 3".
public func expect<T: Equatable>(
    _ actual: T, equals expected: T, _ message: @autoclosure () -> String = "",
    file: StaticString = #filePath, line: UInt = #line
) throws {
    guard actual != expected else { return }
    let prefix = message().isEmpty ? "" : message() + ": "
    throw ExpectationFailure("\(prefix)expected \(show(expected)), got \(show(actual))", file: "\(file)", line: Int(line))
}

/// `try expect(list.isEmpty, "the list is empty")` fails with the message.
public func expect(
    _ condition: Bool, _ message: @autoclosure () -> String = "expected the condition to be true",
    file: StaticString = #filePath, line: UInt = #line
) throws {
    guard !condition else { return }
    throw ExpectationFailure(message(), file: "\(file)", line: Int(line))
}

/// Fails when the value is not nil, showing it.
public func expectNil<T>(
    _ value: T?, _ message: @autoclosure () -> String = "",
    file: StaticString = #filePath, line: UInt = #line
) throws {
    guard let value else { return }
    let prefix = message().isEmpty ? "" : message() + ": "
    throw ExpectationFailure("\(prefix)expected nil, got \(show(value))", file: "\(file)", line: Int(line))
}

/// Returns the value, or fails when it is nil.
public func unwrap<T>(
    _ value: T?, _ message: @autoclosure () -> String = "",
    file: StaticString = #filePath, line: UInt = #line
) throws -> T {
    guard let value else {
        let prefix = message().isEmpty ? "" : message() + ": "
        throw ExpectationFailure("\(prefix)expected a value of type \(T.self), got nil", file: "\(file)", line: Int(line))
    }
    return value
}

/// Fails when the body does not throw; returns the error it threw.
@discardableResult
public func expectThrows(
    _ message: @autoclosure () -> String = "",
    file: StaticString = #filePath, line: UInt = #line,
    _ body: () throws -> Void
) throws -> any Error {
    do {
        try body()
    } catch {
        return error
    }
    let prefix = message().isEmpty ? "" : message() + ": "
    throw ExpectationFailure("\(prefix)expected an error to be thrown, but none was", file: "\(file)", line: Int(line))
}

/// The async form of `expectThrows`.
@discardableResult
public func expectThrowsAsync(
    _ message: @autoclosure () -> String = "",
    file: StaticString = #filePath, line: UInt = #line,
    _ body: () async throws -> Void
) async throws -> any Error {
    do {
        try await body()
    } catch {
        return error
    }
    let prefix = message().isEmpty ? "" : message() + ": "
    throw ExpectationFailure("\(prefix)expected an error to be thrown, but none was", file: "\(file)", line: Int(line))
}

/// `throw fail("the basket should be empty")`.
public func fail(_ message: String, file: StaticString = #filePath, line: UInt = #line) -> ExpectationFailure {
    ExpectationFailure(message, file: "\(file)", line: Int(line))
}

private func show<T>(_ value: T) -> String {
    if let string = value as? String { return "\"\(string)\"" }
    return String(describing: value)
}
