import Foundation
import Quiz
import XCTest

final class LoadQuestionFromRemoteUseCaseTests: XCTestCase {
    func test_init_doesNotRequestDataFromURL() async {
        let (_, client) = makeSUT()

        let messages = await client.messages
        XCTAssertEqual(messages, [])
    }

    func test_load_requestsDataFromURL() async {
        let url = URL(string: "https://a-given-url.com/question")!
        let (sut, client) = makeSUT(url: url)

        _ = try? await sut.load()

        let messages = await client.messages
        XCTAssertEqual(messages, [.get(url)])
    }

    func test_loadTwice_requestsDataFromURLTwice() async {
        let url = URL(string: "https://a-given-url.com/question")!
        let (sut, client) = makeSUT(url: url)

        _ = try? await sut.load()
        _ = try? await sut.load()

        let messages = await client.messages
        XCTAssertEqual(messages, [.get(url), .get(url)])
    }

    func test_load_deliversConnectivityErrorOnClientError() async {
        let (sut, client) = makeSUT()
        await client.complete(with: .failure(anyNSError()))

        await expect(sut, toCompleteWith: .failure(.connectivity))
    }

    func test_load_deliversInvalidDataErrorOnNon200HTTPResponse() async {
        let (sut, client) = makeSUT()

        for code in [199, 201, 300, 400, 404, 500] {
            await client.complete(with: .success(HTTPResponse(statusCode: code, body: makeJSON(makePayload()))))
            await expect(sut, toCompleteWith: .failure(.invalidData), "status \(code)")
        }
    }

    func test_load_deliversInvalidDataErrorOn200HTTPResponseWithInvalidJSON() async {
        let (sut, client) = makeSUT()

        for body in [
            "invalid json", "", "{}", #"{"question": "Q?"}"#, #"{"question": 1, "answer": []}"#, #"{"question": "Q?", "answer": "a"}"#,
        ] {
            await client.complete(with: .success(HTTPResponse(statusCode: 200, body: Data(body.utf8))))
            await expect(sut, toCompleteWith: .failure(.invalidData), body)
        }
    }

    func test_load_deliversInvalidDataErrorOn200HTTPResponseWithoutAnswersOrQuestion() async {
        let (sut, client) = makeSUT()

        for payload in [makePayload(answers: []), makePayload(answers: ["  ", ""]), makePayload(question: "  ")] {
            await client.complete(with: .success(HTTPResponse(statusCode: 200, body: makeJSON(payload))))
            await expect(sut, toCompleteWith: .failure(.invalidData))
        }
    }

    func test_load_deliversQuestionOn200HTTPResponseWithValidJSON() async {
        let (sut, client) = makeSUT()
        let payload = makePayload(question: "What are all the java keywords?", answers: ["abstract", "assert", "boolean"])

        await client.complete(with: .success(HTTPResponse(statusCode: 200, body: makeJSON(payload))))

        await expect(
            sut, toCompleteWith: .success(Question(text: "What are all the java keywords?", answers: ["abstract", "assert", "boolean"])))
    }

    func test_load_deliversQuestionWithTrimmedTextsOn200HTTPResponse() async {
        let (sut, client) = makeSUT()
        let payload = makePayload(question: " Colors? \n", answers: [" red ", "", "blue"])

        await client.complete(with: .success(HTTPResponse(statusCode: 200, body: makeJSON(payload))))

        await expect(sut, toCompleteWith: .success(Question(text: "Colors?", answers: ["red", "blue"])))
    }

    // MARK: Helpers

    private func makeSUT(url: URL = anyURL()) -> (sut: RemoteQuestionLoader, client: HTTPClientSpy) {
        let client = HTTPClientSpy()
        return (RemoteQuestionLoader(url: url, client: client), client)
    }

    private func makePayload(question: String = "Q?", answers: [String] = ["a"]) -> [String: Any] {
        ["question": question, "answer": answers]
    }

    private func makeJSON(_ payload: [String: Any]) -> Data {
        try! JSONSerialization.data(withJSONObject: payload)
    }

    private func expect(
        _ sut: RemoteQuestionLoader,
        toCompleteWith expected: Result<Question, RemoteQuestionLoader.Error>,
        _ message: String = "",
        file: StaticString = #filePath,
        line: UInt = #line
    ) async {
        let received: Result<Question, RemoteQuestionLoader.Error>
        do {
            received = .success(try await sut.load())
        } catch let error as RemoteQuestionLoader.Error {
            received = .failure(error)
        } catch {
            return XCTFail("Unexpected error \(error) \(message)", file: file, line: line)
        }
        XCTAssertEqual(received, expected, message, file: file, line: line)
    }
}

actor HTTPClientSpy: HTTPClient {
    enum ReceivedMessage: Equatable {
        case get(URL)
    }

    private(set) var messages: [ReceivedMessage] = []
    private var stub: Result<HTTPResponse, Error> = .failure(NSError(domain: "not stubbed", code: 0))

    func complete(with result: Result<HTTPResponse, Error>) {
        stub = result
    }

    func get(from url: URL) async throws -> HTTPResponse {
        messages.append(.get(url))
        return try stub.get()
    }
}
