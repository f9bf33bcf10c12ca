import Foundation

/// Maps a survey list response of the survey API (JSON:API) to `[SurveyItem]`.
///
///     {"data": [{"id": "d5de6a8f8f5f1cfe51bc", "type": "survey",
///       "attributes": {"title": "Scarlett Bangkok", "description": "We'd love to hear from you!",
///                      "cover_image_url": "https://dhdbhh0jsld0o.cloudfront.net/m/1ea51560991bcb7d00d0_"}}],
///      "meta": {"page": 1, "pages": 10, "page_size": 2, "records": 20}}
enum SurveyItemsMapper {
    private struct Root: Decodable {
        let data: [Resource]
    }

    private struct Resource: Decodable {
        let id: String
        let attributes: Attributes
    }

    private struct Attributes: Decodable {
        let title: String
        let description: String
        let cover_image_url: String
    }

    enum Error: Swift.Error {
        case invalidData
    }

    static func map(_ data: Data, _ response: HTTPResponse) throws -> [SurveyItem] {
        guard response.isOK, let root = try? JSONDecoder().decode(Root.self, from: data) else {
            throw Error.invalidData
        }
        return try root.data.map { resource in
            guard let url = URL(string: resource.attributes.cover_image_url), url.scheme != nil else {
                throw Error.invalidData
            }
            return SurveyItem(
                id: resource.id, title: resource.attributes.title,
                description: resource.attributes.description, coverImageURL: url)
        }
    }
}
