/// A mistake on the command line: one clear line, then a pointer to `specrun --help`. Exit code 2.
struct UsageError: Error, Equatable, CustomStringConvertible {
    let message: String
    var description: String { message }
}
