@chat @offline-session @webim-offline-session
Feature: Offline chats answered later by an operator
  Seed 003 (WebimClientLibrary documentation), "Offline Chat", "Offline mode" and "User change".

  As a visitor of a customer's app when no operator is online
  I want to leave messages in offline chats and read the answers later
  So that my question is handled even though nobody can answer right now.

  The offline session belongs to one visitor, identified by a token that stays the same between launches.
  Its chats do not update by themselves: the app asks for the history, either all of it or only what changed
  since last time (new chats, modified chats, new messages). Chats are sorted by creation date and their
  messages by date.

  Trace ids (tags): the document's sections WEBIM-OFFLINE-MODE ("Offline mode") and WEBIM-USER-CHANGE ("User
  change"); our decisions are WEBIM-DEC-n, listed below.

  Decisions where the document is silent, as a visitor would expect:
  - WEBIM-DEC-8: the first history request of a visitor always gets the full history; later ones only the changes.
  - WEBIM-DEC-9: a chat counts as modified when its unread mark or its department changed or it received new messages.
  - WEBIM-DEC-10: cached data of another visitor is never shown, even before it is cleared.
  - WEBIM-DEC-11: a stopped session refuses every request.
  - WEBIM-DEC-15: "after an operator gave a reply the chat is marked as unread": the session itself marks a chat unread when an operator's message or file arrives in the history (the service does not have to say so); the visitor's own messages, even from another device, do not.
  - WEBIM-DEC-16: as the SDK, a service that answers "server-not-ready" is asked again, after 1 s and then 2 s (3 tries in all); then the request fails and says so.
  - WEBIM-DEC-30: as the SDK, a service that lost the visitor's session ("reinit-required") is asked again at once, once; a second "reinit-required" fails the request.
  - WEBIM-DEC-17: the document names "fatal server errors (e.g HTTP-code 500)": the history request fails with the status, and the chats already fetched stay.
  - WEBIM-DEC-21: as the SDK ("History will be available after user's first message"), a visitor the service does not know yet, because they never wrote, gets no history but that message.
  - WEBIM-DEC-28: as the SDK, marking as read or deleting a chat the service no longer has ("chat-not-found", e.g. deleted on another device) succeeds: the chat is read or gone on the device too, and that is stored at once.

  Background:
    Given the offline chat service
    And the clock shows "2026-11-22T09:00:00Z"

  Rule: History: chats with their messages, sorted by date

    @offline-mode @history @WEBIM-OFFLINE-MODE
    Scenario: Chats and messages are sorted by date
      Given the visitor "alice" has these offline chats on the server:
        | chat    | created at           | from     | message                 | sent at              |
        | refund  | 2026-11-20T10:00:00Z | visitor  | Where is my refund?     | 2026-11-20T10:00:00Z |
        | refund  | 2026-11-20T10:00:00Z | operator | It was sent yesterday   | 2026-11-21T08:00:00Z |
        | baggage | 2026-11-18T15:00:00Z | operator | Your bag is at the desk | 2026-11-19T09:00:00Z |
        | baggage | 2026-11-18T15:00:00Z | visitor  | My bag did not arrive   | 2026-11-18T15:00:00Z |
      When "alice" requests the offline history
      Then "alice" sees these offline chats in this order:
        | chat    | messages                                        |
        | baggage | My bag did not arrive / Your bag is at the desk |
        | refund  | Where is my refund? / It was sent yesterday     |

    @offline-mode @history @WEBIM-DEC-8 @WEBIM-DEC-9 @WEBIM-OFFLINE-MODE @WEBIM-OFFLINE-1
    Scenario: The first request gets the full history, later ones only what changed
      Given the visitor "alice" has these offline chats on the server:
        | chat    | created at           | from    | message               | sent at              |
        | baggage | 2026-11-18T15:00:00Z | visitor | My bag did not arrive | 2026-11-18T15:00:00Z |
      And "alice" has requested the offline history
      When the operator "Olga" replies "Your bag is at the desk" in the chat "baggage" of "alice"
      And "alice" requests the offline history
      Then the last request asked only for the changes since the previous one
      And the changes have no new chats
      And the changes have the modified chats "baggage"
      And the changes have the new messages "Your bag is at the desk"
      And the new message belongs to the chat "baggage"

    @offline-mode @history @WEBIM-OFFLINE-MODE
    Scenario: New chats appear in the changes
      Given the visitor "alice" has these offline chats on the server:
        | chat    | created at           | from    | message               | sent at              |
        | baggage | 2026-11-18T15:00:00Z | visitor | My bag did not arrive | 2026-11-18T15:00:00Z |
      And "alice" has requested the offline history
      When the visitor "alice" opens the offline chat "visa" on another device with the message "Do I need a visa?"
      And "alice" requests the offline history
      Then the changes have the new chats "visa"
      And the new chat "visa" in the changes holds the messages "Do I need a visa?"
      And the changes have the new messages "Do I need a visa?"
      And the changes have no modified chats

    @offline-mode @history @WEBIM-OFFLINE-MODE
    Scenario: An answer written before the visitor's last message is shown before it, even when it arrives later
      Given the visitor "alice" has these offline chats on the server:
        | chat    | created at           | from    | message               | sent at              |
        | baggage | 2026-11-18T15:00:00Z | visitor | My bag did not arrive | 2026-11-18T15:00:00Z |
        | baggage | 2026-11-18T15:00:00Z | visitor | Any news?             | 2026-11-21T10:00:00Z |
      And "alice" has requested the offline history
      When the operator "Olga" answers "We found it" in the chat "baggage", written at "2026-11-20T09:00:00Z"
      And "alice" requests the offline history
      Then "alice" sees these offline chats in this order:
        | chat    | messages                                        |
        | baggage | My bag did not arrive / We found it / Any news? |

    @offline-mode @history @WEBIM-OFFLINE-MODE @WEBIM-DEC-9
    Scenario: A chat that received a message is a modified chat, also when a new chat comes in the same changes
      Given the visitor "alice" has these offline chats on the server:
        | chat    | created at           | from    | message               | sent at              |
        | baggage | 2026-11-18T15:00:00Z | visitor | My bag did not arrive | 2026-11-18T15:00:00Z |
      And "alice" has requested the offline history
      When the visitor "alice" writes "It is a blue suitcase" in the offline chat "baggage" on another device
      And the visitor "alice" opens the offline chat "visa" on another device with the message "Do I need a visa?"
      And "alice" requests the offline history
      Then the changes have the new chats "visa"
      And the changes have the modified chats "baggage"

    @offline-mode @history @WEBIM-OFFLINE-MODE @WEBIM-DEC-9
    Scenario: Every modified chat is reported once, sorted by creation date
      Given the visitor "alice" has these offline chats on the server:
        | chat    | created at           | from    | message               | sent at              |
        | baggage | 2026-11-18T15:00:00Z | visitor | My bag did not arrive | 2026-11-18T15:00:00Z |
        | refund  | 2026-11-20T10:00:00Z | visitor | Where is my refund?   | 2026-11-20T10:00:00Z |
      And "alice" has requested the offline history
      When an operator moves the chat "refund" to the department "billing"
      And the operator "Olga" replies "Billing will answer you" in the chat "refund" of "alice"
      And the visitor "alice" writes "It is a blue suitcase" in the offline chat "baggage" on another device
      And "alice" requests the offline history
      Then the changes have the modified chats "baggage, refund"

    @offline-mode @history @WEBIM-OFFLINE-MODE @WEBIM-DEC-9
    Scenario: A chat moved to another department is a modified chat
      Given the visitor "alice" has these offline chats on the server:
        | chat    | created at           | from    | message               | sent at              |
        | baggage | 2026-11-18T15:00:00Z | visitor | My bag did not arrive | 2026-11-18T15:00:00Z |
      And "alice" has requested the offline history
      When an operator moves the chat "baggage" to the department "lost-luggage"
      And "alice" requests the offline history
      Then the changes have the modified chats "baggage"
      And the offline chat "baggage" of "alice" is for the department "lost-luggage"

    @offline-mode @history @WEBIM-OFFLINE-MODE
    Scenario: Nothing changed since last time
      Given the visitor "alice" has these offline chats on the server:
        | chat    | created at           | from    | message               | sent at              |
        | baggage | 2026-11-18T15:00:00Z | visitor | My bag did not arrive | 2026-11-18T15:00:00Z |
      And "alice" has requested the offline history
      When "alice" requests the offline history
      Then the changes are empty

    @offline-mode @history @WEBIM-OFFLINE-MODE
    Scenario: The full history drops the chats deleted on another device
      Given the visitor "alice" has these offline chats on the server:
        | chat    | created at           | from    | message               | sent at              |
        | baggage | 2026-11-18T15:00:00Z | visitor | My bag did not arrive | 2026-11-18T15:00:00Z |
        | refund  | 2026-11-20T10:00:00Z | visitor | Where is my refund?   | 2026-11-20T10:00:00Z |
      And "alice" has requested the offline history
      When the visitor "alice" deletes the offline chat "baggage" on another device
      And "alice" requests the full offline history
      Then "alice" still sees the offline chats "refund"

    @offline-mode @history @WEBIM-OFFLINE-MODE
    Scenario: A history message for a chat the server did not return is skipped
      Given the visitor "alice" has these offline chats on the server:
        | chat    | created at           | from    | message               | sent at              |
        | baggage | 2026-11-18T15:00:00Z | visitor | My bag did not arrive | 2026-11-18T15:00:00Z |
      And the next history answer also carries the message "Lost in transit" for a chat it does not list
      When "alice" requests the offline history
      Then "alice" sees these offline chats in this order:
        | chat    | messages              |
        | baggage | My bag did not arrive |
      And the changes have the new messages "My bag did not arrive"

    @offline-mode @history @WEBIM-OFFLINE-MODE
    Scenario: A forced request gets the full history again
      Given the visitor "alice" has these offline chats on the server:
        | chat    | created at           | from    | message               | sent at              |
        | baggage | 2026-11-18T15:00:00Z | visitor | My bag did not arrive | 2026-11-18T15:00:00Z |
      And "alice" has requested the offline history
      When "alice" requests the full offline history
      Then the last request asked for the full history
      And "alice" sees these offline chats in this order:
        | chat    | messages              |
        | baggage | My bag did not arrive |

    @offline-mode @history @error-course @WEBIM-OFFLINE-MODE
    Scenario: The history cannot be fetched without network
      Given the visitor "alice" has these offline chats on the server:
        | chat    | created at           | from    | message               | sent at              |
        | baggage | 2026-11-18T15:00:00Z | visitor | My bag did not arrive | 2026-11-18T15:00:00Z |
      And "alice" has requested the offline history
      And the offline chat service is unreachable
      When "alice" requests the offline history
      Then the request fails with "The network is unreachable: check your connection and try again."
      And "alice" still sees the offline chats "baggage"

    @offline-mode @history @error-course @WEBIM-DEC-16 @WEBIM-OFFLINE-MODE
    Scenario: While the service is not ready the history is asked again, after 1 s, then 2 s
      Given the visitor "alice" has these offline chats on the server:
        | chat    | created at           | from    | message               | sent at              |
        | baggage | 2026-11-18T15:00:00Z | visitor | My bag did not arrive | 2026-11-18T15:00:00Z |
      And the offline chat service is not ready for the next 2 history requests
      When "alice" requests the offline history
      Then "alice" sees these offline chats in this order:
        | chat    | messages              |
        | baggage | My bag did not arrive |
      And "alice" asked for the offline history 3 times in all
      And the session waited 1 s, then 2 s between the tries

    @offline-mode @history @error-course @WEBIM-DEC-30 @WEBIM-OFFLINE-MODE
    Scenario: When the service lost the visitor's session (reinit-required) the history is asked again at once
      Given the visitor "alice" has these offline chats on the server:
        | chat    | created at           | from    | message               | sent at              |
        | baggage | 2026-11-18T15:00:00Z | visitor | My bag did not arrive | 2026-11-18T15:00:00Z |
      And the offline chat service lost the visitor's session for the next 1 history request
      When "alice" requests the offline history
      Then "alice" sees these offline chats in this order:
        | chat    | messages              |
        | baggage | My bag did not arrive |
      And "alice" asked for the offline history 2 times in all
      And the session did not wait between the tries

    @offline-mode @history @error-course @WEBIM-DEC-30 @WEBIM-OFFLINE-MODE
    Scenario: A service that lost the visitor's session twice in a row fails the history request
      Given the offline chat service lost the visitor's session for the next 2 history requests
      When "alice" requests the offline history
      Then the request fails with "The chat service lost the session: it is being started again."
      And "alice" asked for the offline history 2 times in all

    @offline-mode @history @error-course @WEBIM-DEC-16 @WEBIM-OFFLINE-MODE
    Scenario: A service that is still not ready after 3 tries fails the history request
      Given the offline chat service is not ready for the next 3 history requests
      When "alice" requests the offline history
      Then the request fails with "The chat service is not ready yet: try again in a moment."
      And "alice" asked for the offline history 3 times in all

    @offline-mode @history @error-course @WEBIM-OFFLINE-MODE @WEBIM-DEC-21
    Scenario: A visitor who never wrote has no history yet
      When "carol" requests the offline history
      Then the request fails with "History will be available after your first message."

    @offline-mode @history @WEBIM-OFFLINE-MODE @WEBIM-DEC-21
    Scenario: After the first message the history is available
      Given "carol" sends "Is my flight on time?" in a new offline chat for the department "flights"
      When "carol" requests the offline history
      Then "carol" has 1 offline chat

    @offline-mode @history @error-course @WEBIM-DEC-17 @WEBIM-OFFLINE-MODE
    Scenario: A fatal server error (HTTP 500) fails the history request, and the chats stay
      Given the visitor "alice" has these offline chats on the server:
        | chat    | created at           | from    | message               | sent at              |
        | baggage | 2026-11-18T15:00:00Z | visitor | My bag did not arrive | 2026-11-18T15:00:00Z |
      And "alice" has requested the offline history
      And the offline chat service fails the next history request with HTTP 500
      When "alice" requests the offline history
      Then the request fails with "The chat service failed (HTTP 500): try again later."
      And "alice" still sees the offline chats "baggage"
      And "alice" asked for the offline history 2 times in all

  Rule: Sending: in an existing chat, or in a new chat created with the message

    @offline-mode @send @WEBIM-OFFLINE-MODE
    Scenario: Sending a message in an existing chat
      Given the visitor "alice" has these offline chats on the server:
        | chat    | created at           | from    | message               | sent at              |
        | baggage | 2026-11-18T15:00:00Z | visitor | My bag did not arrive | 2026-11-18T15:00:00Z |
      And "alice" has requested the offline history
      When "alice" sends "It is a blue suitcase" in the offline chat "baggage"
      Then "alice" sees these offline chats in this order:
        | chat    | messages                                      |
        | baggage | My bag did not arrive / It is a blue suitcase |

    @offline-mode @send @WEBIM-OFFLINE-MODE
    Scenario: A message sent takes its place among the chat's messages by date
      Given the visitor "alice" has these offline chats on the server:
        | chat    | created at           | from     | message                      | sent at              |
        | baggage | 2026-11-18T15:00:00Z | visitor  | My bag did not arrive        | 2026-11-18T15:00:00Z |
        | baggage | 2026-11-18T15:00:00Z | operator | Courier booked for 12:00 UTC | 2026-11-22T12:00:00Z |
      And "alice" has requested the offline history
      When "alice" sends "Thank you" in the offline chat "baggage"
      Then "alice" sees these offline chats in this order:
        | chat    | messages                                                         |
        | baggage | My bag did not arrive / Thank you / Courier booked for 12:00 UTC |
      And the chat the send returned holds the messages "My bag did not arrive / Thank you / Courier booked for 12:00 UTC"

    @offline-mode @send @WEBIM-OFFLINE-MODE @WEBIM-OFFLINE-2
    Scenario: Sending a message without a chat creates a new chat with it
      When "alice" sends "Can I change my seat?" in a new offline chat for the department "flights"
      Then "alice" has 1 offline chat
      And the new offline chat is for the department "flights" and holds "Can I change my seat?"
      And the chat service has that chat for "alice"
      And the new offline chat has no unread answers

    @offline-mode @send @WEBIM-OFFLINE-MODE
    Scenario: Sending an image in a new chat
      When "alice" sends a PNG image of 512 bytes in a new offline chat
      Then the new offline chat holds the visitor file "image.png" of type "image/png" and 512 bytes

    @offline-mode @send @WEBIM-OFFLINE-MODE
    Scenario: Sending a file in an existing chat
      Given the visitor "alice" has these offline chats on the server:
        | chat    | created at           | from    | message               | sent at              |
        | baggage | 2026-11-18T15:00:00Z | visitor | My bag did not arrive | 2026-11-18T15:00:00Z |
      And "alice" has requested the offline history
      When "alice" sends the file "tag.pdf" of type "application/pdf" and 2048 bytes in the offline chat "baggage"
      Then "alice" sees these offline chats in this order:
        | chat    | messages                        |
        | baggage | My bag did not arrive / tag.pdf |
      And the file can be downloaded from its attachment URL

    @offline-mode @send @error-course @WEBIM-OFFLINE-MODE
    Scenario: An empty message is not sent
      When "alice" sends "  " in a new offline chat for the department "flights"
      Then the request fails with "The message is empty: type some text first."
      And "alice" has 0 offline chats

    @offline-mode @send @error-course @WEBIM-OFFLINE-MODE
    Scenario: A file whose type is not a MIME type is not sent
      When "alice" tries to send the file "passport" of type "scan" in a new offline chat
      Then the request fails with '"scan" is not a MIME type like "image/png": choose another file.'
      And nothing was sent to the offline chat service

    @offline-mode @send @error-course @WEBIM-OFFLINE-MODE
    Scenario: A visitor cannot write in a chat that is not theirs
      Given the visitor "bob" has these offline chats on the server:
        | chat   | created at           | from    | message             | sent at              |
        | refund | 2026-11-20T10:00:00Z | visitor | Where is my refund? | 2026-11-20T10:00:00Z |
      When "alice" tries to send "Hello" in the offline chat "refund" of "bob"
      Then the request fails with "There is no chat yet: start a chat first."
      And nothing was sent to the offline chat service

    @offline-mode @WEBIM-OFFLINE-MODE @WEBIM-DEC-8
    Scenario: A message sent is shown in date order, even when the service dates it before the last one shown
      Given the visitor "alice" has these offline chats on the server:
        | chat    | created at           | from     | message             | sent at              |
        | baggage | 2026-11-18T15:00:00Z | visitor  | My bag did not come | 2026-11-18T15:00:00Z |
        | baggage | 2026-11-18T15:00:00Z | operator | We found your bag   | 2026-11-20T09:00:00Z |
      And "alice" has requested the offline history
      And the clock shows "2026-11-19T08:00:00Z"
      When "alice" sends "Any news?" in the offline chat "baggage"
      Then "alice" sees these offline chats in this order:
        | chat    | messages                                            |
        | baggage | My bag did not come / Any news? / We found your bag |

  Rule: Unread answers are marked as read, and chats can be deleted

    @offline-mode @mark-as-read @WEBIM-DEC-15 @WEBIM-OFFLINE-MODE
    Scenario: The visitor's own message from another device does not make a chat unread
      Given the visitor "alice" has these offline chats on the server:
        | chat    | created at           | from    | message               | sent at              |
        | baggage | 2026-11-18T15:00:00Z | visitor | My bag did not arrive | 2026-11-18T15:00:00Z |
      And "alice" has requested the offline history
      When the visitor "alice" opens the offline chat "lost-card" on another device with the message "I lost my card"
      And "alice" requests the offline history
      Then the offline chat "lost-card" is read

    @offline-mode @mark-as-read @WEBIM-DEC-9 @WEBIM-OFFLINE-MODE @WEBIM-OFFLINE-3
    Scenario: An operator's answer marks the chat unread until it is shown
      Given the visitor "alice" has these offline chats on the server:
        | chat    | created at           | from    | message               | sent at              |
        | baggage | 2026-11-18T15:00:00Z | visitor | My bag did not arrive | 2026-11-18T15:00:00Z |
      And "alice" has requested the offline history
      When the operator "Olga" replies "Your bag is at the desk" in the chat "baggage" of "alice"
      And "alice" requests the offline history
      Then the offline chat "baggage" is unread
      When "alice" marks the offline chat "baggage" as read
      And "alice" requests the offline history
      Then the offline chat "baggage" is read

    @offline-mode @mark-as-read @WEBIM-OFFLINE-MODE @WEBIM-DEC-9
    Scenario: A chat read on another device is read here with the next history, as a modified chat
      Given the visitor "alice" has these offline chats on the server:
        | chat    | created at           | from    | message               | sent at              |
        | baggage | 2026-11-18T15:00:00Z | visitor | My bag did not arrive | 2026-11-18T15:00:00Z |
      And "alice" has requested the offline history
      And the operator "Olga" replies "Your bag is at the desk" in the chat "baggage" of "alice"
      And "alice" requests the offline history
      When the visitor "alice" reads the offline chat "baggage" on another device
      And "alice" requests the offline history
      Then the offline chat "baggage" is read
      And the changes have the modified chats "baggage"

    @offline-mode @mark-as-read @WEBIM-OFFLINE-MODE
    Scenario: Marking a chat as read is stored at once, on the server and on the device
      Given the visitor "alice" has these offline chats on the server:
        | chat    | created at           | from    | message               | sent at              |
        | baggage | 2026-11-18T15:00:00Z | visitor | My bag did not arrive | 2026-11-18T15:00:00Z |
      And "alice" has requested the offline history
      And the operator "Olga" replies "Your bag is at the desk" in the chat "baggage" of "alice"
      And "alice" requests the offline history
      When "alice" marks the offline chat "baggage" as read
      Then the offline chat "baggage" is read
      And the chat service was asked to mark the chat "baggage" as read
      When "alice" relaunches the app
      Then the offline chat "baggage" is read

    @offline-mode @delete @WEBIM-OFFLINE-MODE
    Scenario: Deleting a chat
      Given the visitor "alice" has these offline chats on the server:
        | chat    | created at           | from    | message               | sent at              |
        | baggage | 2026-11-18T15:00:00Z | visitor | My bag did not arrive | 2026-11-18T15:00:00Z |
        | refund  | 2026-11-20T10:00:00Z | visitor | Where is my refund?   | 2026-11-20T10:00:00Z |
      And "alice" has requested the offline history
      When "alice" deletes the offline chat "baggage"
      Then "alice" still sees the offline chats "refund"
      And the chat service no longer has the chat "baggage"

    @offline-mode @delete @WEBIM-OFFLINE-MODE
    Scenario: Deleting a chat is stored on the device at once
      Given the visitor "alice" has these offline chats on the server:
        | chat    | created at           | from    | message               | sent at              |
        | baggage | 2026-11-18T15:00:00Z | visitor | My bag did not arrive | 2026-11-18T15:00:00Z |
        | refund  | 2026-11-20T10:00:00Z | visitor | Where is my refund?   | 2026-11-20T10:00:00Z |
      And "alice" has requested the offline history
      And "alice" deletes the offline chat "baggage"
      When "alice" relaunches the app
      Then "alice" still sees the offline chats "refund"

    @offline-mode @delete @WEBIM-DEC-28 @WEBIM-OFFLINE-MODE
    Scenario: Deleting a chat the service no longer has succeeds, as the SDK
      Given the visitor "alice" has these offline chats on the server:
        | chat    | created at           | from    | message               | sent at              |
        | baggage | 2026-11-18T15:00:00Z | visitor | My bag did not arrive | 2026-11-18T15:00:00Z |
        | refund  | 2026-11-20T10:00:00Z | visitor | Where is my refund?   | 2026-11-20T10:00:00Z |
      And "alice" has requested the offline history
      And the visitor "alice" deletes the offline chat "baggage" on another device
      When "alice" deletes the offline chat "baggage"
      Then "alice" still sees the offline chats "refund"
      When "alice" relaunches the app
      Then "alice" still sees the offline chats "refund"

    @offline-mode @mark-as-read @WEBIM-DEC-28 @WEBIM-OFFLINE-MODE
    Scenario: Marking as read a chat the service no longer has succeeds, as the SDK
      Given the visitor "alice" has these offline chats on the server:
        | chat    | created at           | from    | message               | sent at              |
        | baggage | 2026-11-18T15:00:00Z | visitor | My bag did not arrive | 2026-11-18T15:00:00Z |
      And "alice" has requested the offline history
      And the operator "Olga" replies "Your bag is at the desk" in the chat "baggage" of "alice"
      And "alice" requests the offline history
      And the visitor "alice" deletes the offline chat "baggage" on another device
      When "alice" marks the offline chat "baggage" as read
      Then the offline chat "baggage" is read

  Rule: User change: only one offline session is active, and a new user sees only their own history

    @offline-mode @user-change @WEBIM-OFFLINE-MODE @WEBIM-USER-CHANGE
    Scenario: Clearing the cached user data leaves no offline history on the device
      Given the visitor "alice" has these offline chats on the server:
        | chat    | created at           | from    | message               | sent at              |
        | baggage | 2026-11-18T15:00:00Z | visitor | My bag did not arrive | 2026-11-18T15:00:00Z |
      And "alice" has requested the offline history
      When the app clears the cached user data
      Then the device caches no offline history

    @user-change @WEBIM-USER-CHANGE
    Scenario: A user change clears the previous user's history even when the new user's history cannot be loaded
      Given the visitor "alice" has these offline chats on the server:
        | chat    | created at           | from    | message               | sent at              |
        | baggage | 2026-11-18T15:00:00Z | visitor | My bag did not arrive | 2026-11-18T15:00:00Z |
      And "alice" has requested the offline history
      And the offline chat service is unreachable
      When the app tries to change the user from "alice" to "bob"
      Then the request fails with "The network is unreachable: check your connection and try again."
      And the device caches no offline history

    @user-change @WEBIM-DEC-11 @WEBIM-USER-CHANGE @WEBIM-USER-1
    Scenario: After a user change the new user sees only their own history
      Given the visitor "alice" has these offline chats on the server:
        | chat    | created at           | from    | message               | sent at              |
        | baggage | 2026-11-18T15:00:00Z | visitor | My bag did not arrive | 2026-11-18T15:00:00Z |
      And the visitor "bob" has these offline chats on the server:
        | chat  | created at           | from    | message        | sent at              |
        | hotel | 2026-11-21T20:00:00Z | visitor | Late check-in? | 2026-11-21T20:00:00Z |
      And "alice" has requested the offline history
      When the app changes the user from "alice" to "bob"
      Then the offline history the device caches is that of "bob"
      And "bob" sees these offline chats in this order:
        | chat  | messages       |
        | hotel | Late check-in? |

    @user-change @WEBIM-DEC-11 @WEBIM-USER-CHANGE
    Scenario: After a user change the previous user's session no longer requests history
      Given the visitor "alice" has these offline chats on the server:
        | chat    | created at           | from    | message               | sent at              |
        | baggage | 2026-11-18T15:00:00Z | visitor | My bag did not arrive | 2026-11-18T15:00:00Z |
      And the visitor "bob" has these offline chats on the server:
        | chat  | created at           | from    | message        | sent at              |
        | hotel | 2026-11-21T20:00:00Z | visitor | Late check-in? | 2026-11-21T20:00:00Z |
      And "alice" has requested the offline history
      And the app changes the user from "alice" to "bob"
      When the stopped session of "alice" requests the offline history
      Then the request fails with "The chat session was stopped: start a new session."
      And no history request reached the offline chat service since the user change

    @user-change @WEBIM-DEC-11 @WEBIM-USER-CHANGE
    Scenario: After a user change the previous user's session can no longer delete a chat
      Given the visitor "alice" has these offline chats on the server:
        | chat    | created at           | from    | message               | sent at              |
        | baggage | 2026-11-18T15:00:00Z | visitor | My bag did not arrive | 2026-11-18T15:00:00Z |
      And the visitor "bob" has these offline chats on the server:
        | chat  | created at           | from    | message        | sent at              |
        | hotel | 2026-11-21T20:00:00Z | visitor | Late check-in? | 2026-11-21T20:00:00Z |
      And "alice" has requested the offline history
      And the app changes the user from "alice" to "bob"
      When the stopped session of "alice" deletes the offline chat "baggage"
      Then the request fails with "The chat session was stopped: start a new session."

    @user-change @WEBIM-DEC-11 @WEBIM-USER-CHANGE
    Scenario: After a user change the previous user's session can no longer send a message
      Given the visitor "alice" has these offline chats on the server:
        | chat    | created at           | from    | message               | sent at              |
        | baggage | 2026-11-18T15:00:00Z | visitor | My bag did not arrive | 2026-11-18T15:00:00Z |
      And the visitor "bob" has these offline chats on the server:
        | chat  | created at           | from    | message        | sent at              |
        | hotel | 2026-11-21T20:00:00Z | visitor | Late check-in? | 2026-11-21T20:00:00Z |
      And "alice" has requested the offline history
      And the app changes the user from "alice" to "bob"
      When the stopped session of "alice" sends "Any news?" in the offline chat "baggage"
      Then the request fails with "The chat session was stopped: start a new session."
      And nothing was sent to the offline chat service

    @user-change @WEBIM-DEC-10 @WEBIM-USER-CHANGE
    Scenario: A session made for another user shows none of the chats cached for the previous one
      Given the visitor "alice" has these offline chats on the server:
        | chat    | created at           | from    | message               | sent at              |
        | baggage | 2026-11-18T15:00:00Z | visitor | My bag did not arrive | 2026-11-18T15:00:00Z |
      And "alice" has requested the offline history
      When an offline session for "bob" is created without clearing the cached user data
      Then "bob" has 0 offline chats

    @user-change @WEBIM-USER-CHANGE
    Scenario: The same user finds the cached chats after relaunching the app
      Given the visitor "alice" has these offline chats on the server:
        | chat    | created at           | from    | message               | sent at              |
        | baggage | 2026-11-18T15:00:00Z | visitor | My bag did not arrive | 2026-11-18T15:00:00Z |
      And "alice" has requested the offline history
      When "alice" relaunches the app
      Then "alice" still sees the offline chats "baggage"
      When "alice" requests the offline history
      Then the last request asked only for the changes since the previous one
