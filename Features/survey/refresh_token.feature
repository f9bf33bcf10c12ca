@survey @story-refresh-token @use-case-load-token-from-remote @SRV-FR-5 @SRV-UC-5
Feature: Refresh the token
  As a logged-in user
  I want the app to renew my session by itself when it expires
  So that I keep seeing the surveys without logging in again

  Traces to seed 002: "Features Requirement: Refresh token" and "Load Token From Remote Use Case"
  (data: URL, grant_type, refresh_token, client_id, client_secret; primary course; connectivity and invalid data
  error courses).

  Trace ids: SRV = seed 002 (Survey iOS Application); SRV-FR-n = the n-th "Features Requirement" (1 Log in,
  2 Log out, 3 Load surveys, 4 Pull to refresh, 5 Refresh token); SRV-UC-n = the n-th "Use Case Spec" (1 Login,
  2 Load Token From Cache, 3 Cache Token, 4 Load Surveys From Remote, 5 Load Token From Remote, 6 Logout), and
  SRV-UC-n-<course> its primary or error course.

  Decisions where the document is silent or contradicts itself:
  - The document misspells "clent_secret": the app sends "client_secret".
  - The app renews the token only when it needs one and the cached token has expired; a token expiring exactly
    now counts as expired. The new token replaces the old one in the cache.
  - When several loads need a token at the same time, the token is renewed once and every load uses the new one.
  - When the renewal fails the old token stays cached and no survey request is sent. Without connectivity the app
    says so; when the server refuses to renew (invalid data) or no token was ever cached, the user has to log in
    again and the app says so.

  Background:
    Given the app is registered with client id "ios-client" and client secret "ios-secret"
    And the time is "2026-11-22T08:00:00Z"
    And the server has these surveys:
      | id | title            | description                 | cover image url              |
      | 1  | Scarlett Bangkok | We'd love to hear from you! | https://images.example.com/1 |

  Rule: Primary course

    @primary-course @SRV-UC-5-primary
    Scenario: An expired token is renewed with the refresh token before loading the surveys
      Given the user is logged in with the token "old" and the refresh token "old-refresh" valid until "2026-11-22T07:59:59Z"
      And the server renews the token with:
        | access_token | token_type | refresh_token | expires_in |
        | new          | Bearer     | new-refresh   | 7200       |
      When the app loads page 1 of the surveys with 10 surveys per page
      Then the app sends a POST request to "/api/v1/oauth/token" with:
        | grant_type    | refresh_token |
        | refresh_token | old-refresh   |
        | client_id     | ios-client    |
        | client_secret | ios-secret    |
      And every request to the "refresh" endpoint says its body is JSON
      And the request for surveys is authorized with "Bearer new"
      And the app receives 1 surveys
      And the cached token is "new" with the refresh token "new-refresh" expiring at "2026-11-22T10:00:00Z"

    @primary-course @SRV-UC-5-primary @token-expiry
    Scenario Outline: The token is renewed only once it has expired
      Given the user is logged in with the token "old" and the refresh token "old-refresh" valid until "<valid until>"
      And the server renews the token with:
        | access_token | token_type | refresh_token | expires_in |
        | new          | Bearer     | new-refresh   | 7200       |
      When the app loads page 1 of the surveys with 10 surveys per page
      Then the app <renewal>
      And the request for surveys is authorized with "Bearer <token used>"

      Examples:
        | valid until          | renewal                  | token used |
        | 2026-11-22T08:00:01Z | does not renew the token | old        |
        | 2026-11-22T08:00:00Z | renews the token         | new        |
        | 2026-11-21T08:00:00Z | renews the token         | new        |

    @primary-course @SRV-UC-5-primary @concurrency
    Scenario: Several loads at the same time renew the token only once
      Given the user is logged in with the token "old" and the refresh token "old-refresh" valid until "2026-11-22T07:00:00Z"
      And the server renews the token with:
        | access_token | token_type | refresh_token | expires_in |
        | new          | Bearer     | new-refresh   | 7200       |
      When the app loads page 1 of the surveys 5 times at the same time
      Then the app sends exactly 1 request to "/api/v1/oauth/token"
      And all 5 loads receive 1 surveys
      And every request for surveys is authorized with "Bearer new"

  Rule: Error courses

    @error-course @connectivity-error @SRV-UC-5-connectivity-error
    Scenario: The token cannot be renewed without connectivity
      Given the user is logged in with the token "old" and the refresh token "old-refresh" valid until "2026-11-22T07:00:00Z"
      And the server cannot be reached
      When the user opens the survey list
      Then renewing the token fails with a connectivity error
      And no request for surveys is sent
      And the app displays the error "Couldn't connect to the server. Check your connection and try again."
      And the cached token is "old" with the refresh token "old-refresh" expiring at "2026-11-22T07:00:00Z"

    @error-course @invalid-data-error @SRV-UC-5-invalid-data-error
    Scenario Outline: The server answers the renewal with data the app cannot use
      Given the user is logged in with the token "old" and the refresh token "old-refresh" valid until "2026-11-22T07:00:00Z"
      And the server answers the token renewal with the status <status> and the body '<body>'
      When the user opens the survey list
      Then renewing the token fails with an invalid data error
      And no request for surveys is sent
      And the app displays the error "Your session has expired. Please log in again."
      And the cached token is "old" with the refresh token "old-refresh" expiring at "2026-11-22T07:00:00Z"

      Examples:
        | status | body                                                               |
        | 200    | this is not JSON                                                   |
        | 400    | {"errors": [{"code": "invalid_grant", "detail": "Token revoked"}]} |

    @error-course @token-not-found @decision @SRV-UC-2-token-not-found-error
    Scenario: The user never logged in
      Given nothing is cached
      When the user opens the survey list
      Then no request is sent to the server
      And the app displays the error "Your session has expired. Please log in again."
