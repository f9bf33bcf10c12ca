import XCTest

@testable import Chat

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

final class URLSessionSTSHTTPClientTests: XCTestCase {
    func test_send_failsOnUnreachableHost() async {
        let sut = URLSessionSTSHTTPClient(session: URLSession(configuration: .ephemeral))
        var request = URLRequest(url: URL(string: "http://127.0.0.1:1/sts/metadata")!)
        request.timeoutInterval = 5

        do {
            _ = try await sut.send(request)
            XCTFail("Expected a connection error from a closed port")
        } catch {
            XCTAssertNotNil(error as? URLError, "Expected a URLError, got \(error)")
        }
    }

    func test_remoteClient_deliversConnectivityErrorThroughURLSessionOnUnreachableHost() async {
        let sut = RemoteSTSClient(
            baseURL: URL(string: "http://127.0.0.1:1")!, client: URLSessionSTSHTTPClient(session: URLSession(configuration: .ephemeral)))

        do {
            _ = try await sut.requestMetadata()
            XCTFail("Expected a connectivity error")
        } catch {
            XCTAssertEqual(error as? RemoteSTSClient.Error, .connectivity)
        }
    }
}
