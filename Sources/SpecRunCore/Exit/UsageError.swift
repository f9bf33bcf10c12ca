/// A mistake on the command line: one clear line, then a pointer to `specrun --help`. Exit code 2.
package struct UsageError: Error, Equatable, CustomStringConvertible {
    package let message: String
    package init(message: String) { self.message = message }
    package var description: String { message }
}
