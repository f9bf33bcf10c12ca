@chat @mycwt-prepare @story-start-chat-with-agent
Feature: The myCWT chat client registers the customer's identity, renews the token and logs out
  Story: Customer would like to start a chat with an agent via myCWT iOS App (seed 000, "myCWT Chat BDD specs"),
  the scenario "Every customer open the app with chat" whose last line stops at "send request to save his", and
  what the original client mediator does where the document is silent.

  Decisions (explained with the others in prepare.feature): MYCWT-DEC-2 (the truncated line is the identity
  registration), MYCWT-DEC-12 (the identity is registered after every login while none is saved, and its outcome
  never fails prepare()), MYCWT-DEC-13 (the token renewed outside prepare() goes to the caller; the "token updated"
  callback reports the tokens STS gives inside prepare()), MYCWT-DEC-14 (logging out forgets the saved app id,
  token and identity; as the original, only once the chat client logged out: when it cannot, nothing is forgotten
  and the logout fails), MYCWT-DEC-16 (as the original: an identity store that already has the customer answers
  with the existing record, whose external id is saved; a registration that cannot reach the store is sent up to
  3 times in all, an answer is never retried), MYCWT-DEC-20 (as the original's chat facade: the vendor
  conversation's user id follows every token STS gives inside prepare(), the token's `userId` claim).

  Background:
    Given the clock shows "2026-11-22T08:00:00Z"

  Rule: The customer's identity is registered after login (the document's "send request to save his …")

    @every-customer-opens-the-app @MYCWT-AC-2 @MYCWT-DEC-2 @MYCWT-DEC-12
    Scenario: A first-time customer's identity is saved after login
      Given the customer is a first time chat customer
      And the STS API issues tokens for the chat user "traveler-7"
      And the identity store gives the external id "ext-7"
      When prepare() is called
      Then after login the app sends a request to save his identity as the chat user "traveler-7"
      And the app saves his identity "ext-7" locally
      And prepare() completes successfully

    @every-customer-opens-the-app @MYCWT-AC-2 @MYCWT-DEC-12
    Scenario: A customer whose identity is saved is not registered again
      Given the appId "cwt-app-1" is saved locally
      And a valid user token is saved locally
      And the customer's identity "ext-1" is saved locally
      When prepare() is called
      Then the app sends no request to save his identity
      And prepare() completes successfully

    @every-customer-opens-the-app @MYCWT-AC-2 @MYCWT-DEC-12 @error-course
    Scenario: A failed identity registration does not stop the chat
      Given the customer is a first time chat customer
      And the identity store fails
      When prepare() is called
      Then after login the app sends a request to save his identity as the chat user "traveler-42"
      And the app saves no identity locally
      And prepare() completes successfully

    @every-customer-opens-the-app @MYCWT-AC-2 @MYCWT-DEC-12 @error-course
    Scenario: The identity is registered after a failed login too
      Given the appId "cwt-app-1" is saved locally
      And a valid user token is saved locally
      And the identity store fails
      And the chat client login fails every time
      When prepare() is called
      Then the app sends a request to save his identity after each of the 2 logins

    @every-customer-opens-the-app @MYCWT-AC-2 @MYCWT-DEC-12
    Scenario: A token that names no chat user registers no identity
      Given the customer is a first time chat customer
      And the STS API issues tokens that name no chat user
      When prepare() is called
      Then the app sends no request to save his identity

    @every-customer-opens-the-app @MYCWT-AC-2 @MYCWT-DEC-16
    Scenario: A customer the identity store already has gets the existing identity saved
      Given the customer is a first time chat customer
      And the identity store already has the customer with the external id "ext-old-7"
      When prepare() is called
      Then the app saves his identity "ext-old-7" locally
      And prepare() completes successfully

    @every-customer-opens-the-app @MYCWT-AC-2 @MYCWT-DEC-16
    Scenario: An identity store that cannot be reached is asked again, up to 3 times in all
      Given the customer is a first time chat customer
      And the identity store cannot be reached for the first 2 requests
      When prepare() is called
      Then the app sends 3 requests to save his identity
      And the app saves his identity "ext-traveler-42" locally

    @every-customer-opens-the-app @MYCWT-AC-2 @MYCWT-DEC-16 @error-course
    Scenario: An identity store that cannot be reached 3 times saves nothing and does not stop the chat
      Given the customer is a first time chat customer
      And the identity store cannot be reached for the first 3 requests
      When prepare() is called
      Then the app sends 3 requests to save his identity
      And the app saves no identity locally
      And prepare() completes successfully

    @every-customer-opens-the-app @MYCWT-AC-2 @MYCWT-DEC-16 @error-course
    Scenario: An identity store that answers with an error is not asked again
      Given the customer is a first time chat customer
      And the identity store fails
      When prepare() is called
      Then the app sends 1 request to save his identity

  Rule: The token can be renewed outside prepare(), and prepare() tells when it got a new token

    @requests-storage @MYCWT-REQ-05 @MYCWT-DEC-13
    Scenario: prepare() reports the token STS gave through the "token updated" callback
      Given the appId "cwt-app-1" is saved locally
      And the user token isn't saved locally
      When prepare() is called
      Then the token updated callback receives the new token

    @requests-storage @MYCWT-REQ-11 @MYCWT-DEC-13
    Scenario: The token renewed after a failed login is reported too
      Given the appId "cwt-app-1" is saved locally
      And the user token isn't saved locally
      And the chat client login fails once
      When prepare() is called
      Then the token updated callback receives each new token, in order

    @requests-storage @MYCWT-REQ-06 @MYCWT-DEC-13
    Scenario: A stored token that is still valid is not reported
      Given the appId "cwt-app-1" is saved locally
      And a valid user token is saved locally
      When prepare() is called
      Then the token updated callback is not called

    @requests-storage @MYCWT-REQ-05 @MYCWT-DEC-20
    Scenario: The conversation belongs to the chat user of the token STS gave
      Given the customer is a first time chat customer
      And the STS API issues tokens for the chat user "traveler-9"
      When prepare() is called
      Then the conversation belongs to the chat user "traveler-9"

    @requests-storage @MYCWT-REQ-11 @MYCWT-DEC-20
    Scenario: The conversation follows the token renewed after a failed login
      Given the customer is a first time chat customer
      And the chat client login fails once
      When prepare() is called
      Then the conversation was given the chat user of each of the 2 tokens STS gave

    @requests-storage @MYCWT-DEC-13 @decision
    Scenario: Renewing the token outside prepare() saves it and gives it to the caller
      Given the appId "cwt-app-1" is saved locally
      And a valid user token is saved locally
      When the app renews the user token outside prepare()
      Then the renewal gives the new token from STS, saved locally
      And the token updated callback is not called

    @requests-storage @MYCWT-DEC-13 @MYCWT-DEC-10 @error-course
    Scenario: Renewing the token outside prepare() tells a refused sign-in apart
      Given the appId "cwt-app-1" is saved locally
      And the STS API answers the token request with the status 401
      When the app renews the user token outside prepare()
      Then the renewal fails because "STS refused the customer's myCWT sign-in (401)"
      And the app calls the STS API 1 time

    @requests-storage @MYCWT-DEC-13 @MYCWT-REQ-01
    Scenario: Renewing the token without a saved app id fetches the app id first
      Given the appId isn't saved locally
      And the STS-metadata API gives the app id "cwt-app-9"
      When the app renews the user token outside prepare()
      Then the app saves his app id "cwt-app-9" locally
      And the renewal gives the new token from STS, saved locally

  Rule: Logging out of the chat forgets the customer's chat credentials

    @every-customer-opens-the-app @MYCWT-AC-2 @MYCWT-DEC-14
    Scenario: Logging out forgets the app id, the token and the identity
      Given the customer is a first time chat customer
      And the chat service answers every request
      And prepare() has completed
      When the customer logs out of the chat
      Then the app calls logout on the ChatClient 1 time
      And the app has no app id, user token or identity saved
      And the chat client is in the state "notReady"

    @every-customer-opens-the-app @MYCWT-AC-2 @MYCWT-DEC-14 @error-course
    Scenario: A logout the chat client cannot do forgets nothing, and says it failed
      Given the customer is a first time chat customer
      And the chat service answers every request
      And prepare() has completed
      And the chat client cannot log out
      When the customer logs out of the chat
      Then the logout fails
      And the app still has his app id, user token and identity saved
      And the chat client is in the state "ready"

    @every-customer-opens-the-app @MYCWT-AC-2 @MYCWT-DEC-14
    Scenario: After logging out, prepare() starts again as for a first-time customer
      Given the customer is a first time chat customer
      And the chat service answers every request
      And prepare() has completed
      And the customer has logged out of the chat
      When prepare() is called
      Then the app requests the STS-metadata API 2 times
      And the app calls the STS API 2 times
      And prepare() completes successfully

    @requests-storage @MYCWT-DEC-13 @MYCWT-DEC-11
    Scenario: Renewing the token outside prepare() asks STS again while it cannot be reached
      Given the appId "cwt-app-1" is saved locally
      And STS cannot be reached for the first 3 token requests
      When the app renews the user token outside prepare()
      Then the renewal gives the new token from STS, saved locally
      And the app calls the STS API 4 times

    @requests-storage @MYCWT-DEC-13 @MYCWT-DEC-11 @error-course
    Scenario: Renewing the token outside prepare() fails after 4 tries that cannot reach STS
      Given the appId "cwt-app-1" is saved locally
      And STS cannot be reached for the first 4 token requests
      When the app renews the user token outside prepare()
      Then the renewal fails because "a new chat token could not be obtained from STS"
      And the app calls the STS API 4 times
