import Survey
import XCTest

final class FileTokenStoreTests: XCTestCase {
    override func setUp() {
        super.setUp()
        try? FileManager.default.removeItem(at: testDirectory())
    }

    override func tearDown() {
        try? FileManager.default.removeItem(at: testDirectory())
        super.tearDown()
    }

    func test_retrieve_deliversNilOnMissingFile() async throws {
        let sut = makeSUT()

        let data = try await sut.retrieve()

        XCTAssertNil(data)
    }

    func test_retrieve_deliversInsertedData() async throws {
        let sut = makeSUT()

        try await sut.insert(Data("token".utf8))
        let data = try await sut.retrieve()

        XCTAssertEqual(data, Data("token".utf8))
    }

    func test_insert_overridesPreviouslyInsertedData() async throws {
        let sut = makeSUT()

        try await sut.insert(Data("first".utf8))
        try await sut.insert(Data("last".utf8))
        let data = try await sut.retrieve()

        XCTAssertEqual(data, Data("last".utf8))
    }

    func test_insert_createsFileReadableAndWritableByOwnerOnly() async throws {
        let sut = makeSUT()

        try await sut.insert(Data("token".utf8))
        try await sut.insert(Data("token again".utf8))

        let attributes = try FileManager.default.attributesOfItem(atPath: sut.fileURL.path)
        XCTAssertEqual((attributes[.posixPermissions] as? NSNumber)?.intValue, 0o600)
    }

    func test_insert_leavesNoTemporaryFilesBehind() async throws {
        let sut = makeSUT()

        try await sut.insert(Data("first".utf8))
        try await sut.insert(Data("last".utf8))

        let files = try FileManager.default.contentsOfDirectory(atPath: testDirectory().path)
        XCTAssertEqual(files, [sut.fileURL.lastPathComponent])
    }

    func test_insert_deliversErrorWhenTheDirectoryCannotBeCreated() async throws {
        let blocker = testDirectory().appendingPathComponent("blocker")
        try FileManager.default.createDirectory(at: testDirectory(), withIntermediateDirectories: true)
        XCTAssertTrue(FileManager.default.createFile(atPath: blocker.path, contents: Data()))
        let sut = FileTokenStore(fileURL: blocker.appendingPathComponent("token.json"))

        let error = await captureError { try await sut.insert(Data("token".utf8)) }

        XCTAssertNotNil(error)
    }

    func test_delete_removesInsertedData() async throws {
        let sut = makeSUT()
        try await sut.insert(Data("token".utf8))

        try await sut.delete()
        let data = try await sut.retrieve()

        XCTAssertNil(data)
    }

    func test_delete_succeedsOnMissingFile() async throws {
        let sut = makeSUT()

        try await sut.delete()
        let data = try await sut.retrieve()

        XCTAssertNil(data)
    }

    func test_localTokenLoader_roundTripsATokenThroughTheFile() async throws {
        let loader = LocalTokenLoader(store: makeSUT())
        let token = makeToken()

        try await loader.save(token)
        let loaded = try await LocalTokenLoader(store: makeSUT()).load()

        XCTAssertEqual(loaded, token)
    }

    // MARK: - Helpers

    private func makeSUT() -> FileTokenStore {
        FileTokenStore(fileURL: testDirectory().appendingPathComponent("token.json"))
    }

    private func testDirectory() -> URL {
        FileManager.default.temporaryDirectory.appendingPathComponent(
            "SurveyTests-\(type(of: self))-\(ProcessInfo.processInfo.processIdentifier)")
    }
}
