import Foundation

extension QuizGame {
    public enum GuessResult: Equatable, Sendable {
        /// A new correct answer, spelled as in the question.
        case hit(String)
        /// A correct answer the player had already found: not counted twice.
        case alreadyFound(String)
        /// Not one of the answers: not saved, not counted.
        case wrong
    }

    /// Add User Guess use case: validates the guess (case and surrounding spaces ignored),
    /// saves it when it is a new correct answer, and finishes the round when every answer is found.
    @discardableResult
    public mutating func add(guess: String, at now: Date) throws(QuizGame.Error) -> GuessResult {
        update(at: now)
        switch state {
        case .notStarted: throw .notStarted
        case .finished: throw .finished
        case .playing: break
        }
        let key = AnswerKey.normalize(guess)
        guard !key.isEmpty else { throw .blankGuess }
        guard let answer = answerKey.answer(for: key) else { return .wrong }
        if foundAnswers.contains(answer) { return .alreadyFound(answer) }
        foundAnswers.append(answer)
        if foundAnswers.count == total {
            state = .finished(.allAnswersFound, remainingTime: remainingTime(at: now))
        }
        return .hit(answer)
    }
}

/// The correct answers, looked up by their normalized form.
struct AnswerKey: Equatable, Sendable {
    private var answersByKey: [String: String] = [:]
    private(set) var count = 0

    init(answers: [String]) {
        for answer in answers {
            let key = Self.normalize(answer)
            guard !key.isEmpty, answersByKey[key] == nil else { continue }
            answersByKey[key] = answer.trimmingCharacters(in: .whitespacesAndNewlines)
            count += 1
        }
    }

    func answer(for key: String) -> String? { answersByKey[key] }

    /// Surrounding spaces and letter case do not matter: " Abstract " finds "abstract".
    static func normalize(_ text: String) -> String {
        text.trimmingCharacters(in: .whitespacesAndNewlines).lowercased()
    }
}
