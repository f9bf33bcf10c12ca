import Foundation
import SpecRun
import Survey

extension SurveySteps {
    static func registerTokenCache(_ steps: inout Steps<SurveyWorld>) {
        steps.given("the cache holds the token {string} with the refresh token {string} expiring at {string}") {
            (world, access: String, refresh: String, expiry: String) in
            try await world.seedCache(
                Token(accessToken: access, tokenType: "Bearer", refreshToken: refresh, expiryDate: try surveyDate(expiry)))
        }
        steps.given("the cache holds the bytes {string}") { (world, bytes: String) in
            try await world.store.seed(Data(bytes.utf8))
        }
        steps.given("the store fails to delete") { world in
            await world.store.failDeleting()
        }
        steps.given("the store fails to save") { world in
            await world.store.failSaving()
        }
        steps.given("the app keeps its token in a file") { world in
            let directory = FileManager.default.temporaryDirectory.appendingPathComponent("specrun-survey-\(UUID().uuidString)")
            world.temporaryDirectory = directory
            await world.store.use(FileTokenStore(fileURL: directory.appendingPathComponent("token.json")))
        }
        steps.when("the app loads the token from the cache") { world in
            do {
                world.cacheLoadResult = .success(try await world.tokenCache.load())
            } catch {
                world.cacheLoadResult = .failure(error)
            }
        }
        steps.when("the app caches the token {string} with the refresh token {string} expiring at {string}") {
            (world, access: String, refresh: String, expiry: String) in
            let token = Token(accessToken: access, tokenType: "Bearer", refreshToken: refresh, expiryDate: try surveyDate(expiry))
            world.storeMessagesBeforeWhen = await world.store.messages.count
            do {
                try await world.tokenCache.save(token)
                world.cacheSaveResult = .success(())
            } catch {
                world.cacheSaveResult = .failure(error)
            }
        }
        steps.then("the app receives the token {string} of type {string} with the refresh token {string} expiring at {string}") {
            (world, access: String, type: String, refresh: String, expiry: String) in
            switch try unwrap(world.cacheLoadResult, "the app never loaded the token from the cache") {
            case let .success(token):
                try expect(
                    token, equals: Token(accessToken: access, tokenType: type, refreshToken: refresh, expiryDate: try surveyDate(expiry)))
            case let .failure(error):
                throw fail("expected the cached token, but loading it failed with \(error)")
            }
        }
        steps.then("loading the token fails because no token is cached") { world in
            try expect(try cacheLoadError(world) as? LocalTokenLoader.Error, equals: .notFound)
        }
        steps.then("loading the token fails because the cached data is invalid") { world in
            try expect(try cacheLoadError(world) as? LocalTokenLoader.Error, equals: .invalidData)
        }
        steps.then("caching the token succeeds") { world in
            if case let .failure(error) = try unwrap(world.cacheSaveResult, "the app never cached a token") {
                throw fail("expected caching to succeed, but it failed with \(error)")
            }
        }
        steps.then("caching the token fails with the store's deletion error") { world in
            try expect(try cacheSaveError(world) as? ScriptedTokenStore.Failure, equals: .deletion)
        }
        steps.then("caching the token fails with the store's saving error") { world in
            try expect(try cacheSaveError(world) as? ScriptedTokenStore.Failure, equals: .saving)
        }
        steps.then("the store was asked to:") { (world, table: DataTable) in
            let names: [String: ScriptedTokenStore.ReceivedMessage] = [
                "delete the old token": .delete, "save the new token": .insert, "read the token": .retrieve,
            ]
            let expected = try table.column(at: 0).map { text in
                try unwrap(names[text], "unknown store operation \"\(text)\": write one of \(names.keys.sorted())")
            }
            let messages = await world.store.messages.dropFirst(world.storeMessagesBeforeWhen)
            try expect(Array(messages), equals: expected)
        }
        steps.then("the token file has the permissions {string}") { (world, permissions: String) in
            let directory = try unwrap(world.temporaryDirectory, "the app does not keep its token in a file")
            let path = directory.appendingPathComponent("token.json").path
            let attributes = try FileManager.default.attributesOfItem(atPath: path)
            let mode = try unwrap((attributes[.posixPermissions] as? NSNumber)?.intValue, "no permissions for \(path)")
            try expect(String(mode & 0o777, radix: 8), equals: permissions)
        }
    }

    static func cacheLoadError(_ world: SurveyWorld) throws -> any Error {
        switch try unwrap(world.cacheLoadResult, "the app never loaded the token from the cache") {
        case let .success(token): throw fail("expected loading the token to fail, but it delivered \(token)")
        case let .failure(error): return error
        }
    }

    static func cacheSaveError(_ world: SurveyWorld) throws -> any Error {
        switch try unwrap(world.cacheSaveResult, "the app never cached a token") {
        case .success: throw fail("expected caching the token to fail, but it succeeded")
        case let .failure(error): return error
        }
    }
}
