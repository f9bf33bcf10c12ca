@quiz @story-load-game @QUIZ-ST-1
Feature: Customer requests to load the game
  Story: Customer request to load the game (seed 004, "Quiz Mobile App").

  Narrative #1:
    As an online customer
    I want the app to automatically load the quiz game
    So I can see the game ready to be play

  Use case "Load Question From Remote": the app GETs the question from a URL, validates the data and
  delivers the question and its correct answers, or an invalid-data error, or a connectivity error.
  The payload is {"question": String, "answer": [String]}.

  Decisions QUIZ-DEC-15 and QUIZ-DEC-16 (the document is silent): an answer listed twice (whatever its case or
  surrounding spaces) counts once; loading the question again during a round ends that round and its counter.

  Trace ids: QUIZ = seed 004 (Quiz Mobile App); QUIZ-ST-n = the n-th story (1 load the game, 2 start the game,
  3 insert a new answer, 4 restart the game, 5 game finished) and QUIZ-ST-n-AC-m its m-th acceptance scenario;
  QUIZ-UC-n = the n-th use case (1 Load Question From Remote, 2 Start Game, 3 Add User Guess, 4 Finish Game) and
  QUIZ-UC-n-<course> its primary or error course; QUIZ-DEC-n = a decision of ours where the document is silent.

  Decisions where the document is silent:
  - QUIZ-DEC-1: any status other than 200 is invalid data, even with a valid question in the body.
  - QUIZ-DEC-2: a payload without a question text or without any answer is invalid data: nothing could be played.
  - QUIZ-DEC-3: the two errors read differently to the customer: no connectivity asks to check the connection,
    invalid data asks to try again later; loading again once the connection is back shows the game.
  - QUIZ-DEC-17: before a question is loaded the counter shows the whole round, "05:00", as the original's counter
    (its initial 300 seconds); the question and the hits, which the original leaves to the storyboard, show "-".
    They stay so when the load fails.

  Background:
    Given the quiz is published at "https://quiz.example.com/java-keywords"

  @narrative-1 @acceptance-criteria @QUIZ-ST-1-AC-1
  Scenario: A connected customer sees the game ready to be played
    Given the customer has connectivity
    And the quiz server offers the java keywords question
    When the customer requests to load the game
    Then the app should display the question "What are all the java keywords?"
    And the counter shows "05:00"
    And the hits counter shows "0/50"
    And the customer can start to play
    And the app showed a loading indicator while the question loaded

  @decision @QUIZ-DEC-15
  Scenario: An answer the question lists twice counts once
    Given the customer has connectivity
    And the quiz server replies with status 200 and the body:
      """json
      {
        "question": "Name the primary colors",
        "answer": ["red", "Red ", "yellow", "blue"]
      }
      """
    When the customer requests to load the game
    Then the hits counter shows "0/3"

  @decision @QUIZ-DEC-16
  Scenario: Loading the question again during a round stops its counter
    Given the customer has connectivity
    And the quiz server offers the java keywords question
    And the customer has requested to load the game
    And the customer requests to start the game
    When the customer requests to load the game
    Then the counter is stopped
    And the counter shows "05:00"

  Rule: Load Question From Remote use case

    @use-case-load-question-from-remote @primary-course @payload-contract @QUIZ-UC-1 @QUIZ-UC-1-primary
    Scenario: The payload of the document is delivered whole
      Given the quiz server offers the java keywords question
      When the app executes the "Load Question" command
      Then the system delivers the question "What are all the java keywords?" with 50 correct answers from "abstract" to "while"

    @use-case-load-question-from-remote @primary-course @QUIZ-UC-1 @QUIZ-UC-1-primary
    Scenario: The system delivers the question and its correct answers
      Given the quiz server replies with status 200 and the body:
        """json
        {
          "question": "Name the primary colors",
          "answer": ["red", "yellow", "blue"]
        }
        """
      When the app executes the "Load Question" command
      Then the app requested the quiz with a GET of "https://quiz.example.com/java-keywords"
      And the system delivers the question "Name the primary colors" with the correct answers:
        | red    |
        | yellow |
        | blue   |

    @use-case-load-question-from-remote @error-course @invalid-data @QUIZ-UC-1 @QUIZ-UC-1-invalid-data @QUIZ-DEC-1
    Scenario Outline: The system delivers an invalid data error when the server replies <status>
      Given the quiz server replies with status <status> and the java keywords question
      When the app executes the "Load Question" command
      Then the system delivers the invalid data error

      Examples:
        | status |
        | 199    |
        | 201    |
        | 300    |
        | 400    |
        | 404    |
        | 500    |

    @use-case-load-question-from-remote @error-course @invalid-data @QUIZ-UC-1 @QUIZ-UC-1-invalid-data
    Scenario Outline: The system delivers an invalid data error on data that is not a question (<case>)
      Given the quiz server replies with status 200 and the body:
        """json
        <body>
        """
      When the app executes the "Load Question" command
      Then the system delivers the invalid data error

      Examples: malformed JSON
        | case                 | body                                     |
        | not JSON             | this is not json                         |
        | empty object         | {}                                       |
        | no answers field     | {"question": "Name the primary colors"}  |
        | answer is not a list | {"question": "Colors?", "answer": "red"} |

      @decision @QUIZ-DEC-2
      Examples: nothing to play (decision)
        | case              | body                                  |
        | empty answer list | {"question": "Colors?", "answer": []} |
        | blank question    | {"question": "  ", "answer": ["red"]} |

    @use-case-load-question-from-remote @error-course @no-connectivity @QUIZ-UC-1 @QUIZ-UC-1-no-connectivity
    Scenario: The system delivers a connectivity error
      Given the customer has no connectivity
      When the app executes the "Load Question" command
      Then the system delivers the connectivity error

  Rule: What the customer sees when loading fails

    @error-course @no-connectivity @decision @QUIZ-DEC-3
    Scenario: A customer without connectivity is asked to check the connection
      Given the customer has no connectivity
      When the customer requests to load the game
      Then the app should display the error "Couldn't load the question. Check your connection and try again."
      And the customer cannot start to play

    @error-course @invalid-data @decision @QUIZ-DEC-3
    Scenario: A customer is told to try later when the server sends something unreadable
      Given the quiz server replies with status 500 and the java keywords question
      When the customer requests to load the game
      Then the app should display the error "Couldn't read the question from the server. Please try again later."
      And the customer cannot start to play

    @error-course @decision @QUIZ-DEC-3
    Scenario: Asking to start a game whose question could not be loaded starts no counter
      Given the customer has no connectivity
      And the customer has requested to load the game
      When the customer requests to start the game
      Then the counter is stopped

    @error-course @decision @QUIZ-DEC-3
    Scenario: Loading again once the connection is back shows the game
      Given the customer has no connectivity
      And the customer has requested to load the game
      When the customer has connectivity
      And the quiz server offers the java keywords question
      And the customer requests to load the game
      Then the app should not display an error
      And the app should display the question "What are all the java keywords?"
      And the customer can start to play

    @decision @QUIZ-DEC-17 @QUIZ-UC-1
    Scenario: Before a question is loaded the counter shows "05:00" and the question and hits show "-"
      Given the customer has no connectivity
      When the customer requests to load the game
      Then the counter shows "05:00"
      And the question and the hits counter show "-"

    @decision @QUIZ-DEC-17 @QUIZ-UC-4
    Scenario: Before a question is loaded there is no game to finish
      Given the customer has no connectivity
      And the customer has requested to load the game
      When the app validates the user guesses
      Then the system says there is no finished game

  Rule: Every answer the question endpoint can give

    @error-course @boundary @QUIZ-UC-1
    Scenario Outline: A question answered "<answer>" cannot be played (<error>)
      Given the customer has connectivity
      And the quiz server offers the java keywords question
      And the "question" endpoint answers "<answer>"
      When the app executes the "Load Question" command
      Then the system delivers the <error> error
      And the app sent 1 request to the "question" endpoint

      Examples:
        | answer               | error        |
        | status 401           | invalid data |
        | status 500           | invalid data |
        | 200 not JSON         | invalid data |
        | 200 empty            | invalid data |
        | 200 without question | invalid data |
        | 200 without answer   | invalid data |
        | dropped connection   | connectivity |

    @boundary @QUIZ-UC-1
    Scenario: Nothing is requested before the customer asks to load the game
      Given the quiz server offers the java keywords question
      When the app shows the game screen without loading
      Then the app sent no request

    @boundary @QUIZ-UC-1
    Scenario: Loading twice requests the question twice
      Given the quiz server offers the java keywords question
      When the customer requests to load the game
      And the customer requests to load the game
      Then the app sent 2 requests to the "question" endpoint
