import XCTest

@testable import Chat

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

final class LoadSTSFromRemoteUseCaseTests: XCTestCase {
    private let baseURL = URL(string: "https://sts.example.com/api")!

    func test_init_doesNotRequestAnything() {
        let (_, client) = makeSUT()
        XCTAssertEqual(client.requests, [])
    }

    func test_requestMetadata_getsMetadataURL() async throws {
        let (sut, client) = makeSUT()
        client.stub(status: 200, json: #"{"appId":"cwt-app-1"}"#)

        _ = try await sut.requestMetadata()

        XCTAssertEqual(client.requests.map(\.url?.absoluteString), ["https://sts.example.com/api/sts/metadata"])
        XCTAssertEqual(client.requests.first?.httpMethod, "GET")
    }

    func test_requestMetadata_deliversAppIdOn200WithValidJSON() async throws {
        let (sut, client) = makeSUT()
        client.stub(status: 200, json: #"{"appId":"cwt-app-1","other":1}"#)

        let metadata = try await sut.requestMetadata()

        XCTAssertEqual(metadata, STSMetadata(appId: "cwt-app-1"))
    }

    func test_requestMetadata_deliversInvalidDataOnNon200() async {
        for status in [199, 201, 400, 500] {
            let (sut, client) = makeSUT()
            client.stub(status: status, json: #"{"appId":"cwt-app-1"}"#)
            await expect(.invalidData(statusCode: status)) { _ = try await sut.requestMetadata() }
        }
    }

    func test_requestMetadata_deliversInvalidDataOn200WithInvalidJSON() async {
        let (sut, client) = makeSUT()
        client.stub(status: 200, json: "not json")
        await expect(.invalidData(statusCode: 200)) { _ = try await sut.requestMetadata() }
    }

    func test_requestMetadata_deliversConnectivityErrorOnClientError() async {
        let (sut, client) = makeSUT()
        client.error = URLError(.notConnectedToInternet)
        await expect(.connectivity) { _ = try await sut.requestMetadata() }
    }

    func test_requestToken_postsAppIdAsJSON() async throws {
        let (sut, client) = makeSUT()
        client.stub(status: 200, json: #"{"token":"jwt"}"#)

        let token = try await sut.requestToken(appId: "cwt-app-1")

        XCTAssertEqual(token, "jwt")
        let request = try XCTUnwrap(client.requests.first)
        XCTAssertEqual(request.url?.absoluteString, "https://sts.example.com/api/sts/token")
        XCTAssertEqual(request.httpMethod, "POST")
        XCTAssertEqual(request.value(forHTTPHeaderField: "Content-Type"), "application/json")
        XCTAssertEqual(request.httpBody.flatMap { String(data: $0, encoding: .utf8) }, #"{"appId":"cwt-app-1"}"#)
    }

    func test_requestToken_deliversInvalidDataOnMissingToken() async {
        let (sut, client) = makeSUT()
        client.stub(status: 200, json: #"{"tok":"jwt"}"#)
        await expect(.invalidData(statusCode: 200)) { _ = try await sut.requestToken(appId: "a") }
    }

    func test_requestToken_deliversUnauthorizedOn401AndUnknownVendorOn404() async {
        for (status, refusal) in [(401, STSRefusal.unauthorized), (404, .unknownVendor)] {
            let (sut, client) = makeSUT()
            client.stub(status: status, json: #"{"token":"jwt"}"#)
            do {
                _ = try await sut.requestToken(appId: "a")
                XCTFail("Expected \(refusal) on \(status)")
            } catch {
                XCTAssertEqual(error as? STSRefusal, refusal, "status \(status)")
            }
        }
    }

    func test_requestToken_deliversInvalidDataOnOtherNon200() async {
        for status in [201, 403, 500] {
            let (sut, client) = makeSUT()
            client.stub(status: status, json: #"{"token":"jwt"}"#)
            await expect(.invalidData(statusCode: status)) { _ = try await sut.requestToken(appId: "a") }
        }
    }

    func test_requestMetadata_deliversInvalidDataOn401And404() async {
        for status in [401, 404] {
            let (sut, client) = makeSUT()
            client.stub(status: status, json: #"{"appId":"cwt-app-1"}"#)
            await expect(.invalidData(statusCode: status)) { _ = try await sut.requestMetadata() }
        }
    }

    func test_errorDescription_tellsWhatHappened() {
        XCTAssertEqual(
            RemoteSTSClient.Error.invalidData(statusCode: 500).description,
            "The STS service answered with status 500 and no usable data.")
    }

    // MARK: - Helpers

    private func makeSUT(file: StaticString = #filePath, line: UInt = #line) -> (RemoteSTSClient, HTTPClientSpy) {
        let client = HTTPClientSpy()
        let sut = RemoteSTSClient(baseURL: baseURL, client: client)
        addTeardownBlock { [weak sut, weak client] in
            XCTAssertNil(sut, file: file, line: line)
            XCTAssertNil(client, file: file, line: line)
        }
        return (sut, client)
    }

    private func expect(
        _ expected: RemoteSTSClient.Error, file: StaticString = #filePath, line: UInt = #line,
        when action: () async throws -> Void
    ) async {
        do {
            try await action()
            XCTFail("Expected \(expected), got success", file: file, line: line)
        } catch {
            XCTAssertEqual(error as? RemoteSTSClient.Error, expected, file: file, line: line)
        }
    }

    private final class HTTPClientSpy: STSHTTPClient {
        private(set) var requests: [URLRequest] = []
        private var response: (Data, Int)?
        var error: Error?

        func stub(status: Int, json: String) { response = (Data(json.utf8), status) }

        func send(_ request: URLRequest) async throws -> (Data, HTTPURLResponse) {
            requests.append(request)
            if let error { throw error }
            let (data, status) = response ?? (Data(), 500)
            return (data, HTTPURLResponse(url: request.url!, statusCode: status, httpVersion: nil, headerFields: nil)!)
        }
    }
}
