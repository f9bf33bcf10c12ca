@CUS-032
Feature: Quick replies send a predefined message at once
  Story CUS-032 (seed 001), acceptance criterion AC-007 and the quick-reply templates of REQ-FUN-020.

  As a Customer with an active order,
  I want to pick a predefined message instead of typing it
  So that I can answer my rider in one tap.

  The document names one template ('Please leave it at the door'); the others are ours. Riders have their own
  list (RDR-028 is the rider-side story): their templates are written from the rider's side.

  Background:
    Given customer Ana has order 1001 in status "In Transit" with rider Sam assigned
    And it is "14:05"
    And Sam has the chat of order 1001 open
    And Ana has the chat of order 1001 open

  @CUS-032-AC-007
  Scenario: The customer's quick replies
    No When: the replies offered are those of the chat screen as the Background opened it.

    Then Ana is offered these quick replies:
      | Please leave it at the door    |
      | Please ring the bell           |
      | I am coming down               |
      | Please call me when you arrive |

  @CUS-032-AC-007
  Scenario: The rider's quick replies
    No When: the replies offered are those of the chat screen as the Background opened it.

    Then Sam is offered these quick replies:
      | I am arriving now          |
      | I am outside               |
      | I can't find the address   |
      | Running a few minutes late |

  @CUS-032-AC-007
  Scenario: Picking a quick reply sends it to the rider immediately
    When Ana picks the quick reply "Please leave it at the door"
    Then Sam sees "Please leave it at the door" on the left at "14:05"
    And Ana sees "Please leave it at the door" on the right at "14:05" marked "Sent"
    And a push notification "New message from your customer (order 1001)" is requested for Sam with the text "Please leave it at the door"

  @CUS-032-AC-007
  Scenario: The rider answers with a quick reply
    When Sam picks the quick reply "I am arriving now"
    Then Ana sees the message "I am arriving now" from "Sam"
