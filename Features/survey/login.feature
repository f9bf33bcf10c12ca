@survey @story-log-in @use-case-login @SRV-FR-1 @SRV-UC-1
Feature: Log in
  As a user of the Survey app
  I want to log in with my email and password
  So that I can see the surveys waiting for me

  Traces to seed 002 (Survey iOS Application): "Features Requirement: Log in" and "Login Use Case"
  (data: URL, grant_type, username, password, client_id, client_secret; primary course; connectivity and
  invalid data error courses).

  Trace ids: SRV = seed 002 (Survey iOS Application); SRV-FR-n = the n-th "Features Requirement" (1 Log in,
  2 Log out, 3 Load surveys, 4 Pull to refresh, 5 Refresh token); SRV-UC-n = the n-th "Use Case Spec" (1 Login,
  2 Load Token From Cache, 3 Cache Token, 4 Load Surveys From Remote, 5 Load Token From Remote, 6 Logout), and
  SRV-UC-n-<course> its primary or error course.

  Decisions where the document is silent or contradicts itself:
  - The document names the user's identifier "username" but the survey API expects "email": the app sends "email".
  - The document misspells "clent_secret": the app sends "client_secret".
  - "System validates response data": only an HTTP 200 carrying an access token, a token type, a refresh token
    and a non-negative expires_in is valid; anything else is invalid data.
  - The token expires expires_in seconds after the app received the response (by the app's clock).
  - The document lists only connectivity and invalid data errors. When the server refuses the email/password pair
    (HTTP 400 or 401) the user is told the email or password is incorrect, not that "something went wrong".
  - After a successful login the token is cached (Cache Token use case), so the next launch needs no login.
  - The login button is offered only when the email looks like an email address (the original app's pattern:
    name@domain.tld) and the password is filled in; otherwise nothing is sent.
  - When the token cannot be saved after a successful login, the user is told "Unexpected error. Please try
    later." and stays on the login screen (as in the original app).

  Background:
    Given the app is registered with client id "ios-client" and client secret "ios-secret"
    And the time is "2026-11-22T08:00:00Z"

  Rule: Primary course: the app creates the token from a valid response and delivers it

    @primary-course @SRV-UC-1-primary
    Scenario: The user logs in with valid credentials
      Given the server accepts the email "dev@nimblehq.co" with the password "12345678" and answers with the token:
        | access_token | token_type | refresh_token | expires_in |
        | lbxD2K2BjbYt | Bearer     | 3zJz2oW0njxl  | 7200       |
      When the user logs in with the email "dev@nimblehq.co" and the password "12345678"
      Then the app sends a POST request to "/api/v1/oauth/token" with:
        | grant_type    | password        |
        | email         | dev@nimblehq.co |
        | password      | 12345678        |
        | client_id     | ios-client      |
        | client_secret | ios-secret      |
      And the user is logged in with the access token "lbxD2K2BjbYt" of type "Bearer" and the refresh token "3zJz2oW0njxl"
      And the token expires at "2026-11-22T10:00:00Z"
      And the cached token is "lbxD2K2BjbYt" with the refresh token "3zJz2oW0njxl" expiring at "2026-11-22T10:00:00Z"
      And the app displays no login error
      And the app moves on to the surveys
      And the login screen showed its loading state until the answer arrived

    @primary-course @SRV-UC-1-primary @SRV-FR-3
    Scenario: After logging in the app shows the surveys using the new token
      Given the server accepts the email "dev@nimblehq.co" with the password "12345678" and answers with the token:
        | access_token | token_type | refresh_token | expires_in |
        | lbxD2K2BjbYt | Bearer     | 3zJz2oW0njxl  | 7200       |
      And the server has these surveys:
        | id | title            | description                 | cover image url              |
        | 1  | Scarlett Bangkok | We'd love to hear from you! | https://images.example.com/1 |
      When the user logs in with the email "dev@nimblehq.co" and the password "12345678"
      And the user opens the survey list
      Then the request for surveys is authorized with "Bearer lbxD2K2BjbYt"
      And the app displays the survey "Scarlett Bangkok" with the description "We'd love to hear from you!" and the image "https://images.example.com/1l"
      And the page indicator shows page 1 of 1

    @primary-course @SRV-UC-1-primary @token-expiry
    Scenario Outline: The token expires "expires_in" seconds after the response was received
      Given the server accepts the email "dev@nimblehq.co" with the password "12345678" and answers with the token:
        | access_token | token_type | refresh_token | expires_in   |
        | abc          | Bearer     | def           | <expires in> |
      When the user logs in with the email "dev@nimblehq.co" and the password "12345678"
      Then the token expires at "<expiry>"

      Examples:
        | expires in | expiry               |
        | 7200       | 2026-11-22T10:00:00Z |
        | 60         | 2026-11-22T08:01:00Z |
        | 0          | 2026-11-22T08:00:00Z |

  Rule: Error courses

    @error-course @connectivity-error @SRV-UC-1-connectivity-error
    Scenario: The user logs in without connectivity
      Given the server cannot be reached
      When the user logs in with the email "dev@nimblehq.co" and the password "12345678"
      Then the login fails with a connectivity error
      And the app displays the login error "Couldn't connect to the server. Check your connection and try again."
      And no token is cached

    @error-course @invalid-data-error @SRV-UC-1-invalid-data-error
    Scenario Outline: The server answers the login with data the app cannot use
      Given the server answers the login with the status <status> and the body '<body>'
      When the user logs in with the email "dev@nimblehq.co" and the password "12345678"
      Then the login fails with an invalid data error
      And the app displays the login error "Something went wrong. Please try again later."
      And no token is cached

      Examples:
        | status | body                                                                                                              |
        | 200    | this is not JSON                                                                                                  |
        | 200    | {"data": {"id": "1", "type": "token"}}                                                                            |
        | 200    | {"data": {"attributes": {"access_token": "a", "token_type": "Bearer", "refresh_token": "r", "expires_in": -5}}}   |
        | 500    | {"data": {"attributes": {"access_token": "a", "token_type": "Bearer", "refresh_token": "r", "expires_in": 7200}}} |
        | 200    | {"data": {"attributes": {"access_token": "", "token_type": "Bearer", "refresh_token": "r", "expires_in": 7200}}}  |

    @primary-course @SRV-UC-1-primary
    Scenario: Fields of the token answer the app does not use are ignored
      Given the server answers the login with the status 200 and the body '{"data": {"id": "9", "type": "token", "attributes": {"access_token": "a1", "token_type": "Bearer", "refresh_token": "r1", "expires_in": 7200, "created_at": 1795000000}}, "meta": {}}'
      When the user logs in with the email "dev@nimblehq.co" and the password "12345678"
      Then the user is logged in with the access token "a1" of type "Bearer" and the refresh token "r1"
      And the token expires at "2026-11-22T10:00:00Z"

    @error-course @invalid-credentials @decision @SRV-UC-1-invalid-credentials
    Scenario: The user types a wrong password
      Given the server accepts the email "dev@nimblehq.co" with the password "12345678" and answers with the token:
        | access_token | token_type | refresh_token | expires_in |
        | abc          | Bearer     | def           | 7200       |
      When the user logs in with the email "dev@nimblehq.co" and the password "wrong password"
      Then the login fails because the email or password is incorrect
      And the app displays the login error "Your email or password is incorrect. Please try again."
      And no token is cached

    @primary-course @SRV-UC-1-primary
    Scenario: The login button cannot be tapped again while the answer is on its way
      Given the server accepts the email "dev@nimblehq.co" with the password "12345678" and answers with the token:
        | access_token | token_type | refresh_token | expires_in |
        | lbxD2K2BjbYt | Bearer     | 3zJz2oW0njxl  | 7200       |
      When the user logs in with the email "dev@nimblehq.co" and the password "12345678"
      Then the login button was disabled while the answer was on its way

    @error-course @invalid-credentials @decision @SRV-UC-1-invalid-credentials
    Scenario: After a failed login the user can try again
      Given the server accepts the email "dev@nimblehq.co" with the password "12345678" and answers with the token:
        | access_token | token_type | refresh_token | expires_in |
        | abc          | Bearer     | def           | 7200       |
      When the user logs in with the email "dev@nimblehq.co" and the password "wrong password"
      Then the login button is enabled

  Rule: The login form

    @decision @SRV-FR-1-form
    Scenario Outline: The login button is offered once the email and the password are filled in
      When the user has typed the email "<email>" and the password "<password>"
      Then the login button is <state>

      Examples:
        | email           | password | state    |
        | dev@nimblehq.co | 12345678 | enabled  |
        |                 | 12345678 | disabled |
        |                 |          | disabled |
        | dev@nimblehq.co |          | disabled |
        | dev@nimblehq    | 12345678 | disabled |
        | dev nimblehq.co | 12345678 | disabled |
        | @nimblehq.co    | 12345678 | disabled |

    @decision @SRV-FR-1-form
    Scenario: A login with an email that is not an email address is not sent
      When the user logs in with the email "dev@nimblehq" and the password "12345678"
      Then no login request is sent
      And the app stays on the login screen
      And the login button is disabled

  Rule: Saving the token after logging in

    @error-course @decision @SRV-UC-3
    Scenario: The token cannot be saved after logging in
      Given the server accepts the email "dev@nimblehq.co" with the password "12345678" and answers with the token:
        | access_token | token_type | refresh_token | expires_in |
        | lbxD2K2BjbYt | Bearer     | 3zJz2oW0njxl  | 7200       |
      And the store fails to save
      When the user logs in with the email "dev@nimblehq.co" and the password "12345678"
      Then the app displays the login error "Unexpected error. Please try later."
      And the app stays on the login screen
