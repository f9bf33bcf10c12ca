@survey @story-log-in @story-load-surveys @SRV-FR-1 @SRV-FR-3
Feature: The app talks to the survey API over HTTP
  As the Survey app on a phone
  I want my requests to reach the survey API as the API expects them on the wire
  So that logging in and loading surveys work against the real server, not only against a stand-in

  The other scenarios hand the app's requests to the server in memory. These ones run the app's own HTTP client
  (URLSession) against that server served on 127.0.0.1: the method, the headers, the JSON body and the query
  items the server reads are the ones that went over the network.

  Background:
    Given the app is registered with client id "ios-client" and client secret "ios-secret"
    And the time is "2026-11-22T08:00:00Z"
    And the app talks to the server over HTTP

  @SRV-UC-1 @SRV-UC-1-primary
  Scenario: The login is a POST whose JSON body carries the credentials
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
    And every request to the "login" endpoint says its body is JSON

  @SRV-UC-4 @SRV-UC-4-primary
  Scenario: A page of surveys is a GET with the page in its query and the token in its Authorization header
    Given the user is logged in with the token "abc" valid until "2026-11-22T10:00:00Z"
    And the server has these surveys:
      | id | title            | description                 | cover image url              |
      | 1  | Scarlett Bangkok | We'd love to hear from you! | https://images.example.com/1 |
      | 2  | 21 on Rajah      | Your opinion matters!       | https://images.example.com/2 |
    When the app loads page 2 of the surveys with 1 surveys per page
    Then the app sends a GET request to "/api/v1/surveys" with the query items "page[number]" = "2" and "page[size]" = "1"
    And the request for surveys is authorized with "Bearer abc"
    And the app receives 1 surveys
