@survey @story-app-start @SRV-FR-1 @SRV-FR-2
Feature: The app opens on the surveys or on the login form
  The document's stories log in, log out and load surveys; it does not say where the app opens. As the original
  app's AppStartFlow (SRV-DEC-APP-START):
  - a token found on the device opens the surveys, even an expired one: it is renewed when the surveys load;
  - no token, or one that cannot be read, opens the login form;
  - logging in opens the surveys; logging out clears the token, then opens the login form; a logout that cannot
    clear the token leaves the surveys on screen (the session is not gone).

  As a user of the Survey app
  I want the app to open where I left it
  So that I log in only when I have to.

  Trace ids: SRV-FR-1 (Log in), SRV-FR-2 (Log out), SRV-UC-2 (Load Token From Cache), SRV-UC-6 (Logout).

  Background:
    Given the app is registered with client id "ios-client" and client secret "ios-secret"
    And the time is "2026-11-22T08:00:00Z"

  @SRV-UC-2 @SRV-DEC-APP-START
  Scenario: A user with a cached token goes straight to the surveys
    Given the user is logged in with the token "abc" valid until "2026-11-22T10:00:00Z"
    When the user launches the app
    Then the app shows the surveys

  @SRV-UC-2 @SRV-DEC-APP-START
  Scenario: An expired cached token also opens the surveys
    Given the user is logged in with the token "abc" valid until "2026-11-22T07:00:00Z"
    When the user launches the app
    Then the app shows the surveys

  @SRV-UC-2 @SRV-DEC-APP-START
  Scenario: Without a cached token the app opens the login form
    Given nothing is cached
    When the user launches the app
    Then the app shows the login form

  @SRV-UC-2 @SRV-DEC-APP-START
  Scenario: A cached token that cannot be read opens the login form
    Given the cache holds the bytes "not a token"
    When the user launches the app
    Then the app shows the login form

  @SRV-FR-1 @SRV-DEC-APP-START
  Scenario: Logging in opens the surveys
    Given nothing is cached
    And the user launches the app
    And the server accepts the email "dev@nimblehq.co" with the password "12345678" and answers with the token:
      | access_token | token_type | refresh_token | expires_in |
      | lbxD2K2BjbYt | Bearer     | 3zJz2oW0njxl  | 7200       |
    When the user logs in with the email "dev@nimblehq.co" and the password "12345678"
    Then the app shows the surveys

  @SRV-FR-2 @SRV-UC-6 @SRV-DEC-APP-START
  Scenario: Logging out opens the login form
    Given the user is logged in with the token "abc" valid until "2026-11-22T10:00:00Z"
    And the user launches the app
    When the user logs out
    Then the app shows the login form

  @SRV-FR-2 @SRV-UC-6 @SRV-DEC-APP-START
  Scenario: A logout that cannot clear the token leaves the surveys on screen
    Given the user is logged in with the token "abc" valid until "2026-11-22T10:00:00Z"
    And the user launches the app
    And the store fails to delete
    When the user logs out
    Then the app shows the surveys
