import Chat
import XCTest

final class RiderChatMessagePolicyTests: XCTestCase {
    func test_validate_deliversTrimmedTextOnValidMessage() throws {
        XCTAssertEqual(try RiderChatMessagePolicy.validate("  Hello \n"), "Hello")
    }

    func test_validate_countsCharactersNotBytes() throws {
        XCTAssertEqual(try RiderChatMessagePolicy.validate(String(repeating: "é", count: 500)).count, 500)
    }

    func test_validate_deliversErrorOnTooLongOrBlank() {
        assertThrows(.messageTooLong(length: 501, limit: 500)) {
            _ = try RiderChatMessagePolicy.validate(String(repeating: "🛵", count: 501))
        }
        assertThrows(.emptyMessage) { _ = try RiderChatMessagePolicy.validate(" ") }
    }
}

final class RiderChatPushPreviewTests: XCTestCase {
    func test_make_keepsShortMessageWhole() {
        XCTAssertEqual(RiderChatPushPreview.make(from: "I am outside"), "I am outside")
        XCTAssertEqual(RiderChatPushPreview.make(from: String(repeating: "x", count: 80)).count, 80)
    }

    func test_make_trimsLongMessageTo80CharactersAndEllipsis() {
        let preview = RiderChatPushPreview.make(from: String(repeating: "y", count: 81))

        XCTAssertEqual(preview, String(repeating: "y", count: 80) + "…")
    }
}

final class ChatWithRiderEntryPointTests: XCTestCase {
    func test_map_showsEnabledChatWithRiderOnInTransitWithRider() {
        let entry = ChatWithRiderEntryPresenter.map(anOrder(status: .inTransit))

        XCTAssertEqual(entry.title, "Chat with Rider")
        XCTAssertTrue(entry.isVisible)
        XCTAssertTrue(entry.isEnabled)
        XCTAssertFalse(entry.opensReadOnly)
        XCTAssertEqual(entry.accessibilityLabel, "Chat with your rider Sam")
    }

    func test_map_hidesEntryBeforeRiderIsAssigned() {
        for status in [RiderChatOrderStatus.pendingVendorAcceptance, .preparing, .inTransit] {
            let entry = ChatWithRiderEntryPresenter.map(anOrder(status: status, rider: nil))

            XCTAssertFalse(entry.isVisible, "\(status)")
            XCTAssertFalse(entry.isEnabled, "\(status)")
        }
    }

    func test_map_hidesEntryWhilePreparingEvenWithRiderAssigned() {
        XCTAssertFalse(ChatWithRiderEntryPresenter.map(anOrder(status: .preparing)).isVisible)
    }

    func test_map_offersReadOnlyHistoryOnClosedOrder() {
        for status in [RiderChatOrderStatus.delivered, .cancelled] {
            let entry = ChatWithRiderEntryPresenter.map(anOrder(status: status))

            XCTAssertEqual(entry.title, "View chat history")
            XCTAssertTrue(entry.opensReadOnly)
        }
    }

    func test_orderStatus_readsDocumentDisplayNames() {
        XCTAssertEqual(RiderChatOrderStatus(displayName: "Pending Vendor Acceptance"), .pendingVendorAcceptance)
        XCTAssertEqual(RiderChatOrderStatus(displayName: "in transit"), .inTransit)
        XCTAssertNil(RiderChatOrderStatus(displayName: "Lost"))
    }

    func test_quickReplies_differForCustomerAndRider() {
        XCTAssertTrue(RiderChatQuickReplies.replies(for: .customer).contains("Please leave it at the door"))
        XCTAssertTrue(RiderChatQuickReplies.replies(for: .rider).contains("I am arriving now"))
        XCTAssertEqual(RiderChatQuickReplies.replies(for: .administrator), [])
    }
}

final class OrderChatCharacterCounterTests: XCTestCase {
    func test_characterCounter_countsDownToTheLimit() {
        XCTAssertEqual(OrderChatPresenter.characterCounter(for: ""), "500 characters left")
        XCTAssertEqual(OrderChatPresenter.characterCounter(for: "Hello"), "495 characters left")
        XCTAssertEqual(OrderChatPresenter.characterCounter(for: String(repeating: "a", count: 499)), "1 character left")
    }

    func test_characterCounter_showsExcessOverTheLimit() {
        XCTAssertEqual(OrderChatPresenter.characterCounter(for: String(repeating: "a", count: 501)), "1 character too many")
        XCTAssertEqual(OrderChatPresenter.characterCounter(for: String(repeating: "a", count: 512)), "12 characters too many")
    }
}
