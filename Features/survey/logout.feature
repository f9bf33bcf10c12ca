@survey @story-log-out @use-case-logout @SRV-FR-2 @SRV-UC-6
Feature: Log out
  As a logged-in user
  I want to log out
  So that nobody else can use my session on this device

  Traces to seed 002: "Features Requirement: Log out" and "Logout Use Case" (primary course: clear the cache,
  deliver success).

  Trace ids: SRV = seed 002 (Survey iOS Application); SRV-FR-n = the n-th "Features Requirement" (1 Log in,
  2 Log out, 3 Load surveys, 4 Pull to refresh, 5 Refresh token); SRV-UC-n = the n-th "Use Case Spec" (1 Login,
  2 Load Token From Cache, 3 Cache Token, 4 Load Surveys From Remote, 5 Load Token From Remote, 6 Logout), and
  SRV-UC-n-<course> its primary or error course.

  Decisions where the document is silent:
  - Logging out when nobody is logged in succeeds: there is nothing to clear.
  - The document lists no error course. If the cached token cannot be cleared, logging out fails with that error
    rather than pretending the session is gone.
  - After logging out, the surveys cannot be loaded until the user logs in again.

  Background:
    Given the time is "2026-11-22T08:00:00Z"

  @primary-course @SRV-UC-6-primary
  Scenario: The user logs out
    Given the user is logged in with the token "abc" valid until "2026-11-22T10:00:00Z"
    When the user logs out
    Then logging out succeeds
    And no token is cached

  @primary-course @SRV-UC-6-primary
  Scenario: After logging out the surveys ask for a new login
    Given the user is logged in with the token "abc" valid until "2026-11-22T10:00:00Z"
    And the user has logged out
    When the user opens the survey list
    Then no request is sent to the server
    And the app displays the error "Your session has expired. Please log in again."

  @primary-course @SRV-UC-6-primary
  Scenario: Logging out removes the token file from the device
    Given the app keeps its token in a file
    And the user is logged in with the token "abc" valid until "2026-11-22T10:00:00Z"
    When the user logs out
    Then logging out succeeds
    And no token is cached

  @decision @SRV-UC-6-primary
  Scenario: Logging out when nobody is logged in
    Given nothing is cached
    When the user logs out
    Then logging out succeeds
    And no token is cached

  @error-course @decision @SRV-UC-6-error
  Scenario: The cached token cannot be cleared
    Given the user is logged in with the token "abc" valid until "2026-11-22T10:00:00Z"
    And the store fails to delete
    When the user logs out
    Then logging out fails with the store's deletion error
    And the cached token is "abc" with the refresh token "refresh-abc" expiring at "2026-11-22T10:00:00Z"
