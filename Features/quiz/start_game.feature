@quiz @story-start-game @QUIZ-ST-2
Feature: Customer requests to start the game
  Story: Customer request to start the game (seed 004, "Quiz Mobile App").

  Narrative #1:
    As an online customer
    I want to start the game
    So I can starts to play

  Use case "Start Game": execute the "Start" command, the system starts the counter and enables the
  user to insert guesses. The game lasts 5 minutes, shown as "05:00", and counts down every second.

  Trace ids: QUIZ = seed 004 (Quiz Mobile App); QUIZ-ST-n = the n-th story (1 load the game, 2 start the game,
  3 insert a new answer, 4 restart the game, 5 game finished) and QUIZ-ST-n-AC-m its m-th acceptance scenario;
  QUIZ-UC-n = the n-th use case (1 Load Question From Remote, 2 Start Game, 3 Add User Guess, 4 Finish Game) and
  QUIZ-UC-n-<course> its primary or error course; QUIZ-DEC-n = a decision of ours where the document is silent.

  Decisions where the document is silent:
  - QUIZ-DEC-4: before the start the counter stays at "05:00" and answers are not accepted.
  - QUIZ-DEC-5: requesting to start while the game is running does not restart the counter: the button reads "Reset".
    Difference from the original app, where a second start starts a second timer (two ticks a second): the
    document's counter is one counter, and a double tap must not make it run twice as fast.

  Background:
    Given the app has already loaded the java keywords question

  @narrative-1 @acceptance-criteria @QUIZ-ST-2-AC-1
  Scenario: Starting the game allows the customer to insert answers
    When the customer requests to start the game
    Then the app should allow the customer to insert answers

  @narrative-1 @acceptance-criteria @QUIZ-ST-2-AC-2
  Scenario: Starting the game starts the counter
    When the customer requests to start the game
    Then the counter shows "05:00"
    When 1 second passes
    Then the counter shows "04:59"

  @narrative-1 @acceptance-criteria @QUIZ-ST-2-AC-3
  Scenario: Starting the game shows the answers hit and the total to be guessed
    When the customer requests to start the game
    Then the hits counter shows "0/50"

  @use-case-start-game @primary-course @QUIZ-UC-2 @QUIZ-UC-2-primary
  Scenario: The "Start" command starts the counter and enables the user to insert guesses
    Given the app should not allow the customer to insert answers
    When the customer requests to start the game
    And 1 second passes
    Then the counter shows "04:59"
    And the app should allow the customer to insert answers
    And the main button reads "Reset"

  @use-case-start-game @primary-course @QUIZ-UC-2 @QUIZ-UC-2-primary
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

  @decision @QUIZ-DEC-4
  Scenario: Before the start the counter waits and answers are not accepted
    When 30 seconds pass
    Then the counter shows "05:00"
    And the app should not allow the customer to insert answers
    And the main button reads "Start"
    When the customer inserts "abstract"
    Then the guess is not accepted

  @decision @QUIZ-DEC-5
  Scenario: Requesting to start a running game does not restart the counter
    Given the customer has already requested to start the game
    And the customer inserts "abstract"
    And 10 seconds pass
    When the customer requests to start the game
    Then the counter shows "04:50"
    And the app should display the answers:
      | abstract |
    And the main button reads "Reset"
