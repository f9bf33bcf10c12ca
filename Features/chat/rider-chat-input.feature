@CUS-032
Feature: What a chat message may contain
  Story CUS-032 (seed 001), user interface requirements: "a text input field with a character limit
  (e.g., 500 characters)" and a 'Send' button.

  As a Customer chatting with my rider,
  I want to be told clearly when a message cannot be sent
  So that I know what to change.

  Decisions: the limit is 500 characters (letters, emoji and spaces each count as one), counted after removing
  the spaces and line breaks around the message; a longer message is refused with the reason and nothing is
  sent; an empty or blank message is refused too. The chat service applies the same rules itself.

  Background:
    Given customer Ana has order 1001 in status "In Transit" with rider Sam assigned
    And it is "14:05"
    And Sam has the chat of order 1001 open
    And Ana has the chat of order 1001 open

  @CUS-032-UI
  Scenario: A message of exactly 500 characters is sent
    When Ana sends a message of 500 characters
    Then Sam has received 1 message

  @CUS-032-UI
  Scenario Outline: A message longer than 500 characters is refused (<length> characters)
    When Ana tries to send a message of <length> characters
    Then the message is refused with the reason "Messages can be at most 500 characters; this one has <length>. Shorten it and send again."
    And Sam has received 0 messages
    And no push notification is requested

    Examples:
      | length |
      | 501    |
      | 2000   |

  @CUS-032-UI
  Scenario Outline: An empty or blank message is refused (<message>)
    When Ana tries to send <message>
    Then the message is refused with the reason "Type a message before sending: empty or blank messages are not sent."
    And Sam has received 0 messages

    Examples:
      | message                                  |
      | an empty message                         |
      | a message of only spaces                 |
      | a message of only spaces and line breaks |

  @CUS-032-UI
  Scenario: A message sent after a refused one clears the refusal's reason
    Given Ana tries to send an empty message
    When Ana sends "Hello"
    Then Ana is told nothing

  @CUS-032-UI
  Scenario Outline: While typing, a counter shows how many characters are left (<length> typed)
    When Ana types a message of <length> characters
    Then the counter under the input of Ana shows "<counter>"

    Examples:
      | length | counter                |
      | 0      | 500 characters left    |
      | 480    | 20 characters left     |
      | 499    | 1 character left       |
      | 500    | 0 characters left      |
      | 512    | 12 characters too many |

  @CUS-032-UI
  Scenario: The chat service refuses a message that is too long even without the app
    When Ana sends a message of 501 characters straight to the chat service
    Then the chat service refuses it with the reason "Messages can be at most 500 characters; this one has 501. Shorten it and send again."

  @CUS-032-UI
  Scenario: The input shows its limit and every control is labelled for screen readers
    No When: what is checked is the chat screen as the Background opened it, before anyone acts.

    Then the input of Ana accepts at most 500 characters
    And the chat screen of Ana labels its controls:
      | control       | label                                |
      | message input | Message to Sam, up to 500 characters |
      | send button   | Send message                         |
      | quick replies | Quick replies                        |
      | older         | Load older messages                  |
