import Foundation
import SharedState

/// DocString types (cucumber-jvm's `@DocStringType`): a step closure whose last parameter is `T` receives the
/// DocString converted by the transformer registered for `T` and the DocString's media type (```json → "json"),
/// or for `T` and any media type. Without one, a `Decodable` parameter gets the DocString's JSON decoded.
///
///     steps.docStringType(mediaType: "csv") { (text: String) in try Orders(csv: text) }
///     steps.given("these orders:") { (world, orders: Orders) in world.orders = orders }
extension Steps {
    public mutating func docStringType<T>(
        _ type: T.Type = T.self, mediaType: String? = nil,
        _ transformer: @escaping @Sendable (String) throws -> T
    ) {
        DocStringTypes.shared.register(type, mediaType: mediaType) { try transformer($0) }
    }
}

/// The DocString types of the process's step libraries, by type and media type. Registered while the libraries
/// are built (before any step runs), read when a step's arguments are converted.
final class DocStringTypes: Sendable {
    static let shared = DocStringTypes()

    private struct Key: Hashable {
        let type: ObjectIdentifier
        let mediaType: String?
    }

    private let transformers = Locked<[Key: @Sendable (String) throws -> Any]>([:])

    func register<T>(_ type: T.Type, mediaType: String?, _ transformer: @escaping @Sendable (String) throws -> Any) {
        let key = Key(type: ObjectIdentifier(type), mediaType: mediaType)
        transformers.withLock { $0[key] = transformer }
    }

    /// The transformer for `T` and this media type, else for `T` and any media type.
    func transformer<T>(for type: T.Type, mediaType: String?) -> (@Sendable (String) throws -> Any)? {
        let id = ObjectIdentifier(type)
        return transformers.withLock { transformers in
            if let mediaType, let exact = transformers[Key(type: id, mediaType: mediaType)] { return exact }
            return transformers[Key(type: id, mediaType: nil)]
        }
    }
}
