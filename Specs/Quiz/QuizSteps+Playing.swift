import Foundation
import Quiz
import SpecRun

extension QuizSteps {
    static func registerPlaying(_ steps: inout Steps<QuizWorld>) {
        steps.when("the customer requests to start the game") { world in
            world.controller.start()
        }
        steps.given("the customer has already requested to start the game") { world in
            world.controller.start()
            try expect(try world.game.isPlaying, "the game is running")
        }
        steps.when("{int} second(s) pass(es)") { (world, seconds: Int) in
            world.pass(seconds: seconds)
        }
        steps.when("the customer inserts {string}") { (world, guess: String) in
            world.insert(guess)
        }
        steps.when("the customer inserts the answers:") { (world, table: DataTable) in
            for row in table.rows { world.insert(row[0]) }
        }
        steps.given("the customer has found the first {int} answers") { (world, count: Int) in
            try world.insertFirst(count)
            try expect(try world.game.hits, equals: count, "answers found")
        }
        steps.when("the customer requests to reset the game") { world in
            world.controller.reset()
        }

        steps.then("the app should allow the customer to insert answers") { world in
            try expect(try world.shown.isGuessInputEnabled, "the answer field is enabled")
        }
        steps.then("the app should not allow the customer to insert answers") { world in
            try expect(try !world.shown.isGuessInputEnabled, "the answer field is disabled")
        }
        steps.then("the counter is stopped") { world in
            try expect(!world.ticker.isRunning, "the counter still ticks")
        }
        steps.then("the app showed a loading indicator while the question loaded") { world in
            try expect(world.screen.loadingStates, equals: [true, false])
        }
        steps.then("the question and the hits counter show {string}") { (world, text: String) in
            let shown = try world.shown
            try expect([shown.title, shown.hitsText], equals: [text, text])
        }
        steps.then("the counter shows {string}") { (world, text: String) in
            try expect(try world.shown.timerText, equals: text, "the counter")
        }
        steps.then("the hits counter shows {string}") { (world, text: String) in
            try expect(try world.shown.hitsText, equals: text, "hits/total")
        }
        steps.then("{int} answers remain to be guessed") { (world, remaining: Int) in
            try expect(try world.game.answersLeft, equals: remaining, "answers left to guess")
        }
        steps.then("the app should display the answers:") { (world, table: DataTable) in
            try expect(try world.shown.answers, equals: table.rows.map { $0[0] }, "the list of answers")
        }
        steps.then("the list of answers is empty") { world in
            try expect(try world.shown.answers, equals: [], "the list of answers")
        }
        steps.then("the main button reads {string}") { (world, title: String) in
            try expect(try world.shown.actionTitle, equals: title, "the main button")
        }
        steps.then("the guess is accepted as {string}") { (world, answer: String) in
            try expect(world.lastGuess, equals: .hit(answer), "the last guess")
        }
        steps.then("the guess is reported as already found") { world in
            guard case .alreadyFound = world.lastGuess else {
                throw fail("expected the guess to be already found, got \(String(describing: world.lastGuess))")
            }
        }
        steps.then("the guess is rejected as wrong") { world in
            try expect(world.lastGuess, equals: .wrong, "the last guess")
        }
        steps.then("the guess is not accepted") { world in
            try expectNil(world.lastGuess, "the last guess")
        }
    }
}
