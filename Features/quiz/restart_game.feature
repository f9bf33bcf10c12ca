@quiz @story-restart-game @QUIZ-ST-4
Feature: Customer requests to restart the game
  Story: Customer request to restart the game (seed 004, "Quiz Mobile App").

  Narrative #1:
    As an online customer
    I want to restart the game
    So I can start another round

  Trace ids: QUIZ = seed 004 (Quiz Mobile App); QUIZ-ST-n = the n-th story (1 load the game, 2 start the game,
  3 insert a new answer, 4 restart the game, 5 game finished) and QUIZ-ST-n-AC-m its m-th acceptance scenario;
  QUIZ-UC-n = the n-th use case (1 Load Question From Remote, 2 Start Game, 3 Add User Guess, 4 Finish Game) and
  QUIZ-UC-n-<course> its primary or error course; QUIZ-DEC-n = a decision of ours where the document is silent.

  Decisions where the document is silent (QUIZ-DEC-11):
  - "The counter should reset" means it shows "05:00" again and waits: a new round starts when the
    customer requests to start the game, as the reset story says ("until it starts again").
  - "Play Again" (after finding every answer) and "Try Again" (after the time is over) both bring the
    customer back to a fresh round ready to start, and the final message goes away.
  - QUIZ-DEC-18: as the original app, resetting stops the counter at once (it does not wait for the next tick),
    and resetting a game that was already reset changes nothing.

  Background:
    Given the app has already loaded the java keywords question

  @narrative-1 @acceptance-criteria @QUIZ-ST-4-AC-1
  Scenario: Resetting the game resets the counter and deletes the guesses
    Given the customer has already requested to start the game
    And the customer inserts the answers:
      | abstract |
      | boolean  |
    And 42 seconds pass
    When the customer requests to reset the game
    Then the counter shows "05:00"
    And the list of answers is empty
    And the hits counter shows "0/50"

  @narrative-1 @acceptance-criteria @QUIZ-ST-4-AC-2
  Scenario: After a reset no answer is accepted until the game starts again
    Given the customer has already requested to start the game
    When the customer requests to reset the game
    Then the app should not allow the customer to insert answers
    And the counter shows "05:00"
    When 10 seconds pass
    Then the counter shows "05:00"
    When the customer inserts "abstract"
    Then the guess is not accepted
    And the list of answers is empty
    When the customer requests to start the game
    And the customer inserts "abstract"
    Then the app should display the answers:
      | abstract |

  @narrative-1 @acceptance-criteria @QUIZ-ST-4-AC-3
  Scenario: Playing again after finding every answer starts from a clean round
    Given the customer has already requested to start the game
    And the customer finished answering all guesses before the timer ends
    When the customer requests to play again from the message shown by the app
    Then the counter shows "05:00"
    And the list of answers is empty
    And the hits counter shows "0/50"
    And no message is displayed

  @narrative-1 @acceptance-criteria @QUIZ-ST-4-AC-4
  Scenario: Trying again after the time is over starts from a clean round
    Given the customer has already requested to start the game
    And the customer has not finished answering all guesses
    And the counter ends
    When the customer requests to play again from the message shown by the app
    Then the counter shows "05:00"
    And the list of answers is empty
    And the hits counter shows "0/50"
    And no message is displayed

  @decision @QUIZ-DEC-11
  Scenario: Starting again once the time is over begins a clean round
    Given the customer has already requested to start the game
    And the customer has not finished answering all guesses
    And the counter ends
    When the customer requests to start the game
    Then the hits counter shows "0/50"
    And the list of answers is empty
    And the app should allow the customer to insert answers

  @decision @QUIZ-DEC-11
  Scenario: A new round after playing again counts down from 5 minutes
    Given the customer has already requested to start the game
    And the customer has not finished answering all guesses
    And the counter ends
    And the customer requests to play again from the message shown by the app
    And the main button reads "Start"
    When the customer requests to start the game
    And 1 second passes
    Then the counter shows "04:59"
    And the app should allow the customer to insert answers

  @decision @QUIZ-DEC-18
  Scenario: Resetting stops the counter at once
    Given the customer has already requested to start the game
    When the customer requests to reset the game
    Then the counter is stopped

  @decision @QUIZ-DEC-18
  Scenario: Resetting a second round played after a reset leaves a fresh round ready to start
    Given the customer has already requested to start the game
    And the customer inserts "abstract"
    And the customer requests to reset the game
    And the customer requests to start the game
    And the customer inserts "assert"
    And 20 seconds pass
    When the customer requests to reset the game
    Then the counter shows "05:00"
    And the hits counter shows "0/50"
    And the main button reads "Start"
    And the counter is stopped
