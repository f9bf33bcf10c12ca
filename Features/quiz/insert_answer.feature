@quiz @story-insert-answer @QUIZ-ST-3
Feature: Customer inserts a new answer
  Story: Customer insert a new answer (seed 004, "Quiz Mobile App").

  Narrative #1:
    As an online customer
    I want to add an answer
    So I can start to guess all the correct answers before the counter ends

  Use case "Add User Guess": execute the "Add guess" command with a text, the system validates the
  guess and saves it.

  Trace ids: QUIZ = seed 004 (Quiz Mobile App); QUIZ-ST-n = the n-th story (1 load the game, 2 start the game,
  3 insert a new answer, 4 restart the game, 5 game finished) and QUIZ-ST-n-AC-m its m-th acceptance scenario;
  QUIZ-UC-n = the n-th use case (1 Load Question From Remote, 2 Start Game, 3 Add User Guess, 4 Finish Game) and
  QUIZ-UC-n-<course> its primary or error course; QUIZ-DEC-n = a decision of ours where the document is silent.

  Decisions where the document is silent, as a player would expect:
  - QUIZ-DEC-6: letter case and spaces around the answer do not matter: " ABSTRACT " finds "abstract".
    The list shows the answer as the question spells it. Difference from the original app, which compares
    case-sensitively ("Abstract" is wrong there): the document is silent, and a player who types a keyword with a
    capital letter on a phone keyboard has found it. Spaces around it are ignored as in the original.
  - QUIZ-DEC-7: the list shows the correct answers found, in the order found. A wrong answer is not saved:
    it is not listed and does not change the hits; a part of an answer ("abs") is a wrong answer.
  - QUIZ-DEC-8: an answer already found is not counted twice and is not listed twice.
  - QUIZ-DEC-9: a blank answer is ignored.
  - QUIZ-DEC-10: answers are accepted only while the counter runs: not before the start, not once it shows 00:00.
    Difference from the original app, whose engine still accepts answers after the time is over (only its screen's
    message blocks them): the document says the game is over, so the rule lives in the game, not in the screen.

  Background:
    Given the app has already loaded the java keywords question

  @narrative-1 @acceptance-criteria @QUIZ-ST-3-AC-1
  Scenario: Each new answer is listed and the answers left to guess are updated
    Given the customer has already requested to start the game
    When the customer inserts "abstract"
    Then the app should display the answers:
      | abstract |
    And the hits counter shows "1/50"
    And 49 answers remain to be guessed
    When the customer inserts the answers:
      | boolean |
      | while   |
    Then the app should display the answers:
      | abstract |
      | boolean  |
      | while    |
    And the hits counter shows "3/50"
    And 47 answers remain to be guessed

  @narrative-1 @acceptance-criteria @QUIZ-ST-3-AC-2
  Scenario: Finding every answer before the time is over ends the game with a message
    Given the customer has already requested to start the game
    And 60 seconds pass
    And the timer has not finished yet
    When the customer finished inserting all answers to be guessed
    Then the app should display the message "Congratulations!" saying "Good job! You hit 50 out of 50 answers before the time was over."
    And the app should offer the option "Play Again"

  @use-case-add-user-guess @primary-course @QUIZ-UC-3 @QUIZ-UC-3-primary
  Scenario: The system validates and saves a correct guess
    Given the customer has already requested to start the game
    When the customer inserts "synchronized"
    Then the guess is accepted as "synchronized"
    And the app should display the answers:
      | synchronized |

  Rule: How a guess is judged (decisions)

    Background:
      Given the customer has already requested to start the game

    @use-case-add-user-guess @decision @QUIZ-UC-3 @QUIZ-DEC-6
    Scenario Outline: Letter case does not matter ("<typed>")
      When the customer inserts "<typed>"
      Then the guess is accepted as "abstract"
      And the app should display the answers:
        | abstract |
      And the hits counter shows "1/50"

      Examples:
        | typed    |
        | abstract |
        | ABSTRACT |
        | Abstract |
        | aBsTrAcT |

    @use-case-add-user-guess @decision @QUIZ-UC-3 @QUIZ-DEC-6
    Scenario: Spaces around the answer do not matter
      When the customer inserts "   instanceof  "
      Then the guess is accepted as "instanceof"
      And the app should display the answers:
        | instanceof |

    @use-case-add-user-guess @decision @QUIZ-UC-3 @QUIZ-DEC-8
    Scenario: An answer already found is not counted twice
      Given the customer inserts "class"
      When the customer inserts "Class"
      Then the guess is reported as already found
      And the app should display the answers:
        | class |
      And the hits counter shows "1/50"

    @use-case-add-user-guess @decision @QUIZ-UC-3 @QUIZ-DEC-8 @QUIZ-DEC-6
    Scenario: An answer already found, typed again with spaces around it, is not counted twice
      Given the customer inserts "class"
      When the customer inserts "  class "
      Then the guess is reported as already found
      And the hits counter shows "1/50"

    @use-case-add-user-guess @decision @QUIZ-UC-3 @QUIZ-DEC-7
    Scenario Outline: A wrong answer is not saved ("<typed>")
      Given the customer inserts "final"
      When the customer inserts "<typed>"
      Then the guess is rejected as wrong
      And the app should display the answers:
        | final |
      And the hits counter shows "1/50"

      Examples:
        | typed    |
        | function |
        | abs      |
        | finals   |
        | fin al   |

    @use-case-add-user-guess @decision @QUIZ-UC-3 @QUIZ-DEC-9
    Scenario: A blank answer is ignored
      When the customer inserts "   "
      Then the guess is not accepted
      And the list of answers is empty
      And the hits counter shows "0/50"

  Rule: Answers count only while the counter runs (decisions)

    @decision @QUIZ-DEC-10
    Scenario: Answers are not accepted before the game starts
      When the customer inserts "abstract"
      Then the guess is not accepted
      And the list of answers is empty
      And the hits counter shows "0/50"

    @decision @QUIZ-DEC-10
    Scenario Outline: An answer in the last second counts, an answer when the counter shows 00:00 does not
      Given the customer has already requested to start the game
      And <elapsed> seconds pass
      When the customer inserts "abstract"
      Then the hits counter shows "<hits>"

      Examples:
        | elapsed | hits |
        | 299     | 1/50 |
        | 300     | 0/50 |
