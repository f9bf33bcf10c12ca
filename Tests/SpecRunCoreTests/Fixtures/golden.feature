@shop
Feature: Basket
  A small feature that exercises most of the message stream.

  Background:
    Given the basket is empty

  @fast
  Scenario: adding items
    When I add 2 "apples" to the basket
    Then the basket holds:
      | item   | count |
      | apples | 2     |

  Scenario Outline: flights <flight>
    Given <flight> is delayed
    And the note:
      """text
      late again
      """

    Examples:
      | flight  |
      | LHR-CDG |

  Rule: problems
    Scenario: a failure and an undefined step
      When I add 1 "pear" to the basket
      Then the basket holds 3 items
      And a step nobody wrote yet with 12 "cukes"
