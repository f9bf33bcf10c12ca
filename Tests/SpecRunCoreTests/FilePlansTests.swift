import Messages
import XCTest

@testable import SpecRunCore

/// `FilePlans`: each file's book numbered after the books before it, found by index, let go once its test cases ran.
final class FilePlansTests: XCTestCase {
    func test_plan_findsEachTestCaseInItsFilesBookByIndex() throws {
        let (plans, names) = makeSUT(files: [["a1", "a2"], ["b1"], ["c1", "c2", "c3"]])

        XCTAssertEqual(plans.count, 6)
        let planner = plans.makePlanner()
        XCTAssertEqual((0..<6).map { plans.plan(ofCase: $0, with: planner)?.pickle.name }, names)
        XCTAssertNil(plans.plan(ofCase: 6, with: planner))
        XCTAssertNil(plans.plan(ofCase: -1, with: planner))
        XCTAssertEqual((0...6).map(plans.knows), [true, true, true, true, true, true, false])
    }

    func test_add_numbersABooksTestCasesAfterThoseBefore() {
        let (plans, _) = makeSUT(files: [["a1", "a2"]])

        XCTAssertEqual(plans.add(book(["b1", "b2"])), 2)
        XCTAssertEqual(plans.add(book(["c1"])), 4)
        XCTAssertEqual(plans.plan(ofCase: 4, with: plans.makePlanner())?.pickle.name, "c1")
    }

    func test_letGo_forgetsTheBooksAddedSoFarAndKeepsTheirNumbers() {
        let (plans, _) = makeSUT(files: [["a1", "a2"], ["b1"]])

        plans.letGo()
        let next = plans.add(book(["c1"]))

        XCTAssertEqual(next, 3)
        XCTAssertEqual((0...3).map(plans.knows), [false, false, false, true])
        XCTAssertNil(plans.plan(ofCase: 1, with: plans.makePlanner()))
        XCTAssertEqual(plans.plan(ofCase: 3, with: plans.makePlanner())?.pickle.name, "c1")
    }

    // MARK: - Helpers

    private let registry = try! StepRegistry.build(
        StepRegistry.collect([BasketSteps.self]), policy: RunConfiguration(paths: []).unknownParameterTypes,
        makeCompiler: { try ExpressionCompiler(parameterTypes: $0) })

    private func makeSUT(files: [[String]]) -> (FilePlans, [String]) {
        let plans = FilePlans(registry: registry)
        for names in files { plans.add(book(names)) }
        return (plans, files.flatMap { $0 })
    }

    private func book(_ names: [String]) -> PlanBook {
        let pickles = names.map { name in
            Pickle(
                id: "p-\(name)", uri: "features/\(name.prefix(1)).feature", location: nil, name: name, language: "en",
                steps: [], tags: [], astNodeIds: [])
        }
        return PlanBook(registry: registry, pickles: pickles, ids: IncrementingIdGenerator(), testRunStartedId: "run") { _ in }
    }
}
