import Foundation
import Quiz
import SpecRun

extension QuizSteps {
    static func registerLoading(_ steps: inout Steps<QuizWorld>) {
        steps.given("the quiz is published at {string}") { (world, url: String) in
            world.quizURL = try unwrap(URL(string: url), "a valid URL")
        }
        steps.given("the customer has connectivity") { world in
            await world.server.setOnline(true)
        }
        steps.given("the customer has no connectivity") { world in
            await world.server.setOnline(false)
        }
        steps.given("the quiz server offers the java keywords question") { world in
            await world.serverOffersJavaKeywords()
        }
        steps.given("the quiz server replies with status {int} and the java keywords question") { (world, status: Int) in
            await world.serverOffersJavaKeywords(statusCode: status)
        }
        steps.given("the quiz server replies with status {int} and the body:") { (world, status: Int, body: DocString) in
            await world.server.reply(statusCode: status, body: Data(body.content.utf8))
        }
        steps.given("the app has already loaded the java keywords question") { world in
            try await world.loadJavaKeywordsGame()
        }

        steps.when("the app shows the game screen without loading") { world in
            _ = world.controller
        }
        steps.when("the customer requests to load the game") { world in
            await world.controller.load()
        }
        steps.given("the customer has requested to load the game") { world in
            await world.controller.load()
        }
        steps.when("the app executes the {string} command") { (world, command: String) in
            try expect(command, equals: "Load Question", "the only command of this use case")
            let loader = RemoteQuestionLoader(url: world.quizURL, client: world.server)
            do {
                world.loadResult = .success(try await loader.load())
            } catch {
                world.loadResult = .failure(error)
            }
        }

        steps.then("the app requested the quiz with a GET of {string}") { (world, url: String) in
            let requested = await world.server.requestedURLs
            try expect(requested.map(\.absoluteString), equals: [url])
        }
        steps.then("the system delivers the question {string} with the correct answers:") { (world, text: String, table: DataTable) in
            let question = try unwrap(try world.loadResult?.get(), "the Load Question command was not executed")
            try expect(question, equals: Question(text: text, answers: table.rows.map { $0[0] }))
        }
        steps.then("the system delivers the question {string} with {int} correct answers from {string} to {string}") {
            (world, text: String, count: Int, first: String, last: String) in
            let question = try unwrap(try world.loadResult?.get(), "the Load Question command was not executed")
            try expect(question.text, equals: text, "the question")
            try expect(question.answers.count, equals: count, "the number of correct answers")
            try expect(question.answers.first, equals: first, "the first answer")
            try expect(question.answers.last, equals: last, "the last answer")
        }
        steps.then("the system delivers the invalid data error") { world in
            try expectLoadError(world, equals: .invalidData)
        }
        steps.then("the system delivers the connectivity error") { world in
            try expectLoadError(world, equals: .connectivity)
        }
        steps.then("the app should display the question {string}") { (world, question: String) in
            try expect(try world.shown.title, equals: question)
        }
        steps.then("the customer can start to play") { world in
            try expect(world.screen.isLoading, equals: false, "loading indicator")
            try expect(try world.shown.actionTitle, equals: QuizPresenter.startTitle, "main button")
            try expect(try world.game.state, equals: .notStarted)
        }
        steps.then("the customer cannot start to play") { world in
            try expect(world.screen.isLoading, equals: false, "loading indicator")
            try expectNil(world.controller.game, "a game to play")
            try expect(world.screen.game?.isGuessInputEnabled != true, "the answer field is enabled")
        }
        steps.then("the app should display the error {string}") { (world, message: String) in
            try expect(world.screen.errorMessage, equals: message)
        }
        steps.then("the app should not display an error") { world in
            try expectNil(world.screen.errorMessage, "the error shown")
        }
    }

    private static func expectLoadError(_ world: QuizWorld, equals expected: RemoteQuestionLoader.Error) throws {
        switch try unwrap(world.loadResult, "the Load Question command was not executed") {
        case .success(let question):
            throw fail("expected the \(expected) error, got the question \"\(question.text)\"")
        case .failure(let error):
            try expect(error as? RemoteQuestionLoader.Error, equals: expected)
        }
    }
}
