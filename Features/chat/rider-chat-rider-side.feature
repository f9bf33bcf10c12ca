@CUS-032
Feature: The rider's side of the order chat
  Story CUS-032 (seed 001) and its rider-side counterpart RDR-028 ("Rider Chats with Customer for Active
  Deliveries"), which ORIGINALS.md names: the rider's app shares the chat of the order with the customer's.

  As the Rider assigned to an order,
  I want to see whom I am writing to, keep my messages when my connection drops, and stop writing the moment
  the order is no longer mine
  So that I reach the right customer and nothing I write is lost or sent where it must not go.

  Decisions:
  - RDR-DEC-1: as RDR-028, the header of the rider's chat shows the customer's first name and the order id
    ("Ana · Order 1001"); an order that carries no customer name shows "Customer of order 1001".
  - RDR-DEC-2: the rider's messages written without connectivity wait in the same outbox as the customer's
    (AC-006) and are resent in order when connectivity returns.
  - RDR-DEC-3: a failed message says whether the app resends it by itself (it waits for connectivity) or not
    (the chat service refused it): only the first is resent.
  - RDR-DEC-5: an app that stops listening to the live events (its stream is cancelled) is disconnected from
    the chat room: the service no longer delivers to it.
  - RDR-DEC-4: once the chat service has said the rider may no longer use the chat (reassigned, live or when
    the screen tries again), the app sends nothing more to the service.

  Background:
    Given customer Ana has order 1001 in status "In Transit" with rider Sam assigned
    And it is "14:05"

  @CUS-032-AC-002 @RDR-DEC-1
  Scenario: The rider's header shows the customer's first name and the order id
    When Sam opens the chat of order 1001
    Then Sam sees "Ana · Order 1001" at the top of the chat

  @CUS-032-AC-006 @RDR-DEC-2
  Scenario: The rider's message sent without connectivity is resent when connectivity returns
    Given Ana has the chat of order 1001 open
    And Sam has the chat of order 1001 open
    And the device of Sam loses its internet connection
    And Sam sends "Stuck in traffic, 5 minutes"
    When connectivity is restored for Sam
    Then Ana receives exactly these messages in this order:
      | Stuck in traffic, 5 minutes |
    And Sam sees "Stuck in traffic, 5 minutes" on the right at "14:05" marked "Sent"

  @CUS-032-AC-006 @RDR-DEC-3
  Scenario: A message that failed for want of connectivity is to be resent automatically
    Given Sam has the chat of order 1001 open
    And the device of Sam loses its internet connection
    When Sam sends "At the gate"
    Then Sam sees "At the gate" marked "Sending failed", to be resent automatically

  @CUS-032-AC-004 @RDR-DEC-3
  Scenario: A message the chat service refused is not resent
    Given Sam has the chat of order 1001 open
    And the live connection of Sam drops
    And order 1001 becomes "Delivered"
    When Sam tries to send "Left it at the door"
    Then Sam sees "Left it at the door" marked "Sending failed", not to be resent

  @BR-CHAT-001 @CUS-032-TS-004 @RDR-DEC-4
  Scenario: A rider reassigned while the chat is open sends nothing more
    Given Sam has the chat of order 1001 open
    And order 1001 is reassigned to rider Alex
    When Sam tries to send "Still coming"
    Then the message is refused with the reason "You are no longer the rider assigned to order 1001: only the current rider can join this chat."
    And the app of Sam sent nothing to the chat service

  @BR-CHAT-001 @CUS-032-TS-004 @RDR-DEC-4
  Scenario: A rider refused when the screen tries again sends nothing more
    Given Sam has the chat of order 1001 open
    And the live connection of Sam drops
    And order 1001 is reassigned to rider Alex
    And Sam tries again on the same chat screen
    When Sam tries to send "Still coming"
    Then the message is refused with the reason "You are no longer the rider assigned to order 1001: only the current rider can join this chat."
    And the app of Sam sent nothing to the chat service

  @CUS-032-AC-002 @RDR-DEC-5
  Scenario: An app that stops listening to the live events is no longer connected to the chat
    Given Sam follows order 1001 as a stream of live events
    And Ana follows order 1001 as a stream of live events
    When Sam stops following the live events
    Then the chat service has 1 live connection for order 1001

  @CUS-032-AC-002 @RDR-DEC-5
  Scenario: An app following the live events as a stream receives the other party's messages
    Given Sam follows order 1001 as a stream of live events
    And Ana has the chat of order 1001 open
    When Ana sends "Ring twice please"
    Then the stream of live events of Sam brings "Ring twice please"

  @BR-CHAT-001 @CUS-032-TS-004 @RDR-DEC-4
  Scenario: A rider reassigned while offline is told why older messages cannot be loaded
    Given the chat of order 1001 already holds 45 messages
    And Sam has the chat of order 1001 open
    And the live connection of Sam drops
    And order 1001 is reassigned to rider Alex
    When Sam scrolls up
    Then Sam is told "You are no longer the rider assigned to order 1001: only the current rider can join this chat."
