import Foundation

/// The input rules of a chat message: not empty or blank, at most 500 characters.
public enum RiderChatMessagePolicy {
    public static let characterLimit = 500

    /// The text to send (surrounding whitespace removed), or the reason it is refused.
    public static func validate(_ text: String) throws(RiderChatError) -> String {
        let trimmed = text.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !trimmed.isEmpty else { throw .emptyMessage }
        guard trimmed.count <= characterLimit else {
            throw .messageTooLong(length: trimmed.count, limit: characterLimit)
        }
        return trimmed
    }
}
