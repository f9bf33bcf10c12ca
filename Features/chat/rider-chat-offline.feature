@CUS-032
Feature: Messages sent without connectivity are resent automatically
  Story CUS-032 (seed 001), acceptance criterion AC-006 and the technical risk "message loss during network
  handovers (e.g. Wi-Fi to cellular): the implementation needs a robust retry mechanism".

  As a Customer whose phone loses its connection while chatting with the rider,
  I want my messages to be kept and sent as soon as I am back online
  So that the rider gets them without me typing them again.

  How it works: without connectivity a message shows 'Sending failed' and waits in an outbox. When connectivity
  returns, the outbox is resent automatically, in the order the messages were written, exactly once each: every
  message carries an id chosen by the app and the chat service never stores the same id twice, so a message
  whose answer was lost (the service got it, the phone did not hear back) is not duplicated.
  Decision: a message written while older ones wait in the outbox waits behind them, to keep the order.

  Background:
    Given customer Ana has order 1001 in status "In Transit" with rider Sam assigned
    And it is "14:05"
    And Sam has the chat of order 1001 open
    And Ana has the chat of order 1001 open

  @CUS-032-AC-006
  Scenario: A message sent without connectivity shows 'Sending failed'
    Given the device of Ana loses its internet connection
    When Ana sends "I am in the garden"
    Then Ana sees "I am in the garden" on the right at "14:05" marked "Sending failed"
    And Ana is told "You are offline. Messages will be sent when you are back online."
    And Sam has not received "I am in the garden" in the open chat

  @CUS-032-AC-006
  Scenario: Queued messages are resent in order, exactly once, when connectivity returns
    Given the device of Ana loses its internet connection
    And Ana sends "I am in the garden"
    And Ana sends "Behind the house"
    And Ana sends "Use the side gate"
    When connectivity is restored for Ana
    Then Sam receives exactly these messages in this order:
      | I am in the garden |
      | Behind the house   |
      | Use the side gate  |
    And Ana sees "I am in the garden" on the right at "14:05" marked "Sent"
    And Ana sees "Behind the house" on the right at "14:05" marked "Sent"
    And Ana sees "Use the side gate" on the right at "14:05" marked "Sent"
    When connectivity is restored for Ana
    Then Sam has received 3 messages

  @CUS-032-AC-006 @CUS-032-UI
  Scenario: A queued message being resent after connectivity returns shows 'Sending…' until the service accepts it
    Given the device of Ana loses its internet connection
    And Ana sends "I am in the garden"
    And the chat service is slow to answer Ana
    When connectivity is restored for Ana
    Then while it is on its way Ana sees "I am in the garden" marked "Sending…"
    And Ana sees "I am in the garden" on the right at "14:05" marked "Sent"

  @CUS-032-AC-006
  Scenario: Connectivity reported again while a queued message is being resent does not send it twice
    Given the device of Ana loses its internet connection
    And Ana sends "I am in the garden"
    And the phone of Ana reports connectivity again while the next message is on its way
    When connectivity is restored for Ana
    Then Sam receives exactly these messages in this order:
      | I am in the garden |
    And the app of Ana handed 1 message to the network

  @CUS-032-AC-006
  Scenario: A message whose answer was lost during a network handover is not duplicated
    Given the connection of Ana drops right after the chat service receives her next message
    When Ana sends "Code 4521 for the door"
    Then Ana sees "Code 4521 for the door" on the right at "14:05" marked "Sending failed"
    When connectivity is restored for Ana
    Then Ana sees "Code 4521 for the door" on the right at "14:05" marked "Sent"
    And Sam receives exactly these messages in this order:
      | Code 4521 for the door |
    And the chat of order 1001 holds 1 message
    And the app of Ana handed 1 message to the network

  @CUS-032-AC-006
  Scenario: A message written while others wait in the outbox waits behind them, even when the network is back
    Given the device of Ana loses its internet connection
    And Ana sends "First"
    And the network of Ana is back before her app notices it
    When Ana sends "Second"
    Then Sam has not received "Second" in the open chat
    When connectivity is restored for Ana
    Then Sam receives exactly these messages in this order:
      | First  |
      | Second |

  @CUS-032-AC-006
  Scenario: A message written while an earlier one still waits is sent after it, even with the connection back
    Given the device of Ana loses its internet connection
    And Ana sends "First"
    And the chat service does not answer the next 2 sends of Ana
    And connectivity is restored for Ana
    When Ana sends "Second"
    Then Ana sees "Second" on the right at "14:05" marked "Sending failed"
    When connectivity is restored for Ana
    Then Sam receives exactly these messages in this order:
      | First  |
      | Second |

  @CUS-032-AC-006
  Scenario: A resend that times out keeps its place at the front of the outbox
    Given the device of Ana loses its internet connection
    And Ana sends "I am in the garden"
    And Ana sends "Behind the house"
    And the chat service does not answer the next 1 send of Ana
    When connectivity is restored for Ana
    Then Ana sees "I am in the garden" on the right at "14:05" marked "Sending failed"
    When connectivity is restored for Ana
    Then Sam receives exactly these messages in this order:
      | I am in the garden |
      | Behind the house   |

  @CUS-032-AC-006
  Scenario: The chat service stores a message sent twice with the same id only once
    Given Ana sends "Code 4521 for the door"
    When the chat service receives "Code 4521 for the door" from Ana again, with the same message id
    Then the chat of order 1001 holds 1 message
    And Sam has received 1 message
    And 1 push notification is requested

  @CUS-032-AC-006
  Scenario: A message resent after connectivity returns is shown after the ones the service received meanwhile
    Given the device of Ana loses its internet connection
    And Ana sends "I am in the garden"
    And Sam sends "I am at the door"
    When connectivity is restored for Ana
    Then Ana sees the conversation:
      | from | message            | time  | side  |
      | Sam  | I am at the door   | 14:05 | left  |
      | You  | I am in the garden | 14:05 | right |
