import XCTest

@testable import Chat

final class SessionRulesTests: XCTestCase {
    func test_isShown_onlyForQueueChattingAndClosedByOperator() {
        let shown = SessionChatState.allCases.filter(\.isShown)
        XCTAssertEqual(shown, [.queue, .chatting, .closedByOperator])
    }

    func test_serviceURL_isBuiltFromAccountNameOrTakenAsFullURL() {
        XCTAssertEqual(SessionConfiguration(accountName: "demo", location: "m").serviceURL, URL(string: "https://demo.webim.ru/"))
        XCTAssertEqual(
            SessionConfiguration(accountName: "https://chat.acme.com/", location: "m").serviceURL, URL(string: "https://chat.acme.com/"))
        XCTAssertNil(SessionConfiguration(accountName: "", location: "m").serviceURL)
        XCTAssertNil(SessionConfiguration(accountName: "bad name", location: "m").serviceURL)
    }

    func test_errorDescriptions_sayWhatToDo() {
        XCTAssertEqual(SessionError.invalidRate(6).description, "An operator is rated from 1 to 5 stars, not 6.")
        XCTAssertEqual(SessionError.chatClosed(.closedByVisitor).description, "The chat is closed (closedByVisitor): start a new chat.")
        XCTAssertTrue(SessionError.networkError.description.contains("network"))
    }
}
