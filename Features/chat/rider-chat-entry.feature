@CUS-032
Feature: Chat with Rider entry point on the order tracking screen
  Story CUS-032 "Customer Chats with Rider for Active Order" (seed 001), functional area Order Management & Tracking,
  theme In-App Communication.

  As a Customer with an active order,
  I want to initiate a chat with the rider delivering it
  So that we can sort out the last metres of the delivery together.

  Business value: improves first-attempt delivery success rates and reduces calls to support.

  Decisions where the document is silent (written as scenarios below):
  - "hidden or disabled" (AC-005): we hide the button while no rider delivers the order; an order that is
    In Transit but has no rider yet counts as "no rider assigned".
  - After Delivered or Cancelled the chat history stays readable (BR-CHAT-002), so the button then reads
    'View chat history' and opens the read-only history; an order that never had a rider shows no button.

  Background:
    Given customer Ana has order 1001 in status "Preparing" with no rider assigned

  @CUS-032-AC-001 @CUS-032-UI
  Scenario: Chat option is available once a rider is assigned and the order is In Transit
    Given order 1001 is "In Transit" with rider Sam assigned
    When Ana views the tracking screen of order 1001
    Then the "Chat with Rider" button is visible and enabled
    And the button is labelled "Chat with your rider Sam" for screen readers
    And the button opens the chat to write in

  @CUS-032-AC-005 @CUS-032-TS-002
  Scenario Outline: Chat option is not available before a rider is assigned (<status>)
    Given order 1001 is "<status>" with no rider assigned
    When Ana views the tracking screen of order 1001
    Then the chat option is hidden
    And the hidden chat option opens nothing read-only

    Examples:
      | status                    |
      | Pending Vendor Acceptance |
      | Preparing                 |
      | In Transit                |

  @CUS-032-AC-005 @CUS-032-TS-002 @BR-CHAT-001
  Scenario: A customer cannot initiate a chat before a rider is assigned
    When Ana tries to open the chat of order 1001
    Then Ana is told "Chat with your rider opens once a rider is assigned and order 1001 is In Transit (it is Preparing)."
    And the message input and the Send button are disabled for Ana

  @CUS-032-AC-004 @BR-CHAT-002
  Scenario Outline: After the order is <status> the entry point opens the read-only history
    Given order 1001 is "In Transit" with rider Sam assigned
    And order 1001 becomes "<status>"
    When Ana views the tracking screen of order 1001
    Then the "View chat history" button is visible and enabled
    And the button opens the chat read-only

    Examples:
      | status    |
      | Delivered |
      | Cancelled |

  @CUS-032-AC-005 @BR-CHAT-002
  Scenario: An order cancelled before a rider was assigned shows no chat option and no history
    Given order 1001 becomes "Cancelled"
    When Ana views the tracking screen of order 1001
    Then the chat option is hidden
    And the hidden chat option opens nothing read-only

  @CUS-032-UI
  Scenario: Tapping the chat button opens the chat with the rider's name at the top
    Given order 1001 is "In Transit" with rider Sam assigned
    When Ana opens the chat of order 1001
    Then Ana sees "Sam" at the top of the chat
    And Ana sees "Order 1001 · In Transit" under the header

  @CUS-032-AC-005 @BR-CHAT-001
  Scenario: A rider assigned while the order is still Preparing cannot be chatted with yet
    Given order 1001 is "Preparing" with rider Sam assigned
    When Ana tries to open the chat of order 1001
    Then Ana is told "Chat with your rider opens once a rider is assigned and order 1001 is In Transit (it is Preparing)."
