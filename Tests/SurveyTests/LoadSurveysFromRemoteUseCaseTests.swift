import Survey
import XCTest

final class LoadSurveysFromRemoteUseCaseTests: XCTestCase {
    func test_init_doesNotSendAnyRequest() async {
        let (_, client) = makeSUT()

        let messages = await client.messages
        XCTAssertTrue(messages.isEmpty)
    }

    func test_load_getsURLWithPageNumberAndPageSizeQueryItems() async throws {
        let url = URL(string: "https://a-given.url/api/v1/surveys")!
        let (sut, client) = makeSUT(url: url)
        await client.stub(statusCode: 200, data: makeItemsJSON([]))

        _ = try await sut.load(page: 2, size: 5)

        let requests = await client.requests
        XCTAssertEqual(requests.map(\.method), [.get])
        let components = try XCTUnwrap(requests.first.flatMap { URLComponents(url: $0.url, resolvingAgainstBaseURL: false) })
        XCTAssertEqual(components.host, "a-given.url")
        XCTAssertEqual(components.path, "/api/v1/surveys")
        XCTAssertEqual(
            components.queryItems, [URLQueryItem(name: "page[number]", value: "2"), URLQueryItem(name: "page[size]", value: "5")])
    }

    func test_load_keepsOtherQueryItemsOfTheURL() async throws {
        let url = URL(string: "https://a-given.url/api/v1/surveys?locale=en&page[number]=9")!
        let (sut, client) = makeSUT(url: url)
        await client.stub(statusCode: 200, data: makeItemsJSON([]))

        _ = try await sut.load(page: 1, size: 3)

        let request = await client.requests.first
        let items = try XCTUnwrap(request.flatMap { URLComponents(url: $0.url, resolvingAgainstBaseURL: false)?.queryItems })
        XCTAssertEqual(items.map(\.name), ["locale", "page[number]", "page[size]"])
        XCTAssertEqual(items.map(\.value), ["en", "1", "3"])
    }

    func test_load_keepsTheBaseOfAURLRelativeToIt() async throws {
        let url = URL(string: "api/v1/surveys", relativeTo: URL(string: "https://a-given.url/")!)!
        let (sut, client) = makeSUT(url: url)
        await client.stub(statusCode: 200, data: makeItemsJSON([]))

        _ = try await sut.load(page: 1, size: 3)

        let request = await client.requests.first
        let components = try XCTUnwrap(request.flatMap { URLComponents(url: $0.url, resolvingAgainstBaseURL: true) })
        XCTAssertEqual(components.host, "a-given.url")
        XCTAssertEqual(components.path, "/api/v1/surveys")
        XCTAssertEqual(components.queryItems?.map(\.name), ["page[number]", "page[size]"])
    }

    func test_load_deliversConnectivityErrorOnClientError() async {
        let (sut, client) = makeSUT()
        await client.stub(error: AnyError())

        let error = await captureError { try await sut.load(page: 1, size: 2) }

        XCTAssertEqual(error as? RemoteSurveysLoader.Error, .connectivity)
    }

    func test_load_deliversTheTokenErrorOnAuthorizationError() async {
        let (sut, client) = makeSUT()
        await client.stub(error: AuthorizationError(underlying: LocalTokenLoader.Error.notFound))

        let error = await captureError { try await sut.load(page: 1, size: 2) }

        XCTAssertEqual(error as? LocalTokenLoader.Error, .notFound)
    }

    func test_load_deliversInvalidDataErrorOnNon200HTTPResponse() async {
        for code in [199, 201, 300, 401, 404, 500] {
            let (sut, client) = makeSUT()
            await client.stub(statusCode: code, data: makeItemsJSON([]))

            let error = await captureError { try await sut.load(page: 1, size: 2) }

            XCTAssertEqual(error as? RemoteSurveysLoader.Error, .invalidData, "for status \(code)")
        }
    }

    func test_load_deliversInvalidDataErrorOn200HTTPResponseWithInvalidJSON() async {
        let (sut, client) = makeSUT()
        await client.stub(statusCode: 200, data: Data("invalid json".utf8))

        let error = await captureError { try await sut.load(page: 1, size: 2) }

        XCTAssertEqual(error as? RemoteSurveysLoader.Error, .invalidData)
    }

    func test_load_deliversInvalidDataErrorOn200HTTPResponseWithAnItemWithoutCoverImageURL() async {
        let (sut, client) = makeSUT()
        await client.stub(statusCode: 200, data: Data(#"{"data": [{"id": "1", "attributes": {"title": "t", "description": "d"}}]}"#.utf8))

        let error = await captureError { try await sut.load(page: 1, size: 2) }

        XCTAssertEqual(error as? RemoteSurveysLoader.Error, .invalidData)
    }

    func test_load_deliversNoItemsOn200HTTPResponseWithEmptyList() async throws {
        let (sut, client) = makeSUT()
        await client.stub(statusCode: 200, data: makeItemsJSON([]))

        let items = try await sut.load(page: 1, size: 2)

        XCTAssertEqual(items, [])
    }

    func test_load_deliversItemsOn200HTTPResponseWithJSONItems() async throws {
        let (sut, client) = makeSUT()
        let item1 = SurveyItem(
            id: "d5de6a8f8f5f1cfe51bc", title: "Scarlett Bangkok", description: "We'd love to hear from you!",
            coverImageURL: URL(string: "https://dhdbhh0jsld0o.cloudfront.net/m/1ea51560991bcb7d00d0_")!)
        let item2 = SurveyItem(
            id: "ed1d4f0ff19a56073a14", title: "ibis Bangkok Riverside", description: "We'd love to hear from you!",
            coverImageURL: URL(string: "https://dhdbhh0jsld0o.cloudfront.net/m/287db81c5e4242412cc0_")!)
        await client.stub(statusCode: 200, data: makeItemsJSON([item1, item2]))

        let items = try await sut.load(page: 1, size: 2)

        XCTAssertEqual(items, [item1, item2])
    }

    // MARK: - Helpers

    private func makeSUT(url: URL = URL(string: "https://survey.example.com/api/v1/surveys")!) -> (RemoteSurveysLoader, HTTPClientSpy) {
        let client = HTTPClientSpy()
        let sut = RemoteSurveysLoader(url: url, client: client)
        trackForMemoryLeaks(sut)
        trackForMemoryLeaks(client)
        return (sut, client)
    }
}

func makeItemsJSON(_ items: [SurveyItem]) -> Data {
    let data = items.map { item -> [String: Any] in
        [
            "id": item.id, "type": "survey",
            "attributes": [
                "title": item.title, "description": item.description, "cover_image_url": item.coverImageURL.absoluteString,
                "is_active": true,
            ],
        ]
    }
    let json: [String: Any] = ["data": data, "meta": ["page": 1, "pages": 1, "page_size": items.count, "records": items.count]]
    return try! JSONSerialization.data(withJSONObject: json)
}
