@chat @mycwt-prepare @boundary
Feature: Every answer the STS and identity-store endpoints can give
  The myCWT start-up flow talks to three endpoints: STS-metadata (the chat app id), STS token (the chat token) and
  the identity store. Each is scripted through the shared boundary double: a status other than 200 with the usual
  body (so only the status is wrong), 200 with a body that is not JSON, 200 with an empty body, 200 with JSON
  lacking the field that matters, and a dropped connection.

  As the original (ORIGINALS.md, "HTTP loaders"): only a request that got no answer is sent again (the token
  request up to 1 + 3 times, the identity registration 1 + 2 times); the token API's 401 and 404 are told apart
  from any other answer. The STS-metadata request is sent once more whatever went wrong (the document's "one more
  time", MYCWT-DEC: see prepare.feature). A failed identity registration never fails prepare().

  Background:
    Given the customer has connectivity
    And the chat service answers every request

  Rule: The STS-metadata endpoint

    Scenario Outline: STS-metadata answered "<answer>" gives no app id, and the chat does not start
      Given the appId isn't saved locally
      And a valid user token is saved locally
      And the "metadata" endpoint answers "<answer>"
      When prepare() is called
      Then prepare() fails because "the chat settings (STS metadata) could not be loaded, also after one retry"
      And the app sent 2 requests to the "metadata" endpoint
      And the app saves no app id locally
      And the app does not call initialize on the ChatClient

      Examples:
        | answer             |
        | status 401         |
        | status 404         |
        | status 500         |
        | 200 not JSON       |
        | 200 empty          |
        | 200 without appId  |
        | dropped connection |

    Scenario: A saved token without a saved app id still fetches the app id first
      Given the appId isn't saved locally
      And a valid user token is saved locally
      When prepare() is called
      Then the app requests the STS-metadata API
      And the app sent 0 requests to the "token" endpoint
      And the app saves his app id "cwt-app-1" locally
      And prepare() completes successfully

  Rule: The STS token endpoint

    Scenario Outline: STS token answered "<answer>" gives no token (<state>)
      Given the appId "cwt-app-1" is saved locally
      And the user token isn't saved locally
      And the "token" endpoint answers "<answer>"
      When prepare() is called
      Then the chat client is in the state "<state>"
      And the app sent <requests> requests to the "token" endpoint
      And the app saves no user token locally
      And the app does not call initialize on the ChatClient

      Examples: 401 and 404 are told apart, as the original
        | answer     | state                  | requests |
        | status 401 | failed(signInExpired)  | 1        |
        | status 404 | failed(chatNotOffered) | 1        |

      Examples: any other answer is final
        | answer            | state                    | requests |
        | status 500        | failed(failedFetchToken) | 1        |
        | status 201        | failed(failedFetchToken) | 1        |
        | 200 not JSON      | failed(failedFetchToken) | 1        |
        | 200 empty         | failed(failedFetchToken) | 1        |
        | 200 without token | failed(failedFetchToken) | 1        |

      Examples: no answer is asked again, 1 + 3 times
        | answer             | state                    | requests |
        | dropped connection | failed(failedFetchToken) | 4        |

  Rule: The identity-store endpoint

    Scenario Outline: An identity registration answered "<answer>" saves no identity, and the chat still starts
      Given the customer is a first time chat customer
      And the "identity" endpoint answers "<answer>"
      When prepare() is called
      Then prepare() completes successfully
      And the app sent <requests> requests to the "identity" endpoint
      And the app saves no identity locally

      Examples:
        | answer                 | requests |
        | status 401             | 1        |
        | status 500             | 1        |
        | 200 not JSON           | 1        |
        | 200 empty              | 1        |
        | 200 without externalID | 1        |
        | dropped connection     | 3        |

  Rule: When requests are sent

    Scenario: Nothing is requested before prepare() is called
      Given the customer is a first time chat customer
      When the app builds the chat start-up flow
      Then the app sent no request
