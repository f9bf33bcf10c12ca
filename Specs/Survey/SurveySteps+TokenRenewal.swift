import Foundation
import SpecRun
import Survey

extension SurveySteps {
    static func registerTokenRenewal(_ steps: inout Steps<SurveyWorld>) {
        steps.given("the server renews the token with:") { (world, table: DataTable) in
            await world.server.renew(with: try issuedToken(table))
        }
        steps.given("the server answers the token renewal with the status {int} and the body {string}") {
            (world, status: Int, body: String) in
            try await world.boundary.script("refresh", [.response(.json(body, status: status))])
        }
        steps.when("the app loads page {int} of the surveys {int} times at the same time") { (world, page: Int, times: Int) in
            try await loadConcurrently(world, page: page, times: times)
        }
        steps.then("the app renews the token") { world in
            try expect(await world.renewalRequests().count, equals: 1, "token renewals")
        }
        steps.then("the app does not renew the token") { world in
            try expect(await world.renewalRequests().count, equals: 0, "token renewals")
        }
        steps.then("the app sends exactly {int} request(s) to {string}") { (world, count: Int, path: String) in
            let requests = await world.server.requests.filter { $0.url.path == path }
            try expect(requests.count, equals: count, "requests to \(path)")
        }
        steps.then("all {int} loads receive {int} surveys") { (world, loads: Int, count: Int) in
            try expect(world.surveysResults.count, equals: loads, "loads")
            for result in world.surveysResults {
                try expect(try result.get().count, equals: count)
            }
        }
        steps.then("renewing the token fails with a connectivity error") { world in
            try expect(world.listError as? RemoteTokenLoader.Error, equals: .connectivity)
        }
        steps.then("renewing the token fails with an invalid data error") { world in
            try expect(world.listError as? RemoteTokenLoader.Error, equals: .invalidData)
        }
        steps.then("no request for surveys is sent") { world in
            try expect(await world.surveyRequests().count, equals: 0, "requests for surveys")
        }
    }

    static func registerLogout(_ steps: inout Steps<SurveyWorld>) {
        steps.when("the user logs out") { world in
            await world.logOut()
        }
        steps.given("the user has logged out") { world in
            await world.logOut()
            if case let .failure(error) = try unwrap(world.logoutResult) { throw fail("logging out failed with \(error)") }
        }
        steps.then("logging out succeeds") { world in
            if case let .failure(error) = try unwrap(world.logoutResult, "the user never logged out") {
                throw fail("expected logging out to succeed, but it failed with \(error)")
            }
        }
        steps.then("logging out fails with the store's deletion error") { world in
            switch try unwrap(world.logoutResult, "the user never logged out") {
            case .success: throw fail("expected logging out to fail, but it succeeded")
            case let .failure(error): try expect(error as? ScriptedTokenStore.Failure, equals: .deletion)
            }
        }
    }
}
