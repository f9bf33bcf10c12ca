@chat @session @webim-realtime-session
Feature: Realtime chat session: what the service says on the wire, unread chats and throttled typing
  Seed 003 (WebimClientLibrary documentation), "Chat call" and "Chat usage", and the SDK behind it where the
  document is silent (the decisions WEBIM-DEC-12 to WEBIM-DEC-20 are explained in session.feature).
  WEBIM-DEC-29: as the SDK, a message's kind is a wire string the session maps ("info" is a system message,
  "action_request" and "cont_req" are the operator's requests, "contacts" and "for_operator" the visitor's,
  anything unknown is "unknown"); an operator's text, file or request makes the chat unread, a system message or
  the operator-busy notice does not.

  As a visitor of a customer's app
  I want the session to understand everything the chat service tells it and to spare the service needless traffic
  So that what I see is right and my typing reaches the operator without flooding the service.

  Trace ids (tags): the document's sections WEBIM-START-TO-WORK, WEBIM-CHAT-CALL and WEBIM-CHAT-USAGE, and our
  decisions WEBIM-DEC-n.

  Background:
    Given the chat service for account "demo" and location "mobile"
    And operators are online

  Rule: The service speaks wire strings, which the session maps to states, statuses and errors

    @chat-usage @WEBIM-DEC-12 @WEBIM-CHAT-USAGE
    Scenario Outline: The chat state "<wire>" is the state <state>, <shown>
      Given the visitor has started the session
      And the visitor has started a chat
      When the chat service reports the chat state "<wire>" on the wire
      Then the session's chat state is "<state>"
      And the chat is <shown>

      Examples:
        | wire               | state            | shown         |
        | queue              | queue            | displayed     |
        | chatting           | chatting         | displayed     |
        | closed_by_operator | closedByOperator | displayed     |
        | closed             | closed           | not displayed |
        | closed_by_visitor  | closedByVisitor  | not displayed |
        | invitation         | invitation       | not displayed |
        | archived           | unknown          | not displayed |

    @start-to-work @WEBIM-DEC-12 @WEBIM-DEC-1 @WEBIM-START-TO-WORK
    Scenario Outline: The online status "<wire>" is the status <status>
      Given the visitor has started the session
      When the chat service reports the online status "<wire>" on the wire
      Then the online status is "<status>"

      Examples:
        | wire         | status      |
        | online       | online      |
        | busy_online  | busyOnline  |
        | offline      | offline     |
        | busy_offline | busyOffline |
        |              | unknown     |
        | on_vacation  | unknown     |

    @start-to-work @WEBIM-DEC-12 @WEBIM-DEC-1 @decision @WEBIM-START-TO-WORK
    Scenario: An online status the app does not know does not let a chat start
      Given the visitor has started the session
      When the chat service reports the online status "on_vacation" on the wire
      And the visitor starts a chat
      Then the request fails with "No operator is online: leave an offline message instead."

    @start-to-work @WEBIM-DEC-12 @WEBIM-START-TO-WORK
    Scenario Outline: The visit session state "<wire>" is <state>
      Given the visitor has started the session
      When the chat service reports the visit session state "<wire>"
      Then the visit session state is "<state>"

      Examples:
        | wire            | state          |
        | idle            | idle           |
        | idle-after-chat | idleAfterChat  |
        | chat            | chat           |
        | offline-message | offlineMessage |
        | sleeping        | unknown        |

    @chat-usage @typing @WEBIM-CHAT-USAGE @WEBIM-DEC-13
    Scenario: In the offline-message state the operator is no longer shown typing
      Given the visitor has started the session
      And the visitor has started a chat
      And the operator "Anna" takes the chat
      And the operator starts typing
      When the chat service reports the visit session state "offline-message"
      Then the visitor sees that the operator is not typing

    @start-to-work @WEBIM-DEC-13 @WEBIM-START-TO-WORK
    Scenario: In the offline-message state only offline messages are possible
      Given the visitor has started the session
      When the chat service reports the visit session state "offline-message"
      Then the online status is "offline"
      When the visitor starts a chat
      Then the request fails with "No operator is online: leave an offline message instead."

    @chat-usage @WEBIM-DEC-12 @error-course @WEBIM-CHAT-USAGE
    Scenario Outline: The service's error "<wire>" tells the visitor what happened
      Given the visitor has started the session
      And the visitor has started a chat
      And the chat service answers the next request with the error "<wire>"
      When the visitor sends the message "Hello" with client-side id "m-1"
      Then the message "m-1" fails with "<message>"

      Examples:
        | wire                        | message                                                   |
        | server-not-ready            | The chat service is not ready yet: try again in a moment. |
        | account-blocked             | The chat is not available for this app's account.         |
        | visitor_banned              | You can no longer write in this chat.                     |
        | not_allowed_file_type       | Files of this type cannot be sent: choose another file.   |
        | max_file_size_exceeded      | The file is too large to be sent: choose a smaller one.   |
        | max-message-length-exceeded | The message is too long: shorten it.                      |
        | chat_count_limit_exceeded   | Too many chats are open: close one first.                 |
        | something-else-failed       | The chat service failed: something-else-failed            |

    @chat-usage @WEBIM-DEC-14 @error-course @WEBIM-CHAT-USAGE
    Scenario: When the service lost the visit session (reinit-required) the session connects again and sends
      Given the visitor has started the session
      And the visitor has started a chat
      And the chat service answers the next request with the error "reinit-required"
      When the visitor sends the message "Hello" with client-side id "m-1"
      Then the message "m-1" succeeds
      And the session connected to the chat service 2 times
      And the session closed the lost connection before connecting again
      And the visitor receives their own message "Hello" with client-side id "m-1"

    @chat-usage @receive-message @WEBIM-DEC-12 @WEBIM-DEC-29 @WEBIM-CHAT-USAGE
    Scenario Outline: A message of the kind "<wire>" is a message of the kind <kind>, written by <author>
      Given the visitor has started the session
      And the visitor has started a chat
      And the operator "Anna" takes the chat
      When the chat service sends the message "Hello" of the kind "<wire>" on the wire
      Then the session received "Hello" as a message of the kind "<kind>"
      And the chat shows "Hello" written by "<author>"

      Examples:
        | wire           | kind             | author |
        | visitor        | visitor          | You    |
        | operator       | operator         | Anna   |
        | info           | system           | System |
        | file_visitor   | fileFromVisitor  | You    |
        | file_operator  | fileFromOperator | Anna   |
        | action_request | actionRequest    | Anna   |
        | cont_req       | contactsRequest  | Anna   |
        | contacts       | contacts         | You    |
        | for_operator   | forOperator      | You    |
        | operator_busy  | operatorBusy     | System |
        | keyboard       | unknown          | System |

  Rule: The session keeps the unread flag of the chat

    @chat-usage @receive-message @WEBIM-DEC-19 @WEBIM-DEC-29 @WEBIM-CHAT-USAGE
    Scenario Outline: An operator's <what> makes the chat unread, as a new text or file does
      Given the visitor has started the session
      And the visitor has started a chat
      And the operator "Anna" takes the chat
      When the chat service sends the message "Please press the button" of the kind "<wire>" on the wire
      Then the chat has unread messages

      Examples:
        | what                            | wire           |
        | request to act                  | action_request |
        | request for the contact details | cont_req       |

    @chat-usage @receive-message @WEBIM-DEC-19 @WEBIM-DEC-29 @WEBIM-CHAT-USAGE
    Scenario Outline: A <what> does not make the chat unread
      Given the visitor has started the session
      And the visitor has started a chat
      And the operator "Anna" takes the chat
      When the chat service sends the message "Operators are busy" of the kind "<wire>" on the wire
      Then the chat has no unread messages

      Examples:
        | what                 | wire          |
        | system message       | info          |
        | operator-busy notice | operator_busy |

    @chat-usage @receive-message @WEBIM-DEC-19 @WEBIM-CHAT-USAGE
    Scenario: An operator's answer makes the chat unread until the visitor reads it
      Given the visitor has started the session
      And the visitor has started a chat
      And the operator "Anna" takes the chat
      When the operator replies "Your bag is at the desk"
      Then the chat has unread messages
      When the visitor reads the chat
      Then the chat has no unread messages
      And the chat service was told the chat was read

    @chat-usage @receive-message @WEBIM-DEC-19 @WEBIM-CHAT-USAGE
    Scenario: The visitor's own message does not make the chat unread
      Given the visitor has started the session
      And the visitor has started a chat
      When the visitor sends the message "Hello" with client-side id "m-1"
      Then the chat has no unread messages

    @chat-usage @receive-message @WEBIM-DEC-19 @WEBIM-CHAT-USAGE
    Scenario: A chat read on another device is read here too
      Given the visitor has started the session
      And the visitor has started a chat
      And the operator "Anna" takes the chat
      And the operator replies "Your bag is at the desk"
      When the visitor reads the chat on another device
      Then the chat has no unread messages

  Rule: Typing updates are throttled

    @chat-usage @draft @WEBIM-DEC-20 @WEBIM-CHAT-USAGE
    Scenario: Typing reaches the operator at most every 2 seconds, the latest draft last
      Given the visitor has started the session
      And the visitor has started a chat
      When the visitor is composing the draft "My"
      And the visitor is composing the draft "My book"
      And the visitor is composing the draft "My booking"
      Then the operator sees the visitor typing "My"
      When 2 seconds pass
      Then the operator sees the visitor typing "My booking"
      And the chat service received 2 typing updates

    @chat-usage @draft @WEBIM-DEC-20 @WEBIM-CHAT-USAGE
    Scenario: Typing after 2 quiet seconds is sent at once
      Given the visitor has started the session
      And the visitor has started a chat
      When the visitor is composing the draft "My"
      And 3 seconds pass
      And the visitor is composing the draft "My booking"
      Then the operator sees the visitor typing "My booking"
      And the chat service received 2 typing updates

    @chat-usage @draft @WEBIM-DEC-20 @WEBIM-CHAT-USAGE
    Scenario: A draft that did not change is not sent again
      Given the visitor has started the session
      And the visitor has started a chat
      When the visitor is composing the draft "Hello"
      And 2 seconds pass
      And the visitor is composing the draft "Hello"
      Then the last typing update carried no draft
      And the operator sees the visitor typing "Hello"

    @chat-usage @draft @WEBIM-CHAT-USAGE @WEBIM-DEC-20
    Scenario: Typing keeps being throttled after a held-back update was sent
      Given the visitor has started the session
      And the visitor has started a chat
      When the visitor is composing the draft "M"
      And the visitor is composing the draft "My"
      And 2 seconds pass
      And the visitor is composing the draft "My b"
      And 2 seconds pass
      Then the operator sees the visitor typing "My b"
      And the chat service received 3 typing updates

    @chat-usage @draft @WEBIM-CHAT-USAGE @WEBIM-DEC-20
    Scenario: Typing held back is not sent once the session stopped
      Given the visitor has started the session
      And the visitor has started a chat
      When the visitor is composing the draft "My"
      And the visitor is composing the draft "My booking"
      And the visitor stops the session
      And 2 seconds pass
      Then the chat service received 1 typing update
