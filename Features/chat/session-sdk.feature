@chat @session @webim-realtime-session
Feature: Realtime chat session: what the Webim SDK does where the document is silent
  Seed 003 (WebimClientLibrary documentation), "Chat call" and "Chat usage", and the SDK (version2, 2.10.0)
  behind it. The decisions WEBIM-DEC-1 to WEBIM-DEC-21 are explained in session.feature and
  offline-session.feature; this file adds:

  - WEBIM-DEC-22: as the SDK's `WMOperatorRate`, the service takes the rate from -2 to +2; the document's
    "1–5 stars" is what the visitor picks (1 star → -2 … 5 stars → +2). Rating is refused before anything is
    sent when there is no session or no operator took part in the chat (the SDK fails at once without a page id,
    a visit session or an operator id).
  - WEBIM-DEC-23: an operator who took part in the chat can still be rated after another operator took it over
    (the SDK rates by the operator id a message carries).
  - WEBIM-DEC-24: as the SDK's `startChatWithClientSideId:`, an empty client-side id is replaced by a generated
    one, which is sent and returned; a message's client-side id is sent as given, even empty (the SDK sends a
    `client-side-id` whenever one is passed).
  - WEBIM-DEC-25: as the SDK, entering the visit session state "offline-message" closes the chat: it is no
    longer displayed and nothing can be sent in it. Difference from the SDK: the SDK also sends `chat.close` to
    the service; here the session closes it on its side only, because the service already knows no operator
    can be reached (it is the service that reported "offline-message").
  - WEBIM-DEC-31: a difference from the SDK 2.10, whose `rateOperator` hands its completion the inverted flag
    when the service accepted the rating (a bug of the SDK): here a rating the service accepted succeeds, and one
    it refused fails with the service's reason, because the app must be able to thank the visitor or say why.
  - WEBIM-DEC-26: the typing update the 2-second throttle held back is sent once: when a later update went out
    at once (the timer was late), the timer sends nothing more.
  - WEBIM-DEC-27: writing again after the operator closed the chat puts it back in the queue: the session does
    it and tells the app, not the service (difference from the SDK, where the server moves every state: the
    document's decision WEBIM-DEC-4 is kept even when the service does not answer with a new state).

  As a visitor of a customer's app
  I want the chat to behave as the SDK the document describes
  So that ratings, ids and closed chats mean the same to the service as to me.

  Background:
    Given the chat service for account "demo" and location "mobile"
    And operators are online

  Rule: Rating an operator

    @chat-usage @rating @WEBIM-DEC-22 @WEBIM-CHAT-USAGE
    Scenario: Rating before the session is started is refused
      When the visitor rates the operator with id "op-7" with 4 stars
      Then the request fails with "The chat session is not started: start it first."
      And nothing was sent to the chat service

    @chat-usage @rating @WEBIM-DEC-22 @WEBIM-CHAT-USAGE
    Scenario: Rating is refused while no operator took part in the chat
      Given the visitor has started the session
      And the visitor has started a chat
      When the visitor rates the operator with id "op-7" with 4 stars
      Then the request fails with "No operator has taken part in this chat yet: there is nobody to rate."
      And nothing was sent to the chat service

    @chat-usage @rating @WEBIM-DEC-5 @WEBIM-DEC-22 @WEBIM-CHAT-USAGE
    Scenario: An operator who was not in the chat is refused by the session, before the service
      Given the visitor has started the session
      And the visitor has started a chat
      And the operator "Anna" with id "op-7" and avatar "https://cdn.example.com/anna.png" takes the chat
      When the visitor rates the operator with id "op-404" with 4 stars
      Then the request fails with 'No operator "op-404" took part in this chat.'
      And nothing was sent to the chat service

    @chat-usage @rating @decision @WEBIM-DEC-31 @WEBIM-CHAT-USAGE
    Scenario: A rating the service accepted is reported as done, unlike the SDK
      Given the visitor has started the session
      And the visitor has started a chat
      And the operator "Anna" with id "op-7" and avatar "https://cdn.example.com/anna.png" takes the chat
      When the visitor rates the operator with id "op-7" with 5 stars
      Then the rating succeeds
      And the chat service receives the rate 2 for the operator "op-7"

    @chat-usage @rating @decision @WEBIM-DEC-31 @WEBIM-CHAT-USAGE
    Scenario: A rating the service refused is reported as failed, with the service's reason
      Given the visitor has started the session
      And the visitor has started a chat
      And the operator "Anna" with id "op-7" and avatar "https://cdn.example.com/anna.png" takes the chat
      And the chat service answers the next request with the error "account-blocked"
      When the visitor rates the operator with id "op-7" with 5 stars
      Then the request fails with "The chat is not available for this app's account."

    @chat-usage @rating @WEBIM-DEC-23 @WEBIM-CHAT-USAGE
    Scenario: The operator who answered before another took over can still be rated
      Given the visitor has started the session
      And the visitor has started a chat
      And the operator "Anna" with id "op-7" and avatar "https://cdn.example.com/anna.png" takes the chat
      And the operator replies "Let me check"
      And the operator "Boris" with id "op-9" and avatar "https://cdn.example.com/boris.png" takes the chat
      When the visitor rates the operator with id "op-7" with 4 stars
      Then the chat service receives the rate 1 for the operator "op-7"

    @chat-usage @rating @WEBIM-DEC-23 @WEBIM-CHAT-USAGE
    Scenario: An operator who only sent a file before another took over can still be rated
      Given the visitor has started the session
      And the visitor has started a chat
      And the operator "Anna" with id "op-7" and avatar "https://cdn.example.com/anna.png" takes the chat
      And the operator sends the file "map.png" of type "image/png" and 2048 bytes
      And the operator "Boris" with id "op-9" and avatar "https://cdn.example.com/boris.png" takes the chat
      When the visitor rates the operator with id "op-7" with 5 stars
      Then the chat service receives the rate 2 for the operator "op-7"

  Rule: Client-side ids

    @chat-call @WEBIM-DEC-24 @WEBIM-CHAT-CALL
    Scenario: An empty client-side id for a new chat is replaced by a generated one
      Given the visitor has started the session
      When the visitor starts a chat with client-side id ""
      Then the request returns the client-side id "generated-1"
      And the chat-started callback carries the client-side id "generated-1"

    @chat-usage @send-message @WEBIM-DEC-24 @WEBIM-CHAT-USAGE
    Scenario: A message's empty client-side id is sent as it is
      Given the visitor has started the session
      And the visitor has started a chat
      When the visitor sends the message "Hello" with client-side id ""
      Then the message "" succeeds
      And the visitor receives their own message "Hello" with client-side id ""

  Rule: The visit session state "offline-message" closes the chat

    @chat-usage @WEBIM-DEC-25 @WEBIM-DEC-13 @WEBIM-CHAT-USAGE
    Scenario: In the offline-message state the chat is no longer displayed
      Given the visitor has started the session
      And the visitor has started a chat
      And the operator "Anna" with id "op-7" and avatar "https://cdn.example.com/anna.png" takes the chat
      When the chat service reports the visit session state "offline-message"
      Then the chat is not displayed
      And the app does not let the visitor send messages

    @chat-usage @WEBIM-DEC-25 @WEBIM-CHAT-USAGE
    Scenario: Nothing can be sent in the chat the offline-message state closed
      Given the visitor has started the session
      And the visitor has started a chat
      And the chat service reports the visit session state "offline-message"
      When the visitor sends the message "Still there?" with client-side id "m-60"
      Then the message "m-60" fails with "The chat is closed (closedByVisitor): start a new chat."
      And nothing was sent to the chat service

    @chat-usage @typing @WEBIM-DEC-25 @WEBIM-CHAT-USAGE
    Scenario: In the offline-message state no operator is online or typing any more
      Given the visitor has started the session
      And the visitor has started a chat
      And the operator "Anna" with id "op-7" and avatar "https://cdn.example.com/anna.png" takes the chat
      And the operator starts typing
      When the chat service reports the visit session state "offline-message"
      Then the online status is "offline"
      And the visitor sees that the operator is not typing

  Rule: Typing and queueing again

    @chat-usage @typing @WEBIM-DEC-26 @WEBIM-DEC-20 @WEBIM-CHAT-USAGE
    Scenario: The held-back typing update is not sent again once a later one went out
      Given the visitor has started the session
      And the visitor has started a chat
      And the visitor is composing the draft "My"
      And 1 second passes
      And the visitor is composing the draft "My booking"
      When 2 seconds pass on the clock while the session's timer is late
      And the visitor is composing the draft "My booking reference"
      And the session's timer fires
      Then the chat service received 2 typing updates
      And the operator sees the visitor typing "My booking reference"

    @chat-usage @close-chat @WEBIM-DEC-27 @WEBIM-DEC-4 @WEBIM-CHAT-USAGE
    Scenario: Writing after the operator closed the chat tells the app the chat is queued again
      Given the visitor has started the session
      And the visitor has started a chat
      And the operator "Anna" with id "op-7" and avatar "https://cdn.example.com/anna.png" takes the chat
      And the operator closes the chat
      When the visitor sends the message "One more question" with client-side id "m-51"
      Then the session is told the chat state is "queue"
      And the displayed chat is in state "queue"

    @chat-usage @close-chat @WEBIM-DEC-27 @WEBIM-DEC-4 @WEBIM-CHAT-USAGE
    Scenario: Sending a file after the operator closed the chat queues it again too
      Given the visitor has started the session
      And the visitor has started a chat
      And the operator "Anna" with id "op-7" and avatar "https://cdn.example.com/anna.png" takes the chat
      And the operator closes the chat
      When the visitor sends the file "receipt.pdf" of type "application/pdf" and 10 bytes with client-side id "f-51"
      Then the session is told the chat state is "queue"
      And the displayed chat is in state "queue"

  Rule: Reading a chat

    @chat-usage @WEBIM-DEC-19 @WEBIM-CHAT-USAGE
    Scenario: A chat the visitor closed cannot be marked as read
      Given the visitor has started the session
      And the visitor has started a chat
      And the visitor closes the chat
      When the visitor reads the chat
      Then the request fails with "The chat is closed (closedByVisitor): start a new chat."
      And the chat service was not told the chat was read
