@CUS-032
Feature: The chat history of the order
  Story CUS-032 (seed 001), display requirements: "the chat history for the specific order must be loaded upon
  opening the chat", "scrolling up loads previous messages in the conversation for that order", and the
  performance requirement "opening the chat screen and loading the last 20 messages shall take less than
  1 second" (measured by the chat-latency-bench benchmark, not here).

  As a Customer reopening the chat with my rider,
  I want to see what we already said, newest at the bottom
  So that I can pick up the conversation.

  Decision: pages hold 20 messages; the chat shows whether older messages remain.

  Background:
    Given customer Ana has order 1001 in status "In Transit" with rider Sam assigned
    And customer Bob has order 2002 in status "In Transit" with rider Lee assigned
    And it is "14:05"

  @CUS-032-UI
  Scenario: Opening the chat loads the last 20 messages of this order
    Given the chat of order 1001 already holds 45 messages
    And the chat of order 2002 already holds 3 messages
    When Ana opens the chat of order 1001
    Then Ana sees 20 messages, from "Message 26 of order 1001" to "Message 45 of order 1001"
    And Ana can scroll up for older messages

  @CUS-032-UI
  Scenario: Scrolling up loads older pages until the first message
    Given the chat of order 1001 already holds 45 messages
    When Ana opens the chat of order 1001
    And Ana scrolls up
    Then Ana sees 40 messages, from "Message 6 of order 1001" to "Message 45 of order 1001"
    When Ana scrolls up
    Then Ana sees 45 messages, from "Message 1 of order 1001" to "Message 45 of order 1001"
    And there are no older messages for Ana

  @CUS-032-UI
  Scenario: A short chat loads whole
    Given the chat of order 1001 already holds 3 messages
    When Ana opens the chat of order 1001
    Then Ana sees 3 messages, from "Message 1 of order 1001" to "Message 3 of order 1001"
    And there are no older messages for Ana

  @CUS-032-UI
  Scenario: The chat of an order shows none of another order's messages
    Given the chat of order 2002 already holds 3 messages
    When Ana opens the chat of order 1001
    Then Ana sees 0 messages
    And there are no older messages for Ana

  @CUS-032-UI
  Scenario: My messages are on the right and the rider's on the left
    Given the chat of order 1001 already holds 2 messages
    When Ana opens the chat of order 1001
    Then Ana sees the conversation:
      | from | message                 | time  | side  |
      | You  | Message 1 of order 1001 | 14:05 | right |
      | Sam  | Message 2 of order 1001 | 14:05 | left  |

  @CUS-032-UI
  Scenario: Exactly one page of history leaves nothing older to load
    Given the chat of order 1001 already holds 20 messages
    When Ana opens the chat of order 1001
    Then Ana sees 20 messages
    And there are no older messages for Ana

  @CUS-032-UI
  Scenario: One message more than a page is loaded by scrolling up
    Given the chat of order 1001 already holds 21 messages
    When Ana opens the chat of order 1001
    Then Ana sees 20 messages, from "Message 2 of order 1001" to "Message 21 of order 1001"
    And Ana can scroll up for older messages
    When Ana scrolls up
    Then Ana sees 21 messages
    And there are no older messages for Ana

  @CUS-032-UI @CUS-032-AC-006
  Scenario: Back online after missing more than a page, the chat starts again from the latest messages
    Given the chat of order 1001 already holds 3 messages
    And Ana has the chat of order 1001 open
    And the device of Ana loses its internet connection
    And 42 more messages are written in the chat of order 1001
    When connectivity is restored for Ana
    Then Ana sees 20 messages, from "Message 26 of order 1001" to "Message 45 of order 1001"
    And Ana can scroll up for older messages

  @CUS-032-UI @CUS-032-AC-006
  Scenario: Back online after missing exactly one page, the messages shown before stay
    Given the chat of order 1001 already holds 25 messages
    And Ana has the chat of order 1001 open
    And the device of Ana loses its internet connection
    And 20 more messages are written in the chat of order 1001
    When connectivity is restored for Ana
    Then Ana sees 40 messages, from "Message 6 of order 1001" to "Message 45 of order 1001"

  @CUS-032-UI @CUS-032-AC-006
  Scenario: Back online, a system message received live is not shown twice
    Given Ana has the chat of order 1001 open
    And order 1001 is reassigned to rider Alex
    And the device of Ana loses its internet connection
    When connectivity is restored for Ana
    Then Ana sees the system message "Your rider is now Alex" once

  @CUS-032-UI @CUS-032-AC-006
  Scenario: The notice about older messages goes away once the connection is back
    Given the chat of order 1001 already holds 45 messages
    And Ana has the chat of order 1001 open
    And the device of Ana loses its internet connection
    When Ana scrolls up
    Then Ana is told "Older messages could not be loaded. Check your connection and scroll up again."
    When connectivity is restored for Ana
    Then Ana is told nothing

  @CUS-032-UI @CUS-032-AC-006
  Scenario: A chat that could not be loaded cannot be written in yet
    When Ana opens the chat of order 1001 without internet connection
    Then the message input and the Send button are disabled for Ana

  @CUS-032-UI @CUS-032-AC-006
  Scenario: A chat that could not be loaded does not say it is closed
    When Ana opens the chat of order 1001 without internet connection
    Then the input of Ana shows "Message your rider"

  @CUS-032-UI @CUS-032-AC-006
  Scenario: A chat that could not be loaded offers no older messages to scroll to
    Given the chat of order 1001 already holds 25 messages
    When Ana opens the chat of order 1001 without internet connection
    Then there are no older messages for Ana

  @CUS-032-UI @CUS-032-AC-006
  Scenario: A chat opened without internet connection says so, and loads once the connection is back
    Given the chat of order 1001 already holds 3 messages
    When Ana opens the chat of order 1001 without internet connection
    Then Ana is told "The chat could not be loaded. Check your connection; it will load again when you are back online."
    When connectivity is restored for Ana
    Then Ana sees 3 messages
    And Ana is told nothing

  @CUS-032-UI @CUS-032-AC-006
  Scenario: Back online after missing one message, the older pages already loaded stay
    Given the chat of order 1001 already holds 45 messages
    And Ana opens the chat of order 1001
    And Ana scrolls up
    And the device of Ana loses its internet connection
    And 1 more messages are written in the chat of order 1001
    When connectivity is restored for Ana
    Then Ana sees 41 messages, from "Message 6 of order 1001" to "Message 46 of order 1001"
