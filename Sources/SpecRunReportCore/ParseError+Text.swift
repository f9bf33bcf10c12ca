import Messages

extension ParseError {
    /// The parser's message without its leading "(line:column): ", which the location already says.
    package var messageWithoutLocation: String {
        var message = Substring(self.message)
        if message.hasPrefix("("), let end = message.range(of: "): "),
            message[message.index(after: message.startIndex)..<end.lowerBound].allSatisfy({ $0.isNumber || $0 == ":" })
        {
            message = message[end.upperBound...]
        }
        return String(message)
    }

    /// "Features/a.feature:3:5", or the uri alone.
    package var locationText: String {
        (source.uri ?? "?") + (source.location.map { ":\($0.line)" + ($0.column.map { ":\($0)" } ?? "") } ?? "")
    }
}
