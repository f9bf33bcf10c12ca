@survey @story-pull-to-refresh @SRV-FR-4
Feature: Pull to refresh the surveys
  As a user looking at the surveys
  I want to refresh the list
  So that I see the newest surveys without leaving the screen

  Traces to seed 002: "Features Requirement: Pull to refresh (swipe to left) surveys"; a refresh runs the
  Load Surveys From Remote use case again.

  Trace ids: SRV = seed 002 (Survey iOS Application); SRV-FR-n = the n-th "Features Requirement" (1 Log in,
  2 Log out, 3 Load surveys, 4 Pull to refresh, 5 Refresh token); SRV-UC-n = the n-th "Use Case Spec" (1 Login,
  2 Load Token From Cache, 3 Cache Token, 4 Load Surveys From Remote, 5 Load Token From Remote, 6 Logout), and
  SRV-UC-n-<course> its primary or error course.

  Decisions where the document is silent or contradicts itself:
  - "Pull to refresh (swipe to left)": the surveys are shown one per page side by side, so we read it as pulling
    the list past its first survey. A refresh loads the first page again (Load Surveys From Remote) and shows the
    first survey of the new list.
  - A failed refresh keeps the surveys already on screen and says what went wrong.

  Background:
    Given the time is "2026-11-22T08:00:00Z"
    And the user is logged in with the token "abc" valid until "2026-11-22T10:00:00Z"
    And the server has these surveys:
      | id | title            | description                 | cover image url              |
      | 1  | Scarlett Bangkok | We'd love to hear from you! | https://images.example.com/1 |
      | 2  | 21 on Rajah      | Your opinion matters!       | https://images.example.com/2 |
    And the user has opened the survey list

  @primary-course @SRV-UC-4
  Scenario: Refreshing shows the newest surveys from the first one
    Given the user has swiped to the left
    And the server now has these surveys:
      | id | title            | description           | cover image url              |
      | 3  | Siam Paragon     | Tell us about it      | https://images.example.com/3 |
      | 1  | Scarlett Bangkok | We'd love to hear!    | https://images.example.com/1 |
      | 2  | 21 on Rajah      | Your opinion matters! | https://images.example.com/2 |
    When the user pulls to refresh
    Then the app has sent 2 requests for page 1 of the surveys
    And the app displays the survey "Siam Paragon" with the description "Tell us about it" and the image "https://images.example.com/3l"
    And the page indicator shows page 1 of 3

  @error-course @connectivity-error @SRV-UC-4
  Scenario: A refresh without connectivity keeps the surveys on screen
    Given the server cannot be reached
    When the user pulls to refresh
    Then the app displays the error "Couldn't connect to the server. Check your connection and try again."
    And the app still displays 2 surveys
    And the page indicator shows page 1 of 2
