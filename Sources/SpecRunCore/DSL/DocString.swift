/// A step's doc string, as handed to a step closure (last argument).
public struct DocString: Sendable, Equatable, CustomStringConvertible {
    public let content: String
    /// The media type written after the opening delimiter (```json → "json"), if any.
    public let mediaType: String?

    public init(_ content: String, mediaType: String? = nil) {
        self.content = content
        self.mediaType = mediaType
    }

    public var description: String { content }
}
