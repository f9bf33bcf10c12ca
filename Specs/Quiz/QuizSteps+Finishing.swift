import Foundation
import Quiz
import SpecRun

extension QuizSteps {
    static func registerFinishing(_ steps: inout Steps<QuizWorld>) {
        steps.when("the customer finished inserting all answers to be guessed") { world in
            try world.insertEveryAnswer()
        }
        steps.given("the customer finished answering all guesses before the timer ends") { world in
            try world.insertEveryAnswer()
            try expect(try world.game.outcome, equals: .allAnswersFound)
        }
        steps.given("the timer has not finished yet") { world in
            let remaining = try world.game.remainingTime(at: world.clock.now)
            try expect(remaining > 0, "expected time left on the counter, got \(remaining) seconds")
        }
        steps.given("the customer has not finished answering all guesses") { world in
            try world.insertFirst(10)
            let game = try world.game
            try expect(game.hits < game.total, "expected answers left to guess, got \(game.hits)/\(game.total)")
        }
        steps.given("the customer do not finished answering all the guesses") { world in
            let game = try world.game
            try expect(game.hits < game.total, "expected answers left to guess, got \(game.hits)/\(game.total)")
        }
        steps.when("the counter ends") { world in
            try world.runCounterToTheEnd()
        }
        steps.when("the customer requests to play again from the message shown by the app") { world in
            let message = try unwrap(try world.shown.finalMessage, "no message is shown")
            try expect(
                [QuizPresenter.playAgainTitle, QuizPresenter.tryAgainTitle].contains(message.actionTitle),
                "the message offers \"\(message.actionTitle)\", not an option to play again"
            )
            world.controller.playAgain()
        }
        steps.given("the app is suspended for {int} seconds, the counter not ticking") { (world, seconds: Int) in
            world.clock.advance(by: TimeInterval(seconds))
        }
        steps.when("the app validates the user guesses") { world in
            world.reportedFinished = world.controller.validateGuesses()
        }

        steps.then("the app should display the message {string} saying {string}") { (world, title: String, text: String) in
            let message = try unwrap(try world.shown.finalMessage, "no message is shown")
            try expect(message.title, equals: title, "the message title")
            try expect(message.message, equals: text, "the message")
        }
        steps.then("the app should offer the option {string}") { (world, option: String) in
            let message = try unwrap(try world.shown.finalMessage, "no message is shown")
            try expect(message.actionTitle, equals: option, "the option of the message")
        }
        steps.then("no message is displayed") { world in
            try expectNil(try world.shown.finalMessage, "the message")
        }
        steps.then("the system informs that the game is finished") { world in
            try expect(world.reportedFinished, equals: true, "the game is finished")
            try expect(try world.game.outcome, equals: .allAnswersFound)
            try expect(try world.shown.finalMessage != nil, "the app shows the final message")
        }
        steps.then("the system says there is no finished game") { world in
            try expect(world.reportedFinished, equals: false, "the game is finished")
            try expectNil(world.controller.game, "a game")
        }
        steps.then("the system informs that the time is over") { world in
            try expect(world.reportedFinished, equals: true, "the game is finished")
            try expect(try world.game.outcome, equals: .timeIsOver)
        }
        steps.then("the system informs that the game is not finished") { world in
            try expect(world.reportedFinished, equals: false, "the game is finished")
            try expectNil(try world.game.outcome, "the outcome")
            try expectNil(try world.shown.finalMessage, "the final message")
        }
    }
}
