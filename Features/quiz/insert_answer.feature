@quiz @story-insert-answer
Feature: Customer inserts a new answer
  Story: Customer insert a new answer (seed 004, "Quiz Mobile App").

  Narrative #1:
    As an online customer
    I want to add an answer
    So I can start to guess all the correct answers before the counter ends

  Use case "Add User Guess": execute the "Add guess" command with a text, the system validates the
  guess and saves it.

  Decisions where the document is silent, as a player would expect:
  - Letter case and spaces around the answer do not matter: " ABSTRACT " finds "abstract".
    The list shows the answer as the question spells it.
  - The list shows the correct answers found, in the order found. A wrong answer is not saved:
    it is not listed and does not change the hits.
  - An answer already found is not counted twice and is not listed twice.
  - A blank answer is ignored; a part of an answer ("abs") is a wrong answer.
  - Answers are accepted only while the counter runs: not before the start, not after the end.

  Background:
    Given the app has already loaded the java keywords question

  @narrative-1 @acceptance-criteria
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

  @narrative-1 @acceptance-criteria
  Scenario: Finding every answer before the time is over ends the game with a message
    Given the customer has already requested to start the game
    And 60 seconds pass
    When the customer finished inserting all answers to be guessed
    And the timer has not finished yet
    Then the app should display the message "Congratulations!" saying "Good job! You hit 50 out of 50 answers before the time was over."
    And the app should offer the option "Play Again"

  @use-case-add-user-guess @primary-course
  Scenario: The system validates and saves a correct guess
    Given the customer has already requested to start the game
    When the customer inserts "synchronized"
    Then the guess is accepted as "synchronized"
    And the app should display the answers:
      | synchronized |

  Rule: How a guess is judged (decisions)

    Background:
      Given the customer has already requested to start the game

    @use-case-add-user-guess @decision
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

    @use-case-add-user-guess @decision
    Scenario: Spaces around the answer do not matter
      When the customer inserts "   instanceof  "
      Then the guess is accepted as "instanceof"
      And the app should display the answers:
        | instanceof |

    @use-case-add-user-guess @decision
    Scenario: An answer already found is not counted twice
      Given the customer inserts "class"
      When the customer inserts "Class"
      Then the guess is reported as already found
      And the app should display the answers:
        | class |
      And the hits counter shows "1/50"

    @use-case-add-user-guess @decision
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

    @use-case-add-user-guess @decision
    Scenario: A blank answer is ignored
      When the customer inserts "   "
      Then the guess is not accepted
      And the list of answers is empty
      And the hits counter shows "0/50"

  Rule: Answers count only while the counter runs (decisions)

    @decision
    Scenario: Answers are not accepted before the game starts
      When the customer inserts "abstract"
      Then the guess is not accepted
      And the list of answers is empty
      And the hits counter shows "0/50"

    @decision
    Scenario Outline: An answer in the last second counts, an answer when the counter shows 00:00 does not
      Given the customer has already requested to start the game
      And <elapsed> seconds pass
      When the customer inserts "abstract"
      Then the hits counter shows "<hits>"

      Examples:
        | elapsed | hits |
        | 299     | 1/50 |
        | 300     | 0/50 |
