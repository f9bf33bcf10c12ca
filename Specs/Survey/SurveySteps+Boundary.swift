import Foundation
import SpecRun
import Survey

extension SurveySteps {
    static func registerBoundary(_ steps: inout Steps<SurveyWorld>) {
        steps.when("the app builds the survey list without showing it") { world in
            _ = world.listController
        }
        steps.when("the app loads page {int} of the surveys twice with the same loader") { (world, page: Int) in
            let loader = world.makeSurveysLoader()
            for _ in 0..<2 {
                do {
                    world.surveysResults.append(.success(try await loader.load(page: page, size: SurveyAPI.listPageSize)))
                } catch {
                    world.surveysResults.append(.failure(error))
                }
            }
        }
        steps.then("every request to the {string} endpoint says its body is JSON") { (world, endpoint: String) in
            let requests = await world.boundary.requests(to: endpoint)
            try expect(!requests.isEmpty, "no request reached the \(endpoint) endpoint")
            for request in requests {
                let type = request.headers.first { $0.key.caseInsensitiveCompare("Content-Type") == .orderedSame }?.value
                try expect(type, equals: "application/json", "the Content-Type of a request to the \(endpoint) endpoint")
            }
        }
        steps.then("the app displays {int} survey(s)") { (world, count: Int) in
            try expect(try world.shownList().surveys.count, equals: count, "surveys shown")
        }
    }

    /// Starts `times` loads of one loader while the token renewal is held at a gate, waits until every load is
    /// inside the token provider (the renewal request waiting at the gate), then lets the server answer.
    static func loadConcurrently(_ world: SurveyWorld, page: Int, times: Int) async throws {
        let gate = BoundaryGate()
        try await world.boundary.script("refresh", [.held(by: gate, then: .usual)])
        let loader = world.makeSurveysLoader()
        let provider = try unwrap(world.lastTokenProvider, "the surveys loader has no token provider")
        async let results = withTaskGroup(of: Result<[SurveyItem], any Error>.self) { group in
            for _ in 0..<times {
                group.addTask {
                    do { return .success(try await loader.load(page: page, size: SurveyAPI.listPageSize)) } catch {
                        return .failure(error)
                    }
                }
            }
            return await group.reduce(into: [Result<[SurveyItem], any Error>]()) { $0.append($1) }
        }
        await gate.whenHolding(1)
        // Every caller is inside the provider (a state, not a duration: the loop waits for it, bounded by a count).
        var turns = 0
        while await provider.waitingCallers < times {
            turns += 1
            if turns > 100_000 {
                await gate.open()
                throw fail("only \(await provider.waitingCallers) of \(times) loads reached the token provider")
            }
            await Task.yield()
        }
        await gate.open()
        world.surveysResults.append(contentsOf: await results)
    }
}
