@CUS-032
Feature: Customer and rider exchange messages in real time
  Story CUS-032 (seed 001): a customer with an active order chats with the assigned rider.

  As a Customer with an active order,
  I want to send messages to my rider and read theirs as they arrive
  So that the delivery succeeds at the first attempt.

  Business value: first-attempt delivery success, fewer support calls, a differentiating delivery experience.

  How we read the document:
  - "Immediately appears in my chat window": the message shows at once with its time and the status 'Sending…',
    then 'Sent' when the chat service accepted it (or 'Sending failed').
  - Both parties get the message through their live subscription, and the chat service asks the push service
    (FCM) to notify the recipient of every message (AC-002 asks for both); the app decides whether to show it.
  - Push preview (AC-003): the first 80 characters of the message, followed by "…" when it is longer.
  - Times are shown as HH:mm in the device's time zone (UTC in these scenarios).

  Background:
    Given customer Ana has order 1001 in status "In Transit" with rider Sam assigned
    And it is "14:05"

  @CUS-032-AC-002 @CUS-032-TS-001
  Scenario: Customer sends a message and the rider receives it in real time with a push notification
    Given Sam has the chat of order 1001 open
    And Ana has the chat of order 1001 open
    Then the input of Ana shows "Message Sam"
    And the input of Sam shows "Message the customer"
    When Ana sends "Hi, I am on the 3rd floor"
    Then Ana sees "Hi, I am on the 3rd floor" on the right at "14:05" marked "Sent"
    And Sam sees "Hi, I am on the 3rd floor" on the left at "14:05"
    And a push notification "New message from your customer (order 1001)" is requested for Sam with the text "Hi, I am on the 3rd floor"

  @CUS-032-AC-002 @CUS-032-TS-001
  Scenario: Customer receives the rider's answer in real time
    Given Sam has the chat of order 1001 open
    And Ana has the chat of order 1001 open
    When Sam sends "I am arriving now"
    Then Ana sees "I am arriving now" on the left at "14:05"
    And Ana sees the message "I am arriving now" from "Sam"
    And Sam sees "I am arriving now" on the right at "14:05" marked "Sent"

  @CUS-032-AC-002 @CUS-032-UI
  Scenario: A message shows 'Sending…' until the chat service accepts it
    Given Ana has the chat of order 1001 open
    And the chat service is slow to answer Ana
    When Ana sends "Please ring twice"
    Then while it is on its way Ana sees "Please ring twice" marked "Sending…"
    And Ana sees "Please ring twice" on the right at "14:05" marked "Sent"

  @CUS-032-AC-002 @CUS-032-UI
  Scenario: A conversation keeps the order of the messages and their times
    Given Sam has the chat of order 1001 open
    And Ana has the chat of order 1001 open
    When Ana sends "Are you close?"
    And it is "14:07"
    And Sam sends "Two minutes away"
    And it is "14:09"
    And Ana sends "Great, thanks"
    Then Ana sees the conversation:
      | from | message          | time  | side  |
      | You  | Are you close?   | 14:05 | right |
      | Sam  | Two minutes away | 14:07 | left  |
      | You  | Great, thanks    | 14:09 | right |

  @CUS-032-AC-003 @CUS-032-TS-005
  Scenario: Customer gets a push notification with a preview while the app is in the background
    Given Ana has the chat of order 1001 open
    And the app of Ana goes to the background
    When Sam sends "I am at the gate"
    Then a push notification "New message from Sam, your rider" is requested for Ana with the text "I am at the gate"
    And Ana has not received "I am at the gate" in the open chat
    When Ana brings the app back and opens the chat of order 1001
    Then Ana sees "I am at the gate" on the left at "14:05"

  @CUS-032-AC-003 @CUS-032-TS-005
  Scenario: The push preview of a long message is cut at 80 characters
    Given the app of Ana is closed
    When Sam sends "I am at the main entrance of your building but the gate is locked, could you come down or tell me the code?"
    Then a push notification "New message from Sam, your rider" is requested for Ana with the text "I am at the main entrance of your building but the gate is locked, could you com…"
    And the push preview has 81 characters

  @CUS-032-AC-003
  Scenario Outline: Push previews keep short messages whole and cut long ones
    Given the app of Ana is closed
    When Sam sends a message of <length> characters
    Then the push preview has <preview length> characters

    Examples:
      | length | preview length |
      | 1      | 1              |
      | 80     | 80             |
      | 81     | 81             |
      | 500    | 81             |

  @CUS-032-AC-002
  Scenario: System messages are not pushed
    Given Sam has the chat of order 1001 open
    When order 1001 becomes "Delivered"
    Then no push notification is requested

  @CUS-032-AC-002
  Scenario: A sent message is confirmed by the chat service's answer, even without the live connection
    Given Ana has the chat of order 1001 open
    And the live connection of Ana drops
    When Ana sends "I am at the gate"
    Then Ana sees "I am at the gate" on the right at "14:05" marked "Sent"

  @CUS-032-AC-002 @time-zone
  Scenario: Message times are shown in the phone's time zone
    Given the phones are in the time zone "Asia/Kolkata"
    And Sam has the chat of order 1001 open
    When Ana sends "Hello from the lobby"
    Then Ana sees "Hello from the lobby" on the right at "19:35" marked "Sent"
    And Sam sees "Hello from the lobby" on the left at "19:35"
