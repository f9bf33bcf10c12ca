import Foundation
import Quiz
import SpecRun

/// Steps of Features/quiz (seed 004): they drive the real Quiz module through the game screen.
enum QuizSteps: StepLibrary {
    static let scope: String? = "@quiz"

    static func register(_ steps: inout Steps<QuizWorld>) {
        registerLoading(&steps)
        registerPlaying(&steps)
        registerFinishing(&steps)
        ScriptedBoundarySteps.register(&steps)
    }
}
