@chat @session @webim-realtime-session
Feature: Realtime chat session with an operator
  Seed 003 (WebimClientLibrary documentation), "Online/Realtime chat", "Start to work", "Chat call" and "Chat usage".

  As a visitor of a customer's app
  I want to chat in real time with an operator of the chat service
  So that I get an immediate answer while operators are online.

  A realtime session works with one account and one location, and has at most one chat. The service pushes
  every change (full updates, online status, chat state, messages, operator, typing, connection); the app shows
  what the session says.

  Trace ids (tags): the document has no numbered criteria, so its sections are the ids: WEBIM-START-TO-WORK
  ("Start to work"), WEBIM-CHAT-CALL ("Chat call"), WEBIM-CHAT-USAGE ("Chat usage", with the connection status),
  WEBIM-PUSH-NOTIFICATIONS ("Push Notifications"); our decisions are WEBIM-DEC-n, listed below.

  Decisions where the document is silent, as a visitor would expect:
  - WEBIM-DEC-1: a chat can be started only while operators are "online"; otherwise starting is refused with a reason.
  - WEBIM-DEC-2: starting a chat while one is in the queue or in progress is refused; after it was closed a new one can start.
  - WEBIM-DEC-3: sending an empty message or a file whose MIME type is not like "image/png" is refused before anything is sent.
  - WEBIM-DEC-4: after the operator closed the chat it stays displayed (the visitor can read it and rate the operator); writing again puts it back in the queue.
  - WEBIM-DEC-5: an operator can only be rated by someone who chatted with them in this chat.
  - WEBIM-DEC-6: the document says "history messages operator is undefined": messages of an earlier visit carry no operator, so the app shows them as written by "Operator".
  - WEBIM-DEC-7: while the connection is lost the app says so and does not let the visitor send (the document suggests "user notification or chat usage limitations").
  - WEBIM-DEC-12: as the SDK, the service names states, statuses and errors by wire strings, which the session maps: a string it does not know is "unknown" (a state or status) or the service's own text (an error); an unknown online status does not let a chat start.
  - WEBIM-DEC-13: as the SDK, the visit session state "offline-message" means no operator can be reached: the online status becomes offline, so the app offers offline messages only.
  - WEBIM-DEC-14: as the SDK, when the service has lost the visit session ("reinit-required") the session connects again and sends the request once more; the visitor sees it succeed.
  - WEBIM-DEC-18: as the document's `imageParams`, an image file carries the size of the image to download (pixels), shown with the attachment; any other file has none.
  - WEBIM-DEC-19: as the SDK, the session keeps the chat's unread flag itself: an operator's new message or file makes the chat unread, the visitor's own do not; reading the chat (here or on another device) clears it.
  - WEBIM-DEC-20: as the SDK, the visitor's typing reaches the operator at most once every 2 seconds: what is typed in between is held back and the latest is sent when the 2 seconds are over; a draft is sent only when it changed.

  Background:
    Given the chat service for account "demo" and location "mobile"
    And operators are online

  Rule: Start to work: the session is started, delivers full updates, and can be stopped and refreshed

    @start-to-work @WEBIM-START-TO-WORK @WEBIM-START-1
    Scenario: Starting the session delivers a full update
      Given the visitor identifies as "Alice" with email "alice@example.com"
      When the visitor starts the session
      Then the session receives a full update
      And the online status is "online"
      And the connection status is "connected"
      And no chat is displayed
      And the app offers to start a chat
      And the chat service knows the visitor as "Alice" with email "alice@example.com"

    @start-to-work @typing @WEBIM-START-TO-WORK
    Scenario: A session that has not heard from the service yet shows no operator typing
      Given the visitor identifies as "Alice" with email "alice@example.com"
      When the app creates the session without starting it
      Then the visitor sees that the operator is not typing

    @start-to-work @WEBIM-DEC-6 @WEBIM-START-TO-WORK
    Scenario: A chat from an earlier visit is displayed again after the session starts
      Given the visitor already has a chat in state "chatting" with the operator "Anna" and these messages:
        | from     | text                             |
        | visitor  | My flight to Lisbon is cancelled |
        | operator | Let me look at your booking      |
      When the visitor starts the session
      Then the displayed chat is in state "chatting" with these messages:
        | from     | text                             |
        | visitor  | My flight to Lisbon is cancelled |
        | operator | Let me look at your booking      |
      And the app shows the title "Chatting with Anna"
      And the app shows these messages:
        | author   | text                             |
        | You      | My flight to Lisbon is cancelled |
        | Operator | Let me look at your booking      |

    @start-to-work @WEBIM-START-TO-WORK
    Scenario: The service can send a full update at any time
      Given the visitor has started the session
      And the visitor has started a chat
      When the chat service sends a full update
      Then the session receives 2 full updates
      And the displayed chat is in state "queue"

    @start-to-work @WEBIM-START-TO-WORK
    Scenario: Starting a session that is already started neither connects again nor sends another full update
      Given the visitor has started the session
      When the visitor starts the session
      Then the session receives a full update
      And the session connected to the chat service 1 time

    @start-to-work @rating @WEBIM-START-TO-WORK
    Scenario: A chat still waiting in the queue has no operator to rate
      Given the visitor has started the session
      And the visitor has started a chat
      When the app shows the chat screen
      Then the app does not let the visitor rate an operator

    @start-to-work @WEBIM-START-TO-WORK
    Scenario: Refreshing the session delivers a full update
      Given the visitor has started the session
      When the visitor refreshes the session
      Then the session receives 2 full updates

    @start-to-work @WEBIM-START-TO-WORK @WEBIM-START-2
    Scenario: After the session is stopped no more updates arrive
      Given the visitor has started the session
      And the visitor has started a chat
      When the visitor stops the session
      And the operator "Anna" takes the chat
      And the operator replies "Hello?"
      Then the session receives no event after it was stopped
      And the session holds no chat event after it was stopped
      And the chat service no longer has the visitor connected
      When the visitor refreshes the session
      Then the request fails with "The chat session was stopped: start a new session."

    @start-to-work @error-course @WEBIM-START-TO-WORK
    Scenario: Requests before the session is started fail
      When the visitor refreshes the session without starting it
      Then the request fails with "The chat session is not started: start it first."
      When the visitor starts a chat
      Then the request fails with "The chat session is not started: start it first."

    @start-to-work @error-course @WEBIM-START-TO-WORK
    Scenario: Sending a message before the session is started fails as not started (the SDK's NotConfigured)
      When the visitor sends the message "Hello" with client-side id "m-1"
      Then the message "m-1" fails with "The chat session is not started: start it first."
      And nothing was sent to the chat service

    @start-to-work @WEBIM-START-TO-WORK
    Scenario Outline: The account is a name or the full URL of the service
      Given the app configures the session with the account "<account>"
      When the visitor starts the session
      Then the session connected to the chat service at "<url>"

      Examples:
        | account                | url                           |
        | demo                   | https://demo.webim.ru/        |
        | acme-travel            | https://acme-travel.webim.ru/ |
        | https://chat.acme.com/ | https://chat.acme.com/        |

    @start-to-work @WEBIM-START-TO-WORK @error-course
    Scenario: An account that is neither a name nor a URL cannot start a session
      Given the app configures the session with the account "my chat"
      When the visitor starts the session
      Then the request fails with '"my chat" is not a chat service account: use its name ("demo") or its URL.'
      And the session connected to the chat service 0 times

  Rule: Operators' online status tells whether a chat can start

    @chat-call @online-status @WEBIM-DEC-1 @WEBIM-CHAT-CALL @WEBIM-CALL-1
    Scenario Outline: The online status decides whether a chat can be started
      Given the visitor has started the session
      When the chat service reports the online status "<status>"
      And the visitor starts a chat
      Then the online status is "<status>"
      And <outcome>

      Examples:
        | status      | outcome                                                                                 |
        | online      | the displayed chat is in state "queue"                                                  |
        | busyOnline  | the request fails with "All operators are busy and the queue is full: try again later." |
        | offline     | the request fails with "No operator is online: leave an offline message instead."       |
        | busyOffline | the request fails with "No operator is online: leave an offline message instead."       |

    @chat-call @online-status @WEBIM-DEC-1 @WEBIM-CHAT-CALL
    Scenario Outline: The app tells the visitor when no chat can be started
      Given the visitor has started the session
      When the chat service reports the online status "<status>"
      Then the app does not offer to start a chat and says "<notice>"

      Examples:
        | status      | notice                                                         |
        | busyOnline  | All operators are busy and the queue is full: try again later. |
        | offline     | No operator is online: leave an offline message instead.       |
        | busyOffline | No operator is online: leave an offline message instead.       |

  Rule: Chat states: only queue, chatting and closed-by-operator chats are displayed; requests on any other chat fail

    @chat-call @chat-states @WEBIM-CHAT-CALL @WEBIM-CALL-2
    Scenario Outline: Which chat states are displayed
      Given the visitor already has a chat in state "<state>" with the operator "Anna" and these messages:
        | from    | text  |
        | visitor | Hello |
      When the visitor starts the session
      Then the chat is <displayed>

      Examples:
        | state            | displayed     |
        | queue            | displayed     |
        | chatting         | displayed     |
        | closedByOperator | displayed     |
        | unknown          | not displayed |
        | closed           | not displayed |
        | closedByVisitor  | not displayed |
        | invitation       | not displayed |

    @chat-call @chat-states @error-course @WEBIM-CHAT-CALL
    Scenario Outline: Every request on a chat that is not displayed fails
      Given the visitor already has a chat in state "<state>" with the operator "Anna" and these messages:
        | from    | text  |
        | visitor | Hello |
      And the visitor has started the session
      When the visitor sends the message "Are you there?" with client-side id "m-1"
      Then the message "m-1" fails with "The chat is closed (<state>): start a new chat."
      When the visitor closes the chat
      Then the request fails with "The chat is closed (<state>): start a new chat."
      When the visitor rates the operator "Anna" with 5 stars
      Then the request fails with "The chat is closed (<state>): start a new chat."
      When the visitor tries to type the draft "Still there?"
      Then the request fails with "The chat is closed (<state>): start a new chat."
      And nothing was sent to the chat service

      Examples:
        | state           |
        | unknown         |
        | closed          |
        | closedByVisitor |
        | invitation      |

    @chat-call @start-chat @WEBIM-CHAT-CALL
    Scenario: Starting a chat without a client-side id
      Given the visitor has started the session
      When the visitor starts a chat
      Then the chat-started callback carries the client-side id returned by the request
      And the displayed chat is in state "queue"
      And the app shows the title "Waiting for an operator…"

    @chat-call @start-chat @WEBIM-CHAT-CALL @WEBIM-CALL-3
    Scenario: Starting a chat with the app's own client-side id
      Given the visitor has started the session
      When the visitor starts a chat with client-side id "alice-chat-1"
      Then the request returns the client-side id "alice-chat-1"
      And the chat-started callback carries the client-side id "alice-chat-1"

    @chat-call @start-chat @error-course @WEBIM-DEC-2 @WEBIM-CHAT-CALL
    Scenario: A second chat cannot be started while one is in progress
      Given the visitor has started the session
      And the visitor has started a chat
      When the visitor starts a chat
      Then the request fails with "A chat is already in progress: keep writing in it."

    @chat-call @start-chat @WEBIM-DEC-2 @WEBIM-CHAT-CALL
    Scenario: While the chat waits in the queue the app does not offer a second chat
      Given the visitor has started the session
      When the visitor starts a chat
      Then the app does not offer to start another chat, and says nothing about the operators

    @chat-call @start-chat @WEBIM-DEC-2 @WEBIM-DEC-1 @WEBIM-CHAT-CALL
    Scenario: While the visitor chats with an operator, the operators going offline is not shown as a reason
      Given the visitor has started the session
      And the visitor has started a chat
      And the operator "Anna" takes the chat
      When the chat service reports the online status "offline"
      Then the app does not offer to start another chat, and says nothing about the operators

    @chat-call @start-chat @WEBIM-DEC-2 @WEBIM-CHAT-CALL
    Scenario: A new chat can be started after the previous one was closed
      Given the visitor has started the session
      And the visitor has started a chat
      And the visitor has closed the chat
      When the visitor starts a chat with client-side id "second"
      Then the chat-started callback carries the client-side id "second"
      And the displayed chat is in state "queue"

    @chat-call @operator @WEBIM-CHAT-CALL
    Scenario: An operator takes the chat in hand
      Given the visitor has started the session
      And the visitor has started a chat
      When the operator "Anna" with id "op-7" and avatar "https://cdn.example.com/anna.png" takes the chat
      Then the session is told the operator is "Anna" with id "op-7" and avatar "https://cdn.example.com/anna.png"
      And the displayed chat is in state "chatting"
      And the app shows the title "Chatting with Anna"

  Rule: Chat usage: messages, files, typing, operator changes, rating and closing

    Background:
      Given the visitor has started the session
      And the visitor has started a chat
      And the operator "Anna" with id "op-7" and avatar "https://cdn.example.com/anna.png" takes the chat

    @chat-usage @send-message @WEBIM-CHAT-USAGE @WEBIM-USAGE-1
    Scenario: Sending a message with a client-side id succeeds by that id
      When the visitor sends the message "I need a hotel for tonight" with client-side id "m-42"
      Then the message "m-42" succeeds
      And the visitor receives their own message "I need a hotel for tonight" with client-side id "m-42"

    @chat-usage @send-message @WEBIM-CHAT-USAGE
    Scenario: Sending a message without a client-side id gets one from the session
      When the visitor sends the message "Hello"
      Then the message succeeds with the client-side id returned by the request

    @chat-usage @send-message @error-course @WEBIM-CHAT-USAGE @WEBIM-USAGE-2
    Scenario: Sending a message fails on a network error, named by its client-side id
      Given the network is unreachable
      When the visitor sends the message "Hello?" with client-side id "m-43"
      Then the message "m-43" fails with "The network is unreachable: check your connection and try again."

    @chat-usage @send-message @error-course @WEBIM-DEC-3 @WEBIM-CHAT-USAGE
    Scenario: An empty message is not sent
      When the visitor sends the message "   " with client-side id "m-44"
      Then the message "m-44" fails with "The message is empty: type some text first."
      And nothing was sent to the chat service

    @chat-usage @send-file @WEBIM-CHAT-USAGE
    Scenario: Sending a file with its name and MIME type
      When the visitor sends the file "image.png" of type "image/png" and 2048 bytes with client-side id "f-1"
      Then the message "f-1" succeeds
      And the visitor receives their own file "image.png" of type "image/png" and 2048 bytes
      And the file can be downloaded from its attachment URL

    @chat-usage @send-file @error-course @WEBIM-DEC-3 @WEBIM-CHAT-USAGE
    Scenario Outline: A file without a proper MIME type is not sent
      When the visitor sends the file "boarding-pass" of type "<type>" and 10 bytes with client-side id "f-2"
      Then the message "f-2" fails with '"<type>" is not a MIME type like "image/png": choose another file.'

      Examples:
        | type        |
        | png         |
        | image/      |
        | image/png/x |
        | image//png  |
        | /image/png  |
        | image/*     |

    @chat-usage @send-file @WEBIM-DEC-3 @WEBIM-CHAT-USAGE
    Scenario: A MIME type may hold digits
      When the visitor sends the file "voice-note.m4a" of type "audio/mp4" and 10 bytes with client-side id "f-3"
      Then the message "f-3" succeeds

    @chat-usage @receive-message @WEBIM-CHAT-USAGE
    Scenario: The operator's messages tell who wrote them
      When the operator replies "I found a room at the airport hotel"
      Then the visitor receives the operator message "I found a room at the airport hotel"
      And that message is from the operator "Anna" with id "op-7" and avatar "https://cdn.example.com/anna.png"

    @chat-usage @receive-message @WEBIM-CHAT-USAGE
    Scenario: An avatar the service names by its path is on the service's host
      Given the operator "Boris" with id "op-9" and avatar "/files/avatar/boris.png" takes the chat
      When the operator replies "I take over from Anna"
      Then that message is from the operator "Boris" with id "op-9" and avatar "https://demo.webim.ru/files/avatar/boris.png"

    @chat-usage @receive-message @WEBIM-CHAT-USAGE
    Scenario: System messages are received too
      When the chat service posts the system message "Anna joined the chat"
      Then the visitor receives the system message "Anna joined the chat"

    @chat-usage @receive-message @WEBIM-CHAT-USAGE
    Scenario: The operator sends a file
      When the operator sends the file "invoice.pdf" of type "application/pdf" and 5120 bytes
      Then the visitor receives the operator file "invoice.pdf" of type "application/pdf" and 5120 bytes
      And the file can be downloaded from its attachment URL
      And the app shows the attachment "invoice.pdf (5 KB)" from "Anna"

    @chat-usage @receive-message @WEBIM-DEC-18 @WEBIM-CHAT-USAGE
    Scenario: An image from the operator comes with the size to download, shown with the attachment
      When the operator sends the file "boarding-pass.png" of type "image/png" and 12288 bytes, 800×600 pixels
      Then the received file is an image of 800×600 pixels
      And the app shows the attachment "boarding-pass.png (800×600, 12 KB)" from "Anna"

    @chat-usage @receive-message @WEBIM-DEC-18 @WEBIM-CHAT-USAGE
    Scenario: A file that is not an image has no image size
      When the operator sends the file "invoice.pdf" of type "application/pdf" and 5120 bytes, 800×600 pixels
      Then the received file has no image size
      And the app shows the attachment "invoice.pdf (5 KB)" from "Anna"

    @chat-usage @typing @WEBIM-CHAT-USAGE
    Scenario: The visitor sees when the operator is typing
      When the operator starts typing
      Then the visitor sees that the operator is typing
      And the app shows "Anna is typing…"
      When the operator stops typing
      Then the visitor sees that the operator is not typing
      And the app shows no typing indicator

    @chat-usage @typing @WEBIM-CHAT-USAGE
    Scenario: The typing indicator ends when the chat is closed
      When the operator starts typing
      And the visitor closes the chat
      Then the visitor sees that the operator is not typing

    @chat-usage @receive-message @WEBIM-CHAT-USAGE
    Scenario: A message the operator corrects replaces the one shown
      When the operator replies "Your hotel is booked for the 12th"
      And the operator corrects that message to "Your hotel is booked for the 13th"
      Then the displayed chat holds the operator message "Your hotel is booked for the 13th" only once, and not "Your hotel is booked for the 12th"

    @chat-usage @receive-message @WEBIM-CHAT-USAGE
    Scenario Outline: File sizes are shown in bytes below 1024 bytes, then in KB and MB
      When the operator sends the file "scan.pdf" of type "application/pdf" and <bytes> bytes
      Then the app shows the attachment "scan.pdf (<shown>)" from "Anna"

      Examples:
        | bytes   | shown      |
        | 1       | 1 byte     |
        | 1023    | 1023 bytes |
        | 1024    | 1 KB       |
        | 1048576 | 1 MB       |
        | 1572864 | 1.5 MB     |

    @chat-usage @typing @WEBIM-CHAT-USAGE
    Scenario: A full update of the chat service ends the typing indicator
      When the operator starts typing
      And the chat service sends a full update
      Then the visitor sees that the operator is not typing

    @chat-usage @rating @error-course @WEBIM-CHAT-USAGE
    Scenario: The operator of a chat the visitor closed cannot be rated any more
      Given the visitor closes the chat
      When the visitor rates the operator "Anna" with 5 stars
      Then the request fails with "The chat is closed (closedByVisitor): start a new chat."

    @chat-usage @draft @WEBIM-CHAT-USAGE
    Scenario: The operator sees the visitor's draft while they type
      When the visitor is composing the draft "My booking reference is"
      Then the operator sees the visitor typing "My booking reference is"
      When the visitor stops composing with an empty draft
      And 2 seconds pass
      Then the operator sees the visitor is not typing and no draft

    @chat-usage @operator @WEBIM-CHAT-USAGE
    Scenario: Another operator takes over the chat
      When the operator "Boris" with id "op-9" and avatar "https://cdn.example.com/boris.png" takes the chat
      And the operator replies "I'm taking over from Anna"
      Then the session is told the operator is "Boris" with id "op-9" and avatar "https://cdn.example.com/boris.png"
      And that message is from the operator "Boris" with id "op-9" and avatar "https://cdn.example.com/boris.png"

    @chat-usage @rating @WEBIM-CHAT-USAGE @WEBIM-USAGE-3
    Scenario Outline: The visitor rates the operator from 1 to 5 stars, sent on the service's scale from -2 to +2
      When the visitor rates the operator "Anna" with <stars> stars
      Then the chat service receives the rate <rate> for the operator "op-7"

      Examples:
        | stars | rate |
        | 1     | -2   |
        | 2     | -1   |
        | 3     | 0    |
        | 4     | 1    |
        | 5     | 2    |

    @chat-usage @rating @error-course @WEBIM-CHAT-USAGE
    Scenario Outline: Other rates are refused
      When the visitor rates the operator "Anna" with <stars> stars
      Then the request fails with "An operator is rated from 1 to 5 stars, not <stars>."
      And nothing was sent to the chat service

      Examples:
        | stars |
        | 0     |
        | 6     |

    @chat-usage @rating @error-course @WEBIM-DEC-5 @WEBIM-CHAT-USAGE
    Scenario: An operator who was not in the chat cannot be rated
      When the visitor rates the operator with id "op-404" with 4 stars
      Then the request fails with 'No operator "op-404" took part in this chat.'

    @chat-usage @close-chat @WEBIM-CHAT-USAGE @WEBIM-USAGE-4
    Scenario: The visitor closes the chat
      When the visitor closes the chat
      Then the session is told the chat state is "closedByVisitor"
      And the chat is not displayed
      When the visitor sends the file "receipt.pdf" of type "application/pdf" and 10 bytes with client-side id "f-9"
      Then the message "f-9" fails with "The chat is closed (closedByVisitor): start a new chat."

    @chat-usage @close-chat @WEBIM-DEC-4 @WEBIM-CHAT-USAGE
    Scenario: The operator closes the chat: it stays displayed and can be rated
      When the operator closes the chat
      Then the session is told the chat state is "closedByOperator"
      And the chat is displayed
      And the app shows the title "Anna closed the chat"
      And the app offers to start a chat
      And the app lets the visitor rate the operator
      When the visitor rates the operator "Anna" with 5 stars
      Then the chat service receives the rate 2 for the operator "op-7"

    @chat-usage @close-chat @WEBIM-DEC-4 @WEBIM-CHAT-USAGE
    Scenario: Writing again after the operator closed the chat puts it back in the queue
      Given the operator closes the chat
      When the visitor sends the message "One more question" with client-side id "m-50"
      Then the message "m-50" succeeds
      And the displayed chat is in state "queue"

  Rule: Connection status and network errors are reported

    @connection @WEBIM-DEC-7 @WEBIM-CHAT-USAGE
    Scenario: The network goes down and comes back
      Given the visitor has started the session
      And the visitor has started a chat
      When the network becomes unreachable
      Then the session is told the connection status is "disconnected"
      And the session receives the error "The network is unreachable: check your connection and try again."
      And the app shows the banner "No connection: messages can't be sent until it is back."
      And the app does not let the visitor send messages
      When the network is reachable again
      Then the session is told the connection status is "connected"
      And the session receives 2 full updates
      And the app shows no connection banner
      And the app lets the visitor send messages

    @connection @error-course @WEBIM-CHAT-USAGE
    Scenario: The session cannot start without network
      Given the network is unreachable
      When the visitor starts the session
      Then the request fails with "The network is unreachable: check your connection and try again."

    @connection @error-course @WEBIM-CHAT-USAGE
    Scenario: A session that could not start can be started once the network is back
      Given the network is unreachable
      And the visitor starts the session
      When the network is reachable again
      And the visitor starts the session
      Then the session receives a full update

  Rule: Push notifications

    @push-notifications @WEBIM-PUSH-NOTIFICATIONS
    Scenario: The app registers the device for push notifications
      Given the visitor has started the session
      When the app registers the device token "apns-7f3a9c" for push notifications
      Then the chat service can notify the device "apns-7f3a9c"

    @push-notifications @error-course @WEBIM-PUSH-NOTIFICATIONS
    Scenario: The device cannot be registered before the session starts
      When the app registers the device token "apns-7f3a9c" for push notifications
      Then the request fails with "The chat session is not started: start it first."
