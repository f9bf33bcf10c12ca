import Foundation
import SpecRun
import Survey

extension SurveySteps {
    static func registerSurveys(_ steps: inout Steps<SurveyWorld>) {
        steps.given("the server has these surveys:") { (world, table: DataTable) in
            await world.server.publish(try surveyItems(table))
        }
        steps.given("the server now has these surveys:") { (world, table: DataTable) in
            await world.server.publish(try surveyItems(table))
        }
        steps.given("the server has no surveys") { world in
            await world.server.publish([])
        }
        steps.given("the server answers the surveys request with the status {int} and the body {string}") {
            (world, status: Int, body: String) in
            try await world.boundary.script("surveys", [.response(.json(body, status: status))])
        }
        steps.when("the app loads page {int} of the surveys with {int} surveys per page") { (world, page: Int, size: Int) in
            await world.loadSurveys(page: page, size: size)
        }
        steps.when("the user opens the survey list") { world in
            await world.showSurveyList()
        }
        steps.given("the user has opened the survey list") { world in
            await world.showSurveyList()
            try expectNil(world.listViewModel?.errorMessage, "the survey list should open without error")
        }
        steps.when("the user pulls to refresh") { world in
            await world.showSurveyList()
        }
        steps.when("the user swipes to the {word}") { (world, direction: String) in
            try world.swipe(direction)
        }
        steps.given("the user has swiped to the {word}") { (world, direction: String) in
            try world.swipe(direction)
        }
        steps.when("the user swipes to the {word} {int} times") { (world, direction: String, times: Int) in
            for _ in 0..<times { try world.swipe(direction) }
        }

        steps.then("the app sends a GET request to {string} with the query items {string} = {string} and {string} = {string}") {
            (world, path: String, name1: String, value1: String, name2: String, value2: String) in
            let queries = await world.requests(method: .get, path: path).map(InMemorySurveyServer.query(of:))
            try expect(
                queries.contains { $0[name1] == value1 && $0[name2] == value2 },
                "expected a GET \(path) with \(name1)=\(value1) and \(name2)=\(value2), got \(queries)")
        }
        steps.then("the request for surveys is authorized with {string}") { (world, authorization: String) in
            let request = try unwrap(await world.surveyRequests().last, "no request for surveys was sent")
            try expect(request.headers["Authorization"], equals: authorization)
        }
        steps.then("every request for surveys is authorized with {string}") { (world, authorization: String) in
            let requests = await world.surveyRequests()
            try expect(!requests.isEmpty, "no request for surveys was sent")
            try expect(Set(requests.map { $0.headers["Authorization"] ?? "none" }), equals: [authorization])
        }
        steps.then("the app receives {int} surveys") { (world, count: Int) in
            try expect(try world.lastSurveysResult().get().count, equals: count)
        }
        steps.then("the app receives the surveys:") { (world, table: DataTable) in
            try expect(try world.lastSurveysResult().get(), equals: try surveyItems(table))
        }
        steps.then("loading the surveys fails with a connectivity error") { world in
            try expect(try surveysError(world) as? RemoteSurveysLoader.Error, equals: .connectivity)
        }
        steps.then("loading the surveys fails with an invalid data error") { world in
            try expect(try surveysError(world) as? RemoteSurveysLoader.Error, equals: .invalidData)
        }
        steps.then("the app has sent {int} requests for page {int} of the surveys") { (world, count: Int, page: Int) in
            let pages = await world.surveyRequests().map { InMemorySurveyServer.query(of: $0)["page[number]"] }
            try expect(pages.filter { $0 == String(page) }.count, equals: count)
        }

        steps.then("the list showed its loading state until the surveys arrived") { world in
            let states = world.listScreen.shown.map(\.isLoading)
            try expect(states, equals: [true, false], "the loading states the list showed")
        }
        steps.then("the app displays the survey {string} with the description {string} and the image {string}") {
            (world, title: String, description: String, image: String) in
            let survey = try unwrap(try world.shownList().currentSurvey, "no survey is displayed")
            try expect(survey, equals: SurveyViewModel(title: title, description: description, imageURL: try unwrap(URL(string: image))))
        }
        steps.then("the app displays the survey {string}") { (world, title: String) in
            try expect(try world.shownList().currentSurvey?.title, equals: title)
        }
        steps.then("the page indicator shows page {int} of {int}") { (world, page: Int, pages: Int) in
            let indicator = try world.shownList().pageIndicator
            try expect(indicator.accessibilityLabel, equals: "Page \(page) of \(pages)")
            try expect(indicator, equals: PageIndicatorViewModel(numberOfPages: pages, currentPage: page - 1))
        }
        steps.given("the user's time zone is {string}") { (world, identifier: String) in
            world.timeZone = try unwrap(TimeZone(identifier: identifier), "no time zone \"\(identifier)\"")
        }
        steps.then("the list shows the date {string} above the surveys") { (world, header: String) in
            try expect(try world.shownList().dateHeader, equals: header)
        }
        steps.then("the page indicator shows no pages") { world in
            try expect(try world.shownList().pageIndicator.numberOfPages, equals: 0)
        }
        steps.then("the app displays no error") { world in
            try expectNil(try world.shownList().errorMessage)
        }
        steps.then("the app displays the error {string}") { (world, message: String) in
            let list = try world.shownList()
            try expect(list.errorMessage, equals: message)
            try expect(list.isLoading, equals: false, "the list should stop loading")
        }
        steps.then("the app still displays {int} surveys") { (world, count: Int) in
            try expect(try world.shownList().surveys.count, equals: count)
        }
    }

    static func surveysError(_ world: SurveyWorld) throws -> any Error {
        switch try world.lastSurveysResult() {
        case let .success(items): throw fail("expected loading the surveys to fail, but it delivered \(items.count) surveys")
        case let .failure(error): return error
        }
    }
}
