@survey @story-load-surveys @SRV-FR-3
Feature: Load surveys
  As a logged-in user
  I want to see the surveys one after the other
  So that I can pick one to answer

  Traces to seed 002: "Features Requirement: Load surveys" and "Load Surveys From Remote Use Case"
  (data: URL, page number, page size; primary course; connectivity and invalid data error courses).

  Trace ids: SRV = seed 002 (Survey iOS Application); SRV-FR-n = the n-th "Features Requirement" (1 Log in,
  2 Log out, 3 Load surveys, 4 Pull to refresh, 5 Refresh token); SRV-UC-n = the n-th "Use Case Spec" (1 Login,
  2 Load Token From Cache, 3 Cache Token, 4 Load Surveys From Remote, 5 Load Token From Remote, 6 Logout), and
  SRV-UC-n-<course> its primary or error course.

  Decisions where the document is silent:
  - Page number and page size are sent as the query items "page[number]" and "page[size]" of the survey API;
    every request carries the user's token in the Authorization header.
  - "System validates response data": only an HTTP 200 whose surveys all have an id, a title, a description and
    a cover image URL is valid; anything else is invalid data.
  - The list shows one survey per page (title, description, cover image) with a page indicator (one dot per
    survey, the current one selected); swiping to the left shows the next survey, to the right the previous one;
    swiping past either end stays where it is. Opening the list loads the first page of 5 surveys, as the original's home screen.
  - A failed load shows what went wrong and how to recover; an empty list says there are no surveys.
  - The cover image shown is the high-resolution variant the survey API offers: the cover image URL followed by
    "l" (as the original app does; SRV-DEC-IMAGE).
  - While the surveys load the list shows its loading state, and only then the surveys or the error.
  - Above the surveys the list shows today's date in the user's time zone, weekday, month and day in capitals
    ("SUNDAY, NOV 22"), as the original app's home screen does (SRV-DEC-DATE).

  Background:
    Given the time is "2026-11-22T08:00:00Z"
    And the user is logged in with the token "abc" valid until "2026-11-22T10:00:00Z"
    And the server has these surveys:
      | id                   | title                  | description                 | cover image url                                              |
      | d5de6a8f8f5f1cfe51bc | Scarlett Bangkok       | We'd love to hear from you! | https://dhdbhh0jsld0o.cloudfront.net/m/1ea51560991bcb7d00d0_ |
      | ed1d4f0ff19a56073a14 | ibis Bangkok Riverside | We'd love to hear from you! | https://dhdbhh0jsld0o.cloudfront.net/m/287db81c5e4242412cc0_ |
      | 270130a9cbd5fce3c0fd | 21 on Rajah            | Your opinion matters!       | https://dhdbhh0jsld0o.cloudfront.net/m/0221e768b99dc3576210_ |

  Rule: Load surveys from remote

    @use-case-load-surveys-from-remote @primary-course @SRV-UC-4 @SRV-UC-4-primary
    Scenario Outline: The app loads one page of surveys
      When the app loads page <page number> of the surveys with <page size> surveys per page
      Then the app sends a GET request to "/api/v1/surveys" with the query items "page[number]" = "<page number>" and "page[size]" = "<page size>"
      And the request for surveys is authorized with "Bearer abc"
      And the app receives <count> surveys

      Examples:
        | page number | page size | count |
        | 1           | 2         | 2     |
        | 2           | 2         | 1     |
        | 1           | 10        | 3     |
        | 3           | 2         | 0     |

    @use-case-load-surveys-from-remote @primary-course @SRV-UC-4 @SRV-UC-4-primary
    Scenario: The app creates survey items from the validated response
      When the app loads page 1 of the surveys with 2 surveys per page
      Then the app receives the surveys:
        | id                   | title                  | description                 | cover image url                                              |
        | d5de6a8f8f5f1cfe51bc | Scarlett Bangkok       | We'd love to hear from you! | https://dhdbhh0jsld0o.cloudfront.net/m/1ea51560991bcb7d00d0_ |
        | ed1d4f0ff19a56073a14 | ibis Bangkok Riverside | We'd love to hear from you! | https://dhdbhh0jsld0o.cloudfront.net/m/287db81c5e4242412cc0_ |

    @use-case-load-surveys-from-remote @error-course @connectivity-error @SRV-UC-4 @SRV-UC-4-connectivity-error
    Scenario: The app loads the surveys without connectivity
      Given the server cannot be reached
      When the app loads page 1 of the surveys with 2 surveys per page
      Then loading the surveys fails with a connectivity error

    @use-case-load-surveys-from-remote @error-course @invalid-data-error @SRV-UC-4 @SRV-UC-4-invalid-data-error
    Scenario Outline: The server answers with data the app cannot use
      Given the server answers the surveys request with the status <status> and the body '<body>'
      When the app loads page 1 of the surveys with 2 surveys per page
      Then loading the surveys fails with an invalid data error

      Examples:
        | status | body                                                                                               |
        | 200    | this is not JSON                                                                                   |
        | 200    | {"surveys": []}                                                                                    |
        | 200    | {"data": [{"id": "1", "type": "survey", "attributes": {"title": "No cover", "description": "d"}}]} |
        | 404    | {"data": []}                                                                                       |
        | 500    | {"data": []}                                                                                       |

  Rule: The app displays the surveys one per page

    @presentation @SRV-FR-3-presentation
    Scenario: The user opens the survey list
      When the user opens the survey list
      Then the app displays the survey "Scarlett Bangkok" with the description "We'd love to hear from you!" and the image "https://dhdbhh0jsld0o.cloudfront.net/m/1ea51560991bcb7d00d0_l"
      And the page indicator shows page 1 of 3
      And the app displays no error
      And the list showed its loading state until the surveys arrived

    @presentation @SRV-DEC-DATE
    Scenario: The list shows today's date above the surveys
      When the user opens the survey list
      Then the list shows the date "SUNDAY, NOV 22" above the surveys

    @presentation @SRV-DEC-DATE
    Scenario: The date is the one of the user's time zone
      Given the user's time zone is "Pacific/Honolulu"
      When the user opens the survey list
      Then the list shows the date "SATURDAY, NOV 21" above the surveys

    @presentation @SRV-FR-3-presentation
    Scenario: Swiping moves between the surveys
      Given the user has opened the survey list
      When the user swipes to the left
      Then the app displays the survey "ibis Bangkok Riverside" with the description "We'd love to hear from you!" and the image "https://dhdbhh0jsld0o.cloudfront.net/m/287db81c5e4242412cc0_l"
      And the page indicator shows page 2 of 3
      When the user swipes to the right
      Then the page indicator shows page 1 of 3

    @presentation @decision @SRV-FR-3-presentation
    Scenario Outline: Swiping past either end stays where it is
      Given the user has opened the survey list
      When the user swipes to the <direction> <times> times
      Then the app displays the survey "<title>"
      And the page indicator shows page <page> of 3

      Examples:
        | direction | times | title            | page |
        | left      | 5     | 21 on Rajah      | 3    |
        | right     | 2     | Scarlett Bangkok | 1    |

    @presentation @error-course @connectivity-error @SRV-FR-3-presentation
    Scenario: The list says why it cannot show the surveys
      Given the server cannot be reached
      When the user opens the survey list
      Then the app displays the error "Couldn't connect to the server. Check your connection and try again."
      And the page indicator shows no pages

    @presentation @error-course @invalid-data-error @SRV-FR-3-presentation
    Scenario: The list says something went wrong on invalid data
      Given the server answers the surveys request with the status 500 and the body 'oops'
      When the user opens the survey list
      Then the app displays the error "Something went wrong while loading the surveys. Please try again later."

    @presentation @decision @SRV-FR-3-presentation
    Scenario: The list says when there are no surveys
      Given the server has no surveys
      When the user opens the survey list
      Then the app displays the error "There are no surveys right now."
      And the page indicator shows no pages
