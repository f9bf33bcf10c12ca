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

  Decisions where the document is silent, as a visitor would expect:
  - WEBIM-DEC-8: the first history request of a visitor always gets the full history; later ones only the changes.
  - WEBIM-DEC-9: a chat counts as modified when its unread mark changed or it received new messages.
  - WEBIM-DEC-10: cached data of another visitor is never shown, even before it is cleared.
  - WEBIM-DEC-11: a stopped session refuses every request.

  Background:
    Given the offline chat service
    And the clock shows "2026-11-22T09:00:00Z"

  Rule: History: chats with their messages, sorted by date

    @offline-mode @history
    Scenario: Chats and messages are sorted by date
      Given the visitor "alice" has these offline chats on the server:
        | chat    | created at           | from     | message                      | sent at              |
        | refund  | 2026-11-20T10:00:00Z | visitor  | Where is my refund?          | 2026-11-20T10:00:00Z |
        | refund  | 2026-11-20T10:00:00Z | operator | It was sent yesterday        | 2026-11-21T08:00:00Z |
        | baggage | 2026-11-18T15:00:00Z | operator | Your bag is at the desk      | 2026-11-19T09:00:00Z |
        | baggage | 2026-11-18T15:00:00Z | visitor  | My bag did not arrive        | 2026-11-18T15:00:00Z |
      When "alice" requests the offline history
      Then "alice" sees these offline chats in this order:
        | chat    | messages                                       |
        | baggage | My bag did not arrive / Your bag is at the desk |
        | refund  | Where is my refund? / It was sent yesterday     |

    @offline-mode @history @WEBIM-DEC-8 @WEBIM-DEC-9 @WEBIM-OFFLINE-1
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

    @offline-mode @history
    Scenario: New chats appear in the changes
      Given "alice" has requested the offline history
      When the visitor "alice" opens the offline chat "visa" on another device with the message "Do I need a visa?"
      And "alice" requests the offline history
      Then the changes have the new chats "visa"
      And the changes have the new messages "Do I need a visa?"

    @offline-mode @history
    Scenario: Nothing changed since last time
      Given the visitor "alice" has these offline chats on the server:
        | chat    | created at           | from    | message               | sent at              |
        | baggage | 2026-11-18T15:00:00Z | visitor | My bag did not arrive | 2026-11-18T15:00:00Z |
      And "alice" has requested the offline history
      When "alice" requests the offline history
      Then the changes are empty

    @offline-mode @history
    Scenario: The full history drops the chats deleted on another device
      Given the visitor "alice" has these offline chats on the server:
        | chat    | created at           | from    | message               | sent at              |
        | baggage | 2026-11-18T15:00:00Z | visitor | My bag did not arrive | 2026-11-18T15:00:00Z |
        | refund  | 2026-11-20T10:00:00Z | visitor | Where is my refund?   | 2026-11-20T10:00:00Z |
      And "alice" has requested the offline history
      When the visitor "alice" deletes the offline chat "baggage" on another device
      And "alice" requests the full offline history
      Then "alice" still sees the offline chats "refund"

    @offline-mode @history
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

    @offline-mode @history @error-course
    Scenario: The history cannot be fetched without network
      Given the visitor "alice" has these offline chats on the server:
        | chat    | created at           | from    | message               | sent at              |
        | baggage | 2026-11-18T15:00:00Z | visitor | My bag did not arrive | 2026-11-18T15:00:00Z |
      And "alice" has requested the offline history
      And the offline chat service is unreachable
      When "alice" requests the offline history
      Then the request fails with "The network is unreachable: check your connection and try again."
      And "alice" still sees the offline chats "baggage"

  Rule: Sending: in an existing chat, or in a new chat created with the message

    @offline-mode @send
    Scenario: Sending a message in an existing chat
      Given the visitor "alice" has these offline chats on the server:
        | chat    | created at           | from    | message               | sent at              |
        | baggage | 2026-11-18T15:00:00Z | visitor | My bag did not arrive | 2026-11-18T15:00:00Z |
      And "alice" has requested the offline history
      When "alice" sends "It is a blue suitcase" in the offline chat "baggage"
      Then "alice" sees these offline chats in this order:
        | chat    | messages                                      |
        | baggage | My bag did not arrive / It is a blue suitcase |

    @offline-mode @send @WEBIM-OFFLINE-2
    Scenario: Sending a message without a chat creates a new chat with it
      Given "alice" has requested the offline history
      When "alice" sends "Can I change my seat?" in a new offline chat for the department "flights"
      Then "alice" has 1 offline chat
      And the new offline chat is for the department "flights" and holds "Can I change my seat?"
      And the chat service has that chat for "alice"
      And the new offline chat has no unread answers

    @offline-mode @send
    Scenario: Sending an image in a new chat
      When "alice" sends a PNG image of 512 bytes in a new offline chat
      Then the new offline chat holds the visitor file "image.png" of type "image/png" and 512 bytes

    @offline-mode @send
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

    @offline-mode @send @error-course
    Scenario: An empty message is not sent
      When "alice" sends "  " in a new offline chat for the department "flights"
      Then the request fails with "The message is empty: type some text first."
      And "alice" has 0 offline chats

    @offline-mode @send @error-course
    Scenario: A file whose type is not a MIME type is not sent
      When "alice" tries to send the file "passport" of type "scan" in a new offline chat
      Then the request fails with '"scan" is not a MIME type like "image/png": choose another file.'
      And nothing was sent to the offline chat service

    @offline-mode @send @error-course
    Scenario: A visitor cannot write in a chat that is not theirs
      Given the visitor "bob" has these offline chats on the server:
        | chat   | created at           | from    | message             | sent at              |
        | refund | 2026-11-20T10:00:00Z | visitor | Where is my refund? | 2026-11-20T10:00:00Z |
      When "alice" tries to send "Hello" in the offline chat "refund" of "bob"
      Then the request fails with "There is no chat yet: start a chat first."
      And nothing was sent to the offline chat service

  Rule: Unread answers are marked as read, and chats can be deleted

    @offline-mode @mark-as-read @WEBIM-DEC-9 @WEBIM-OFFLINE-3
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

    @offline-mode @mark-as-read
    Scenario: Marking a chat as read is stored at once, on the server and on the device
      Given the visitor "alice" has these offline chats on the server:
        | chat    | created at           | from    | message               | sent at              |
        | baggage | 2026-11-18T15:00:00Z | visitor | My bag did not arrive | 2026-11-18T15:00:00Z |
      And "alice" has requested the offline history
      And the operator "Olga" replies "Your bag is at the desk" in the chat "baggage" of "alice"
      And "alice" requests the offline history
      When "alice" marks the offline chat "baggage" as read
      Then the offline chat "baggage" is read
      And the chat service has the chat "baggage" as read
      When "alice" relaunches the app
      Then the offline chat "baggage" is read

    @offline-mode @delete
    Scenario: Deleting a chat
      Given the visitor "alice" has these offline chats on the server:
        | chat    | created at           | from    | message               | sent at              |
        | baggage | 2026-11-18T15:00:00Z | visitor | My bag did not arrive | 2026-11-18T15:00:00Z |
        | refund  | 2026-11-20T10:00:00Z | visitor | Where is my refund?   | 2026-11-20T10:00:00Z |
      And "alice" has requested the offline history
      When "alice" deletes the offline chat "baggage"
      Then "alice" still sees the offline chats "refund"
      And the chat service no longer has the chat "baggage"

  Rule: User change: only one offline session is active, and a new user sees only their own history

    @offline-mode @user-change
    Scenario: Clearing the cached user data leaves nothing on the device
      Given "alice" has requested the offline history
      When the app clears the cached user data
      Then no cached data of "alice" is left on the device

    @user-change @WEBIM-DEC-11 @WEBIM-USER-1
    Scenario: After a user change the new user sees only their own history
      Given the visitor "alice" has these offline chats on the server:
        | chat    | created at           | from    | message               | sent at              |
        | baggage | 2026-11-18T15:00:00Z | visitor | My bag did not arrive | 2026-11-18T15:00:00Z |
      And the visitor "bob" has these offline chats on the server:
        | chat  | created at           | from    | message          | sent at              |
        | hotel | 2026-11-21T20:00:00Z | visitor | Late check-in?   | 2026-11-21T20:00:00Z |
      And "alice" has requested the offline history
      When the app changes the user from "alice" to "bob"
      Then the offline session of "alice" no longer requests history
      And no cached data of "alice" is left on the device
      And "bob" sees these offline chats in this order:
        | chat  | messages       |
        | hotel | Late check-in? |

    @user-change @WEBIM-DEC-10
    Scenario: Another user's cached chats are never shown
      Given the visitor "alice" has these offline chats on the server:
        | chat    | created at           | from    | message               | sent at              |
        | baggage | 2026-11-18T15:00:00Z | visitor | My bag did not arrive | 2026-11-18T15:00:00Z |
      And "alice" has requested the offline history
      When an offline session for "bob" is created without clearing the cached user data
      Then "bob" has 0 offline chats

    @user-change
    Scenario: The same user finds the cached chats after relaunching the app
      Given the visitor "alice" has these offline chats on the server:
        | chat    | created at           | from    | message               | sent at              |
        | baggage | 2026-11-18T15:00:00Z | visitor | My bag did not arrive | 2026-11-18T15:00:00Z |
      And "alice" has requested the offline history
      When "alice" relaunches the app
      Then "alice" still sees the offline chats "baggage"
      And the next history request of "alice" asks only for the changes since last time
