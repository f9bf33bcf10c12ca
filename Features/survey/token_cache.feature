@survey @story-log-in @SRV-FR-1
Feature: Keep the token between launches
  As a user who has logged in
  I want the app to remember my session
  So that I do not have to log in every time I open the app

  Traces to seed 002: "Load Token From Cache Use Case" (primary course; token not found and invalid data error
  courses) and "Cache Token Use Case" (primary course; delete cache and saving error courses).

  Trace ids: SRV = seed 002 (Survey iOS Application); SRV-FR-n = the n-th "Features Requirement" (1 Log in,
  2 Log out, 3 Load surveys, 4 Pull to refresh, 5 Refresh token); SRV-UC-n = the n-th "Use Case Spec" (1 Login,
  2 Load Token From Cache, 3 Cache Token, 4 Load Surveys From Remote, 5 Load Token From Remote, 6 Logout), and
  SRV-UC-n-<course> its primary or error course.

  Decisions where the document is silent or contradicts itself:
  - The iOS app keeps the token in the Keychain, which does not exist on Linux: the token is kept behind a
    TokenStore, in memory or in a file that only its owner can read and write (permissions 0600), replaced atomically.
  - The Cache Token steps are numbered 2, 2, 3, 4: the app deletes the old cache, encodes the token, saves it and
    delivers success, in that order; when deleting fails, nothing is saved.
  - "System validates fetched data": cached bytes that do not decode to a token are invalid data.
  - Deleting when nothing is cached is not an error.

  Background:
    Given the time is "2026-11-22T08:00:00Z"

  Rule: Load token from cache

    @use-case-load-token-from-cache @primary-course @SRV-UC-2 @SRV-UC-2-primary
    Scenario: The app finds the token it cached
      Given the cache holds the token "abc" with the refresh token "def" expiring at "2026-11-22T10:00:00Z"
      When the app loads the token from the cache
      Then the app receives the token "abc" of type "Bearer" with the refresh token "def" expiring at "2026-11-22T10:00:00Z"

    @use-case-load-token-from-cache @error-course @token-not-found @SRV-UC-2 @SRV-UC-2-token-not-found-error
    Scenario: Nothing is cached
      Given nothing is cached
      When the app loads the token from the cache
      Then loading the token fails because no token is cached

    @use-case-load-token-from-cache @error-course @invalid-data-error @SRV-UC-2 @SRV-UC-2-invalid-data-error
    Scenario: The cache holds something that is not a token
      Given the cache holds the bytes "this is not a token"
      When the app loads the token from the cache
      Then loading the token fails because the cached data is invalid

  Rule: Cache token

    @use-case-cache-token @primary-course @SRV-UC-3 @SRV-UC-3-primary
    Scenario: The app replaces the old token with the new one
      Given the cache holds the token "old" with the refresh token "old-refresh" expiring at "2026-11-22T07:00:00Z"
      When the app caches the token "new" with the refresh token "new-refresh" expiring at "2026-11-22T10:00:00Z"
      Then caching the token succeeds
      And the store was asked to:
        | delete the old token |
        | save the new token   |
      And the cached token is "new" with the refresh token "new-refresh" expiring at "2026-11-22T10:00:00Z"

    @use-case-cache-token @error-course @delete-cache-error @decision @SRV-UC-3 @SRV-UC-3-delete-cache-error
    Scenario: The old token cannot be deleted
      The original app ignores a delete error and saves anyway; the document's "Delete cache error" course
      delivers the error, and the app follows the document: the error is passed on and nothing new is saved.

      Given the cache holds the token "old" with the refresh token "old-refresh" expiring at "2026-11-22T07:00:00Z"
      And the store fails to delete
      When the app caches the token "new" with the refresh token "new-refresh" expiring at "2026-11-22T10:00:00Z"
      Then caching the token fails with the store's deletion error
      And the store was asked to:
        | delete the old token |
      And the cached token is "old" with the refresh token "old-refresh" expiring at "2026-11-22T07:00:00Z"

    @use-case-cache-token @error-course @saving-error @SRV-UC-3 @SRV-UC-3-saving-error
    Scenario: The new token cannot be saved
      Given the store fails to save
      When the app caches the token "new" with the refresh token "new-refresh" expiring at "2026-11-22T10:00:00Z"
      Then caching the token fails with the store's saving error

  Rule: On disk the token is private

    @use-case-cache-token @file-store @decision @SRV-UC-3
    Scenario: The token file is readable and writable by its owner only
      Given the app keeps its token in a file
      When the app caches the token "abc" with the refresh token "def" expiring at "2026-11-22T10:00:00Z"
      And the app caches the token "ghi" with the refresh token "jkl" expiring at "2026-11-22T11:00:00Z"
      Then caching the token succeeds
      And the token file has the permissions "600"
      And the cached token is "ghi" with the refresh token "jkl" expiring at "2026-11-22T11:00:00Z"
