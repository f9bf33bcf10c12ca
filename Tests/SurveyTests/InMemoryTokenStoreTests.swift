import DomainTestSupport
import Survey
import XCTest

final class InMemoryTokenStoreTests: XCTestCase {
    func test_retrieve_deliversNilOnEmptyStore() async throws {
        let sut = makeSUT()

        let data = try await sut.retrieve()

        XCTAssertNil(data)
    }

    func test_retrieve_deliversLastInsertedData() async throws {
        let sut = makeSUT()

        try await sut.insert(Data("first".utf8))
        try await sut.insert(Data("last".utf8))
        let data = try await sut.retrieve()

        XCTAssertEqual(data, Data("last".utf8))
    }

    func test_delete_emptiesTheStore() async throws {
        let sut = makeSUT()
        try await sut.insert(Data("token".utf8))

        try await sut.delete()
        let data = try await sut.retrieve()

        XCTAssertNil(data)
    }

    private func makeSUT() -> InMemoryTokenStore {
        let sut = InMemoryTokenStore()
        trackForMemoryLeaks(sut)
        return sut
    }
}
