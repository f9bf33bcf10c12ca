@CUS-032
Feature: The chat becomes read-only when the order is delivered or cancelled
  Story CUS-032 (seed 001), business rule BR-CHAT-002: chat history becomes read-only for Customer and Rider
  upon order completion ('Delivered') or termination ('Cancelled'). Enforced by the chat service and the UI:
  the service rejects any new message once the order is closed, the app disables the input controls.

  As a Customer whose order has been delivered or cancelled,
  I want the chat to be closed but still readable
  So that I can look back at what was agreed without anyone writing after the delivery.

  Decisions: the system message 'This chat is now closed' is added once, by the chat service, so that both
  parties and administrators see it in the history; quick replies are disabled with the input.

  Background:
    Given customer Ana has order 1001 in status "In Transit" with rider Sam assigned
    And it is "14:05"
    And Ana has the chat of order 1001 open
    And Sam has the chat of order 1001 open
    And Ana sends "Please leave it at the door"

  @CUS-032-AC-004 @BR-CHAT-002 @CUS-032-TS-003
  Scenario Outline: The chat closes for both parties when the order is <status>
    When order 1001 becomes "<status>"
    Then Ana sees the system message "This chat is now closed"
    And Sam sees the system message "This chat is now closed"
    And the message input and the Send button are disabled for Ana
    And the message input and the Send button are disabled for Sam
    And Ana sees "Order 1001 · <status>" under the header
    And Ana can still read "Please leave it at the door"
    And Sam can still read "Please leave it at the door"

    Examples:
      | status    |
      | Delivered |
      | Cancelled |

  @CUS-032-AC-004 @BR-CHAT-002 @CUS-032-TS-003
  Scenario: The chat service itself rejects new messages after delivery
    Given order 1001 becomes "Delivered"
    When Ana sends "Thanks!" straight to the chat service
    Then the chat service refuses it with the reason "This chat is now closed: order 1001 is Delivered. You can still read the history."
    When Sam sends "You're welcome" straight to the chat service
    Then the chat service refuses it with the reason "This chat is now closed: order 1001 is Delivered. You can still read the history."
    And Sam has not received "Thanks!" in the open chat

  @CUS-032-AC-004 @BR-CHAT-002
  Scenario: Trying to send from the closed chat is refused with the reason
    When order 1001 becomes "Cancelled"
    And Ana tries to send "Where is my order?"
    Then the message is refused with the reason "This chat is now closed: order 1001 is Cancelled. You can still read the history."
    And Ana is offered no quick replies

  @CUS-032-AC-004 @BR-CHAT-002
  Scenario: Opening the chat of a delivered order shows the read-only history
    Given order 1001 becomes "Delivered"
    When Ana opens the chat of order 1001
    Then Ana sees the conversation:
      | from   | message                     | time  | side   |
      | You    | Please leave it at the door | 14:05 | right  |
      | System | This chat is now closed     | 14:05 | center |
    And the message input and the Send button are disabled for Ana
    And the input of Ana shows "This chat is now closed"

  @CUS-032-AC-004 @BR-CHAT-002
  Scenario: The closing message is added only once
    When order 1001 becomes "Delivered"
    And order 1001 becomes "Delivered"
    Then the chat of order 1001 holds the system message "This chat is now closed" once

  @CUS-032-AC-004 @BR-CHAT-002
  Scenario: A send refused because the order closed meanwhile disables the input
    Given the live connection of Ana drops
    And order 1001 becomes "Delivered"
    When Ana tries to send "Are you here?"
    Then the message is refused with the reason "This chat is now closed: order 1001 is Delivered. You can still read the history."
    And the message input and the Send button are disabled for Ana
