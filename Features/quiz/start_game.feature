@quiz @story-start-game
Feature: Customer requests to start the game
  Story: Customer request to start the game (seed 004, "Quiz Mobile App").

  Narrative #1:
    As an online customer
    I want to start the game
    So I can starts to play

  Use case "Start Game": execute the "Start" command, the system starts the counter and enables the
  user to insert guesses. The game lasts 5 minutes, shown as "05:00", and counts down every second.

  Decisions where the document is silent:
  - Before the start the counter stays at "05:00" and answers are not accepted.
  - Requesting to start while the game is running does not restart the counter: the button reads "Reset".

  Background:
    Given the app has already loaded the java keywords question

  @narrative-1 @acceptance-criteria
  Scenario: Starting the game allows the customer to insert answers
    When the customer requests to start the game
    Then the app should allow the customer to insert answers

  @narrative-1 @acceptance-criteria
  Scenario: Starting the game starts the counter
    When the customer requests to start the game
    Then the counter shows "05:00"
    When 1 second passes
    Then the counter shows "04:59"

  @narrative-1 @acceptance-criteria
  Scenario: Starting the game shows the answers hit and the total to be guessed
    When the customer requests to start the game
    Then the hits counter shows "0/50"

  @use-case-start-game @primary-course
  Scenario: The "Start" command starts the counter and enables the user to insert guesses
    Given the app should not allow the customer to insert answers
    When the customer requests to start the game
    And 1 second passes
    Then the counter shows "04:59"
    And the app should allow the customer to insert answers
    And the main button reads "Reset"

  @use-case-start-game @primary-course
  Scenario Outline: The counter counts down the 5 minutes second by second (<elapsed> seconds)
    Given the customer has already requested to start the game
    When <elapsed> seconds pass
    Then the counter shows "<counter>"

    Examples:
      | elapsed | counter |
      | 0       | 05:00   |
      | 1       | 04:59   |
      | 59      | 04:01   |
      | 60      | 04:00   |
      | 61      | 03:59   |
      | 150     | 02:30   |
      | 299     | 00:01   |

  @decision
  Scenario: Before the start the counter waits and answers are not accepted
    When 30 seconds pass
    Then the counter shows "05:00"
    And the app should not allow the customer to insert answers
    And the main button reads "Start"

  @decision
  Scenario: Requesting to start a running game does not restart the counter
    Given the customer has already requested to start the game
    And the customer inserts "abstract"
    And 10 seconds pass
    When the customer requests to start the game
    Then the counter shows "04:50"
    And the app should display the answers:
      | abstract |
    And the main button reads "Reset"
