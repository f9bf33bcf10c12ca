@quiz @story-game-finished
Feature: Game finished
  Story: Game finished (seed 004, "Quiz Mobile App").

  The document gives this story no narrative (its "Narrative #1" holds the scenarios). We read it as:
    As an online customer
    I want to know when the game is over and how many answers I hit
    So I can play again

  Use case "Finish Game": execute the "Validate user guesses" command, the system verifies the user
  guesses and informs if the game is finished.

  Decisions where the document is silent:
  - When the counter ends the answer field is disabled and the counter stays at "00:00".
  - When every answer is found the counter stops where it was.
  - The messages read "Congratulations!" / "Good job! You hit 50 out of 50 answers before the time was over."
    with "Play Again", and "Time is over" / "Sorry, time is over! You hit 20 out of 50 answers." with "Try Again".

  Background:
    Given the app has already loaded the java keywords question
    And the customer has already requested to start the game

  @narrative-1 @acceptance-criteria
  Scenario: The counter ends before the customer finishes answering
    Given the customer has found the first 20 answers
    When the customer do not finished answering all the guesses
    And the counter ends
    Then the app should display the message "Time is over" saying "Sorry, time is over! You hit 20 out of 50 answers."
    And the app should offer the option "Try Again"
    And the counter shows "00:00"
    And the app should not allow the customer to insert answers

  @narrative-1 @acceptance-criteria
  Scenario: The customer finishes answering before the counter ends
    Given 120 seconds pass
    When the customer finished inserting all answers to be guessed
    And the timer has not finished yet
    Then the app should display the message "Congratulations!" saying "Good job! You hit 50 out of 50 answers before the time was over."
    And the app should offer the option "Play Again"
    And the counter shows "03:00"
    And the app should not allow the customer to insert answers

  @decision
  Scenario: The counter stops when every answer is found
    Given the customer finished answering all guesses before the timer ends
    When 30 seconds pass
    Then the counter shows "05:00"
    And the app should display the message "Congratulations!" saying "Good job! You hit 50 out of 50 answers before the time was over."

  @use-case-finish-game @primary-course
  Scenario Outline: The system verifies the guesses and informs if the game is finished (<found> found)
    Given the customer has found the first <found> answers
    When the app validates the user guesses
    Then the system informs that the game is <status>

    Examples:
      | found | status       |
      | 0     | not finished |
      | 1     | not finished |
      | 49    | not finished |
      | 50    | finished     |

  @use-case-finish-game @decision
  Scenario Outline: The time-over message tells the hits out of the total (<found> found)
    Given the customer has found the first <found> answers
    When the counter ends
    Then the app should display the message "Time is over" saying "Sorry, time is over! You hit <found> out of 50 answers."

    Examples:
      | found |
      | 0     |
      | 1     |
      | 49    |
