@survey @boundary @SRV-UC-1 @SRV-UC-4 @SRV-UC-5
Feature: Every answer the survey API can give
  As a user of the survey app
  I want the app to cope with whatever the server answers
  So that a broken answer never logs me in, caches a token or shows surveys it did not get

  Each endpoint of the survey API (login: the password grant, refresh: the refresh_token grant, surveys: the
  list) is scripted through the shared boundary double: a status other than 200 with the usual body (so only the
  status is wrong), 200 with a body that is not JSON, 200 with an empty body, 200 with JSON that lacks the field
  that matters, and a dropped connection. The original app (Nimble survey) tells connectivity from invalid data,
  and treats 400/401 of the token endpoint as refused credentials at login.

  Background:
    Given the app is registered with client id "ios-client" and client secret "ios-secret"
    And the time is "2026-11-22T08:00:00Z"
    And the server has these surveys:
      | id | title            | description                 | cover image url              |
      | 1  | Scarlett Bangkok | We'd love to hear from you! | https://images.example.com/1 |

  Rule: The login endpoint

    Scenario Outline: A login answered "<answer>" logs nobody in and caches nothing
      Given the server accepts the email "dev@nimblehq.co" with the password "12345678" and answers with the token:
        | access_token | token_type | refresh_token | expires_in |
        | lbxD2K2BjbYt | Bearer     | 3zJz2oW0njxl  | 7200       |
      And the "login" endpoint answers "<answer>"
      When the user logs in with the email "dev@nimblehq.co" and the password "12345678"
      Then the login fails <why>
      And no token is cached
      And the app stays on the login screen
      And the app sent 1 request to the "login" endpoint

      Examples: a status other than 200 (400 and 401 are refused credentials, as the original)
        | answer     | why                                        |
        | status 400 | because the email or password is incorrect |
        | status 401 | because the email or password is incorrect |
        | status 201 | with an invalid data error                 |
        | status 403 | with an invalid data error                 |
        | status 500 | with an invalid data error                 |

      Examples: 200 with a body the app cannot use
        | answer                    | why                        |
        | 200 not JSON              | with an invalid data error |
        | 200 empty                 | with an invalid data error |
        | 200 without data          | with an invalid data error |
        | 200 without access_token  | with an invalid data error |
        | 200 without refresh_token | with an invalid data error |
        | 200 without expires_in    | with an invalid data error |
        | 200 without token_type    | with an invalid data error |

      Examples: no answer
        | answer             | why                       |
        | dropped connection | with a connectivity error |

  Rule: The refresh endpoint

    Scenario Outline: A renewal answered "<answer>" keeps the old token and loads no surveys
      Given the user is logged in with the token "old" and the refresh token "old-refresh" valid until "2026-11-22T07:00:00Z"
      And the server renews the token with:
        | access_token | token_type | refresh_token | expires_in |
        | new          | Bearer     | new-refresh   | 7200       |
      And the "refresh" endpoint answers "<answer>"
      When the user opens the survey list
      Then renewing the token fails with <error>
      And no request for surveys is sent
      And the app displays the error "<message>"
      And the cached token is "old" with the refresh token "old-refresh" expiring at "2026-11-22T07:00:00Z"

      Examples:
        | answer                    | error                 | message                                                              |
        | status 400                | an invalid data error | Your session has expired. Please log in again.                       |
        | status 401                | an invalid data error | Your session has expired. Please log in again.                       |
        | status 500                | an invalid data error | Your session has expired. Please log in again.                       |
        | 200 not JSON              | an invalid data error | Your session has expired. Please log in again.                       |
        | 200 empty                 | an invalid data error | Your session has expired. Please log in again.                       |
        | 200 without access_token  | an invalid data error | Your session has expired. Please log in again.                       |
        | 200 without expires_in    | an invalid data error | Your session has expired. Please log in again.                       |
        | 200 without refresh_token | an invalid data error | Your session has expired. Please log in again.                       |
        | dropped connection        | a connectivity error  | Couldn't connect to the server. Check your connection and try again. |

    Scenario: A load after a failed renewal renews again
      Given the user is logged in with the token "old" and the refresh token "old-refresh" valid until "2026-11-22T07:00:00Z"
      And the server renews the token with:
        | access_token | token_type | refresh_token | expires_in |
        | new          | Bearer     | new-refresh   | 7200       |
      And the "refresh" endpoint answers "status 500" once, then as usual
      And the user opens the survey list
      When the user pulls to refresh
      Then the app sent 2 requests to the "refresh" endpoint
      And the request for surveys is authorized with "Bearer new"
      And the app displays 1 survey
      And the cached token is "new" with the refresh token "new-refresh" expiring at "2026-11-22T10:00:00Z"

  Rule: The surveys endpoint

    Scenario Outline: A survey list answered "<answer>" shows no surveys
      Given the user is logged in with the token "valid" valid until "2026-11-22T09:00:00Z"
      And the "surveys" endpoint answers "<answer>"
      When the app loads page 1 of the surveys with 10 surveys per page
      Then loading the surveys fails with <error>
      And the app sent 1 request to the "surveys" endpoint

      Examples:
        | answer                      | error                 |
        | status 401                  | an invalid data error |
        | status 404                  | an invalid data error |
        | status 500                  | an invalid data error |
        | status 204                  | an invalid data error |
        | 200 not JSON                | an invalid data error |
        | 200 empty                   | an invalid data error |
        | 200 without data            | an invalid data error |
        | 200 without id              | an invalid data error |
        | 200 without title           | an invalid data error |
        | 200 without description     | an invalid data error |
        | 200 without cover_image_url | an invalid data error |
        | dropped connection          | a connectivity error  |

  Rule: How many requests, and when

    Scenario: Building the survey list requests nothing until it is shown
      Given the user is logged in with the token "valid" valid until "2026-11-22T09:00:00Z"
      When the app builds the survey list without showing it
      Then the app sent no request

    Scenario: Opening the survey list makes one request for surveys
      Given the user is logged in with the token "valid" valid until "2026-11-22T09:00:00Z"
      When the user opens the survey list
      Then the app sent 1 request to the "surveys" endpoint
      And the app sent 0 requests to the "refresh" endpoint

    Scenario: A loader asked twice sends twice
      Given the user is logged in with the token "valid" valid until "2026-11-22T09:00:00Z"
      When the app loads page 1 of the surveys twice with the same loader
      Then the app sent 2 requests to the "surveys" endpoint
      And all 2 loads receive 1 surveys

    Scenario: The list asks for the original's page size when it opens
      Given the user is logged in with the token "valid" valid until "2026-11-22T09:00:00Z"
      When the user opens the survey list
      Then the app sends a GET request to "/api/v1/surveys" with the query items "page[number]" = "1" and "page[size]" = "5"
