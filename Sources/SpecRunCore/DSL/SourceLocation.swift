/// Where a step definition, hook or parameter type was written (captured from `#filePath`/`#line`).
public struct SourceLocation: Sendable, Equatable, CustomStringConvertible {
    public let file: String
    public let line: Int

    public init(file: String, line: Int) {
        self.file = file
        self.line = line
    }

    init(_ file: StaticString, _ line: UInt) {
        self.init(file: "\(file)", line: Int(line))
    }

    public var description: String { "\(file):\(line)" }

    func relative(to root: String?) -> SourceLocation {
        SourceLocation(file: relativePath(file, to: root), line: line)
    }
}
