@CUS-032
Feature: Only the customer and the currently assigned rider take part in an order's chat
  Story CUS-032 (seed 001), business rules BR-CHAT-001 and BR-CHAT-003.

  BR-CHAT-001: chat is only permitted between a customer and the rider currently assigned to their active order;
  the chat service authorises every connection against the order and denies anyone who is not a party to it.
  BR-CHAT-003: chat logs are accessible read-only to Administrators for support and moderation.

  As a Customer,
  I want only my rider to read and write in my order's chat
  So that my delivery details stay between us (and support, when needed).

  Decisions where the document is silent:
  - When the rider is reassigned mid-delivery, the new rider joins the same conversation and sees its history;
    the previous rider loses access at once (their live connection ends with the reason), and a system message
    'Your rider is now <name>' tells everyone; the header of the customer's chat shows the new rider's name.
  - Administrators can read the chat log of any order, open or closed, and can never send.

  Background:
    Given customer Ana has order 1001 in status "In Transit" with rider Sam assigned
    And customer Bob has order 2002 in status "In Transit" with rider Lee assigned
    And it is "14:05"

  @BR-CHAT-001 @CUS-032-TS-001
  Scenario: The order's customer and its assigned rider can join
    When Ana opens the chat of order 1001
    And Sam opens the chat of order 1001
    Then the message input and the Send button are enabled for Ana
    And the message input and the Send button are enabled for Sam

  @BR-CHAT-001
  Scenario Outline: <who> is denied access to the chat of order 1001
    When <who> tries to open the chat of order 1001
    Then <who> is told "<reason>"
    And the message input and the Send button are disabled for <who>

    Examples:
      | who | reason                                                                                          |
      | Bob | You are not a party to order 1001: only its customer and its assigned rider can join this chat. |
      | Lee | You are not a party to order 1001: only its customer and its assigned rider can join this chat. |

  @BR-CHAT-001
  Scenario: A rider refused before the order was his can write once it is assigned to him
    When Lee tries to open the chat of order 1001
    And order 1001 is reassigned to rider Lee
    And Lee tries again on the same chat screen
    Then the message input and the Send button are enabled for Lee

  @BR-CHAT-001
  Scenario: A stranger cannot slip a message into another order's chat
    Given Sam has the chat of order 1001 open
    When Bob sends "Hello" straight to the chat service in order 1001
    Then the chat service refuses it with the reason "You are not a party to order 1001: only its customer and its assigned rider can join this chat."
    And Sam has not received "Hello" in the open chat

  @BR-CHAT-001
  Scenario: A chat of an unknown order cannot be opened
    When Ana tries to open the chat of order 9999
    Then Ana is told "Order 9999 was not found. Check the order number and try again."

  @BR-CHAT-001 @CUS-032-TS-004
  Scenario: When the rider is changed mid-order, the customer is connected to the new rider
    Given Ana has the chat of order 1001 open
    And Sam has the chat of order 1001 open
    And Ana sends "Please ring the bell"
    When order 1001 is reassigned to rider Alex
    Then Sam loses access with the reason "You are no longer the rider assigned to order 1001: only the current rider can join this chat."
    And Ana sees "Alex" at the top of the chat
    And Ana sees the system message "Your rider is now Alex"
    When Alex opens the chat of order 1001
    Then Alex can still read "Please ring the bell"
    When Alex sends "I took over your delivery"
    Then Ana sees the message "I took over your delivery" from "Alex"

  @BR-CHAT-001 @CUS-032-TS-004
  Scenario: A rider given the order back can chat again
    Given Ana has the chat of order 1001 open
    And order 1001 is reassigned to rider Alex
    And order 1001 is reassigned to rider Sam
    When Sam opens the chat of order 1001
    And Sam sends "I am back on your delivery"
    Then Ana sees the message "I am back on your delivery" from "Sam"

  @BR-CHAT-001 @CUS-032-TS-004
  Scenario: The previous rider can no longer read or write after reassignment
    Given order 1001 is reassigned to rider Alex
    When Sam tries to open the chat of order 1001
    Then Sam is told "You are no longer the rider assigned to order 1001: only the current rider can join this chat."
    When Sam sends "Still coming" straight to the chat service
    Then the chat service refuses it with the reason "You are no longer the rider assigned to order 1001: only the current rider can join this chat."

  @BR-CHAT-003 @CUS-032-TS-006
  Scenario: An administrator can view the chat log of a completed order
    Given Ana has the chat of order 1001 open
    And Sam has the chat of order 1001 open
    And Ana sends "Please leave it at the door"
    And Sam sends "Done, it is at your door"
    And order 1001 becomes "Delivered"
    When administrator Kim opens the chat log of order 1001
    Then Kim sees "Chat log of order 1001" at the top of the chat
    And Kim sees the conversation:
      | from     | message                     | time  | side   |
      | Customer | Please leave it at the door | 14:05 | right  |
      | Sam      | Done, it is at your door    | 14:05 | left   |
      | System   | This chat is now closed     | 14:05 | center |
    And the message input and the Send button are disabled for Kim

  @BR-CHAT-003
  Scenario: An administrator can read an active chat, and the chat service refuses his message
    Given Ana has the chat of order 1001 open
    And Ana sends "Please ring the bell"
    When administrator Kim opens the chat log of order 1001
    Then Kim can still read "Please ring the bell"
    And the input of Kim shows "Read-only chat log"
    When Kim sends "Hello from support" straight to the chat service
    Then the chat service refuses it with the reason "Administrators can read chat logs but cannot send messages."

  @BR-CHAT-001
  Scenario: The chat service refuses the history of an order to a stranger
    When Bob asks the chat service for the history of order 1001
    Then the chat service refuses it with the reason "You are not a party to order 1001: only its customer and its assigned rider can join this chat."

  @BR-CHAT-001
  Scenario: The chat service refuses the live updates of an order to a stranger
    When Bob asks the chat service for the live updates of order 1001
    Then the chat service refuses it with the reason "You are not a party to order 1001: only its customer and its assigned rider can join this chat."
