@chat @mycwt-prepare @story-start-chat-with-agent
Feature: Customer starts a chat with an agent via the myCWT app
  Story: Customer would like to start a chat with an agent via myCWT iOS App (seed 000, "myCWT Chat BDD specs").

  Narrative #1:
    As an online customer,
    I want to open the app and see a chat bubble that will let me start a conversation.

  Notes for readers tracing the text back to the document:
  - The document's typos are fixed here: "Giving" is written "Given", "Nerative" is "Narrative", "requet" is "request", "creteria" is "criteria", "successfuly" is "successfully".
  - The document says twice "Given the user token is not expired": the first one ("then call STS API to renew the token") is a typo for "expired". A token is expired when its JWT `exp` is at or before now.
  - The second acceptance scenario stops mid-sentence ("send request to save his"). We read it as the original client does: a first-time customer's app asks STS for the chat settings and a token, saves them, and after login sends a request to the identity store to save his identity (the chat user id of his token), then keeps the id it gets.
  - Where the document is silent we decided as a customer would expect: without connectivity the bubble stays hidden; when the start-up flow fails, the bubble says why and offers Retry; a stored token that cannot be read counts as expired; the STS-metadata request made after an initialize error retries once as well.

  Trace ids (tags): the acceptance criteria are MYCWT-AC-1 (a connected customer opens the app and sees the chat
  establishing its connection) and MYCWT-AC-2 (every customer opens the app with chat: a first-time customer).
  The Given/When/Then blocks of "Requests & Storage" and "SDK" are MYCWT-REQ-01 to MYCWT-REQ-12, in the order of
  the document: 01 app id not saved, 02 app id saved, 03 token not saved, 04 token saved, 05 token expired,
  06 token not expired, 07 metadata success, 08 metadata error, 09 initialize error, 10 initialize success,
  11 login error, 12 login success. Our decisions are MYCWT-DEC-1 ("not expired" typo read as "expired", `exp` at
  or before now is expired), MYCWT-DEC-2 (reading of the truncated first-time scenario), MYCWT-DEC-3 (no bubble
  without connectivity), MYCWT-DEC-4 (failure says why, with Retry), MYCWT-DEC-5 (unreadable token renewed),
  MYCWT-DEC-6 (metadata fetched after an initialize error retries once too), MYCWT-DEC-7 (an empty saved app id
  counts as missing, as in the original client), MYCWT-DEC-8 (tapping Retry while the chat is connecting does not
  start a second connection), MYCWT-DEC-9 (as in the original client: prepare() on a ready client completes at
  once, without initializing or logging in again, and the client state and its errors are named as the
  original's: "notReady", "ready" or "failed(<error>)" with failedFetchAppId, failedFetchToken, initFailed or
  loginFailed), MYCWT-DEC-10 (the STS token API's refusals are told apart as in the original
  client: 401 means the customer's myCWT sign-in is no longer accepted, so they are asked to sign in again; 404
  means STS knows no chat for their company, so Retry is not offered; any other status or an unreadable answer is
  "could not be renewed", with Retry), MYCWT-DEC-11 (the document is silent on retrying the token request, so as
  the original: a token request that cannot reach STS is sent up to 3 more times; an answer, even a refusal or a
  500, is never retried; the metadata request keeps the document's "one more time"), MYCWT-DEC-12 (as the
  original: the identity is registered after every login, successful or not, only while no identity is saved; its
  outcome never fails prepare(), and a token that names no chat user has no one to register), MYCWT-DEC-13 (as
  the original: the app can renew the token outside prepare(); the new token is saved and given to the caller,
  and the "token updated" callback reports the tokens STS gives inside prepare() only), MYCWT-DEC-14 (as the
  original: logging out of the chat logs the chat client out and forgets the saved app id, token and identity, so
  the next prepare() starts as for a first-time customer), MYCWT-DEC-15 (as the original's `showWhenReady`: tapping
  the bubble of a ready chat opens the vendor's conversation; while connecting or after a failure nothing opens),
  MYCWT-DEC-17 (the document does not say who the chat client logs in: as the original, the chat user the token
  names, its `userId` claim; a token that names no one is never sent to the chat client, and when the renewed
  token names no one either, prepare() fails with the original's "invalidToken"), MYCWT-DEC-18 (a difference from
  the original, whose retry counters live as long as the client and are never reset, so a second prepare() after a
  failure gives up at once: here every prepare() gets the tries the document describes, because Retry on the
  bubble must be able to succeed once the service is back), MYCWT-DEC-19 (as the original's token loader, the
  token request carries the headers `cwt-token-type: pingFed` and `cwt-client-id: CwtToGoOauthClient`; the
  original's `Authorization: Bearer <CWT sign-in token>` is not sent: this app has no myCWT sign-in token).

  Background:
    Given the clock shows "2026-11-22T08:00:00Z"

  Rule: The customer sees the chat bubble when opening the app

    @narrative-1 @acceptance-criteria @MYCWT-AC-1
    Scenario: A connected customer sees the chat establishing its connection
      Given the customer has connectivity
      And the chat service answers every request
      When the customer opens the app to chat with an agent
      Then the app displays the chat bubble "Connecting you to an agent…"
      And the chat bubble shows "Chat with an agent"

    @narrative-1 @acceptance-criteria @MYCWT-AC-1 @MYCWT-DEC-3
    Scenario: A customer without connectivity sees no chat bubble
      Given the customer has no connectivity
      When the customer opens the app to chat with an agent
      Then the chat bubble is hidden
      And no request is sent to the chat service

    @narrative-1 @acceptance-criteria @error-course @MYCWT-AC-1 @MYCWT-DEC-4
    Scenario: The bubble says why the chat is unavailable and offers to retry
      Given the customer has connectivity
      And the chat client login fails every time
      When the customer opens the app to chat with an agent
      Then the chat bubble shows "Chat is unavailable: you could not be signed in to the chat service. Tap Retry to try again."
      And the chat bubble offers Retry
      When the chat client login works again
      And the customer taps Retry
      Then the chat bubble shows "Chat with an agent"

    @narrative-1 @MYCWT-AC-1 @MYCWT-DEC-15
    Scenario: Tapping the bubble of a ready chat opens the conversation
      Given the customer has connectivity
      And the chat service answers every request
      And the customer opens the app to chat with an agent
      When the customer taps the chat bubble
      Then the conversation opens
      And the ready bubble showed it opens the conversation

    @narrative-1 @MYCWT-AC-1 @MYCWT-DEC-15 @MYCWT-DEC-3
    Scenario: A chat that was ready opens nothing once the app opened again without connectivity
      Given the customer has connectivity
      And the chat service answers every request
      And the customer opens the app to chat with an agent
      And the customer has no connectivity
      And the customer opens the app to chat with an agent
      When the customer taps the chat bubble
      Then the conversation does not open

    @narrative-1 @MYCWT-AC-1 @MYCWT-DEC-15
    Scenario: Tapping the bubble of a chat that could not connect opens nothing
      Given the customer has connectivity
      And the chat client login fails every time
      And the customer opens the app to chat with an agent
      When the customer taps the chat bubble
      Then the conversation does not open

    @narrative-1 @MYCWT-AC-1 @MYCWT-DEC-8
    Scenario: Tapping Retry while the chat is connecting does not connect twice
      Given the customer has connectivity
      And the customer is a first time chat customer
      And the customer taps Retry while the chat is still connecting
      When the customer opens the app to chat with an agent
      Then the app requests the STS-metadata API 1 time
      And the chat bubble shows "Chat with an agent"

    @every-customer-opens-the-app @MYCWT-AC-2 @MYCWT-DEC-2 @MYCWT-REQ-01 @MYCWT-REQ-03 @MYCWT-REQ-07
    Scenario: Every customer opens the app with chat: a first-time chat customer
      Given the customer has connectivity
      And the customer is a first time chat customer
      And the STS-metadata API gives the app id "cwt-app-1"
      And the STS API gives a token valid until "2026-11-23T08:00:00Z"
      When the customer opens the app for the first time
      Then a request is sent to the STS-metadata API
      And the app saves his app id "cwt-app-1" locally
      And the app saves his new user token locally
      And after login the app sends a request to save his identity as the chat user "traveler-42"
      And the chat bubble shows "Chat with an agent"

  Rule: Requests and storage

    @requests-storage @MYCWT-REQ-01
    Scenario: The app id isn't saved locally
      Given the appId isn't saved locally
      When prepare() is called
      Then the app requests the STS-metadata API

    @requests-storage @MYCWT-REQ-02
    Scenario: The app id is saved locally
      Given the appId "cwt-app-1" is saved locally
      When prepare() is called
      Then the app checks whether the user token is saved locally
      And the app does not request the STS-metadata API

    @requests-storage @MYCWT-REQ-03
    Scenario: The user token isn't saved locally
      Given the appId "cwt-app-1" is saved locally
      And the user token isn't saved locally
      When prepare() is called
      Then the app calls the STS API for a new token

    @requests-storage @MYCWT-REQ-04 @MYCWT-REQ-05 @MYCWT-REQ-06 @MYCWT-DEC-1
    Scenario Outline: The stored user token is validated against the clock
      Given the appId "cwt-app-1" is saved locally
      And a user token valid until "<expiry>" is saved locally
      When prepare() is called
      Then the app <action>

      Examples: expired tokens are renewed (the document's "not expired" here is a typo for "expired")
        | expiry               | action                               |
        | 2026-11-22T07:59:59Z | calls the STS API to renew the token |
        | 2026-11-22T08:00:00Z | calls the STS API to renew the token |

      Examples: tokens that are not expired are used as they are
        | expiry               | action                                                         |
        | 2026-11-22T08:00:01Z | calls initialize on the ChatClient without calling the STS API |
        | 2026-12-31T00:00:00Z | calls initialize on the ChatClient without calling the STS API |

    @requests-storage @MYCWT-REQ-05 @MYCWT-DEC-5
    Scenario Outline: A stored user token that cannot be read is renewed (<why>)
      Given the appId "cwt-app-1" is saved locally
      And the unreadable user token "<token>" is saved locally
      When prepare() is called
      Then the app calls the STS API to renew the token
      And the app renews the token before it initializes the ChatClient

      Examples:
        | why                      | token                                                                                      |
        | not a JWT                | not-a-jwt                                                                                  |
        | two parts only           | eyJhbGciOiJub25lIiwidHlwIjoiSldUIn0.eyJzdWIiOiJzdG9yZWQiLCJleHAiOjE4OTM0NTYwMDB9           |
        | four parts               | eyJhbGciOiJub25lIiwidHlwIjoiSldUIn0.eyJzdWIiOiJzdG9yZWQiLCJleHAiOjE4OTM0NTYwMDB9.sig.extra |
        | payload not base64url    | eyJhbGciOiJub25lIiwidHlwIjoiSldUIn0.*not-base64*.sig                                       |
        | no expiry in the payload | eyJhbGciOiJub25lIiwidHlwIjoiSldUIn0.eyJzdWIiOiJzdG9yZWQifQ.sig                             |

    @requests-storage @MYCWT-REQ-06 @MYCWT-DEC-5
    Scenario: An unsigned JWT (empty signature part) that is not expired is used as it is
      Given the appId "cwt-app-1" is saved locally
      And the user token "eyJhbGciOiJub25lIiwidHlwIjoiSldUIn0.eyJzdWIiOiJzdG9yZWQiLCJleHAiOjE4OTM0NTYwMDAsInVzZXJJZCI6InRyYXZlbGVyLTQyIn0." is saved locally
      When prepare() is called
      Then the app calls initialize on the ChatClient without calling the STS API

    @requests-storage @MYCWT-REQ-01 @MYCWT-DEC-7
    Scenario: An empty saved app id counts as missing
      Given the appId "" is saved locally
      And the STS-metadata API gives the app id "cwt-app-7"
      When prepare() is called
      Then the app requests the STS-metadata API
      And the app saves his app id "cwt-app-7" locally

    @requests-storage @MYCWT-REQ-07
    Scenario: The STS-metadata request completes successfully
      Given the appId isn't saved locally
      And the STS-metadata API gives the app id "cwt-app-7"
      When prepare() is called
      Then the app saves his app id "cwt-app-7" locally

    @requests-storage @error-course @MYCWT-REQ-08
    Scenario: The STS-metadata request completes with an error once
      Given the appId isn't saved locally
      And the STS-metadata API fails once, then gives the app id "cwt-app-7"
      When prepare() is called
      Then the app requests the STS-metadata API 2 times
      And the app saves his app id "cwt-app-7" locally
      And prepare() completes successfully

    @requests-storage @error-course @MYCWT-REQ-08
    Scenario: The STS-metadata request fails again after its retry
      Given the appId isn't saved locally
      And the STS-metadata API fails every time
      When prepare() is called
      Then the app requests the STS-metadata API 2 times
      And prepare() fails because "the chat settings (STS metadata) could not be loaded, also after one retry"

    @requests-storage @error-course @MYCWT-REQ-03
    Scenario: The STS API cannot give a token
      Given the appId "cwt-app-1" is saved locally
      And the user token isn't saved locally
      And the STS API fails every time
      When prepare() is called
      Then prepare() fails because "a new chat token could not be obtained from STS"
      And the app calls the STS API 4 times
      And the app does not call initialize on the ChatClient

    @requests-storage @MYCWT-REQ-03 @MYCWT-DEC-19
    Scenario: The token request names the kind of sign-in and the client, as the original
      Given the customer is a first time chat customer
      When prepare() is called
      Then every token request tells STS the token type "pingFed" and the client id "CwtToGoOauthClient"

    @requests-storage @error-course @MYCWT-REQ-03 @MYCWT-DEC-11
    Scenario: A token request that cannot reach STS is sent again
      Given the appId "cwt-app-1" is saved locally
      And the user token isn't saved locally
      And STS cannot be reached for the first 3 token requests
      When prepare() is called
      Then the app calls the STS API 4 times
      And the app saves his new user token locally
      And prepare() completes successfully

  Rule: The chat client (SDK)

    @sdk @error-course @MYCWT-REQ-09 @MYCWT-DEC-6
    Scenario: Initialize completes with an error
      Given the appId "cwt-app-1" is saved locally
      And a valid user token is saved locally
      And the chat client initialize fails once
      And the STS-metadata API gives the app id "cwt-app-2"
      When prepare() is called
      Then the app calls the ChatClient in this order:
        | call                 |
        | initialize cwt-app-1 |
        | initialize cwt-app-2 |
        | login                |
      And the app requests the STS-metadata API 1 time
      And the app saves his app id "cwt-app-2" locally
      And prepare() completes successfully

    @sdk @error-course @MYCWT-REQ-09
    Scenario: Initialize fails again with the new app id
      Given the appId "cwt-app-1" is saved locally
      And a valid user token is saved locally
      And the chat client initialize fails every time
      And the STS-metadata API gives the app id "cwt-app-1"
      When prepare() is called
      Then prepare() fails because "the chat client could not be initialized, also after fetching the app id again"
      And the app does not call login on the ChatClient

    @sdk @MYCWT-REQ-10
    Scenario: Initialize completes successfully
      Given the appId "cwt-app-1" is saved locally
      And a valid user token is saved locally
      When prepare() is called
      Then the app calls the ChatClient in this order:
        | call                 |
        | initialize cwt-app-1 |
        | login                |

    @sdk @error-course @MYCWT-REQ-11
    Scenario: Login completes with an error
      Given the appId "cwt-app-1" is saved locally
      And a valid user token is saved locally
      And the chat client login fails once
      When prepare() is called
      Then the app calls the ChatClient in this order:
        | call                 |
        | initialize cwt-app-1 |
        | login                |
        | logout               |
        | login                |
      And the app calls the STS API to renew the token
      And the second login uses the renewed token
      And prepare() completes successfully

    @sdk @error-course @MYCWT-REQ-11
    Scenario: Login fails again after logout and token renewal
      Given the appId "cwt-app-1" is saved locally
      And a valid user token is saved locally
      And the chat client login fails every time
      When prepare() is called
      Then prepare() fails because "the chat client login failed, also after logging out and renewing the token"
      And the app calls logout on the ChatClient 1 time

    @sdk @MYCWT-REQ-12
    Scenario: Login completes successfully
      Given the appId "cwt-app-1" is saved locally
      And a valid user token is saved locally
      When prepare() is called
      Then prepare() completes successfully

    @sdk @MYCWT-REQ-12 @MYCWT-DEC-17
    Scenario: The chat client logs in the chat user the token names
      Given the appId "cwt-app-1" is saved locally
      And a user token of the chat user "traveler-7" is saved locally
      When prepare() is called
      Then the ChatClient logs in the chat user "traveler-7" with the saved token

    @sdk @error-course @MYCWT-REQ-11 @MYCWT-DEC-17
    Scenario: A token that names no chat user is never sent to the chat client
      Given the appId "cwt-app-1" is saved locally
      And a user token that names no chat user is saved locally
      And the STS API issues tokens that name no chat user
      When prepare() is called
      Then the app does not call login on the ChatClient
      And prepare() fails because "the chat token names no chat user to log in, also after renewing it"
      And the chat client is in the state "failed(invalidToken)"

    @sdk @error-course @MYCWT-REQ-11 @MYCWT-DEC-17
    Scenario: A saved token that names no chat user is renewed, and the renewed one logs in
      Given the appId "cwt-app-1" is saved locally
      And a user token that names no chat user is saved locally
      And the STS API issues tokens for the chat user "traveler-42"
      When prepare() is called
      Then the ChatClient logs in the chat user "traveler-42" with the renewed token
      And prepare() completes successfully

  Rule: A ready chat client is not prepared again

    @requests-storage @MYCWT-DEC-9
    Scenario: prepare() on a ready client completes without initializing or logging in again
      Given the customer is a first time chat customer
      And the chat service answers every request
      And prepare() has completed
      When prepare() is called
      Then prepare() completes successfully
      And prepare() sends no request and does not call the ChatClient again
      And the chat client state is "ready"

    @requests-storage @MYCWT-DEC-9 @error-course
    Scenario Outline: The client state names the error as the original client does (<failure>)
      Given the appId isn't saved locally
      And <failure>
      When prepare() is called
      Then the chat client is in the state "<state>"

      Examples:
        | failure                                     | state                    |
        | the STS-metadata API fails every time       | failed(failedFetchAppId) |
        | the STS API fails every time                | failed(failedFetchToken) |
        | the chat client initialize fails every time | failed(initFailed)       |
        | the chat client login fails every time      | failed(loginFailed)      |
        | the chat service answers every request      | ready                    |

    @requests-storage @MYCWT-DEC-9 @MYCWT-DEC-18 @decision
    Scenario: A second prepare() after a failure gets all its tries again
      Given the appId "cwt-app-1" is saved locally
      And a valid user token is saved locally
      And the chat client login fails every time
      And prepare() has failed
      When the chat client login fails once more only
      And prepare() is called
      Then prepare() completes successfully
      And the chat client is in the state "ready"

    @requests-storage @MYCWT-DEC-9
    Scenario: A client that was never prepared is not ready
      When the app builds the chat start-up flow
      Then the chat client is in the state "notReady"

    @requests-storage @MYCWT-DEC-9 @error-course
    Scenario: The client state names the step that gave up
      Given the appId "cwt-app-1" is saved locally
      And a valid user token is saved locally
      And the chat client login fails every time
      When prepare() is called
      Then the chat client state is "failed: the chat client login failed, also after logging out and renewing the token"

  Rule: The STS token API's refusals lead to different outcomes

    @requests-storage @error-course @MYCWT-REQ-05 @MYCWT-DEC-10
    Scenario: STS refuses the customer's sign-in (401): the customer is asked to sign in to myCWT again
      Given the customer has connectivity
      And the appId "cwt-app-1" is saved locally
      And the user token isn't saved locally
      And the STS API answers the token request with the status 401
      When the customer opens the app to chat with an agent
      Then the chat bubble shows "Chat is unavailable: your myCWT sign-in has expired. Sign in to myCWT again, then tap Retry."
      And the chat bubble offers Retry

    @requests-storage @error-course @MYCWT-REQ-05 @MYCWT-DEC-10
    Scenario: STS knows no chat for the customer's company (404): Retry is not offered
      Given the customer has connectivity
      And the appId "cwt-app-1" is saved locally
      And the user token isn't saved locally
      And the STS API answers the token request with the status 404
      When the customer opens the app to chat with an agent
      Then the chat bubble shows "Chat with an agent is not offered for your company's myCWT account."
      And the chat bubble does not offer Retry

    @requests-storage @error-course @MYCWT-REQ-05 @MYCWT-DEC-10
    Scenario Outline: Any other answer of the STS token API (<status>) cannot renew the token, and Retry is offered
      Given the customer has connectivity
      And the appId "cwt-app-1" is saved locally
      And the user token isn't saved locally
      And the STS API answers the token request with the status <status>
      When the customer opens the app to chat with an agent
      Then the chat bubble shows "Chat is unavailable: your chat sign-in could not be renewed. Tap Retry to try again."
      And the chat bubble offers Retry
      And the app calls the STS API 1 time

      Examples:
        | status |
        | 201    |
        | 403    |
        | 500    |
