import Foundation

/// Maps the payload `{"question": String, "answer": [String]}` of a 200 response to a `Question`.
enum QuestionMapper {
    private struct Payload: Decodable {
        let question: String
        let answer: [String]
    }

    static func map(_ data: Data, statusCode: Int) throws -> Question {
        guard statusCode == 200, let payload = try? JSONDecoder().decode(Payload.self, from: data) else {
            throw RemoteQuestionLoader.Error.invalidData
        }
        let question = payload.question.trimmingCharacters(in: .whitespacesAndNewlines)
        let answers = payload.answer
            .map { $0.trimmingCharacters(in: .whitespacesAndNewlines) }
            .filter { !$0.isEmpty }
        guard !question.isEmpty, !answers.isEmpty else {
            throw RemoteQuestionLoader.Error.invalidData
        }
        return Question(text: question, answers: answers)
    }
}
