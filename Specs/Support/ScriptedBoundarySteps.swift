import Foundation
import SpecRun

/// The steps that script a boundary, the same words in every domain: a world names its boundary and its endpoints.
protocol ScriptedBoundaryWorld: World {
    var boundary: ScriptedBoundary { get }
}

enum ScriptedBoundarySteps {
    static func register<W: ScriptedBoundaryWorld>(_ steps: inout Steps<W>) {
        steps.given("the {string} endpoint answers {string}") { (world, endpoint: String, answer: String) in
            try await world.boundary.script(endpoint, [try ScriptedAnswer.parse(answer)])
        }
        steps.given("the {string} endpoint answers {string} once, then as usual") { (world, endpoint: String, answer: String) in
            try await world.boundary.script(endpoint, [try ScriptedAnswer.parse(answer), .usual])
        }
        steps.then("the app sent {int} request(s) to the {string} endpoint") { (world, count: Int, endpoint: String) in
            try expect(await world.boundary.requests(to: endpoint).count, equals: count, "requests to the \(endpoint) endpoint")
        }
        steps.then("the app sent no request") { world in
            try expect(await world.boundary.allRequests.count, equals: 0, "requests sent")
        }
    }
}
