import Foundation
import Quiz
import XCTest

extension XCTestCase {
    func trackForMemoryLeaks(_ instance: AnyObject, file: StaticString = #filePath, line: UInt = #line) {
        addTeardownBlock { [weak instance] in
            XCTAssertNil(instance, "Instance should have been deallocated. Potential memory leak.", file: file, line: line)
        }
    }
}

func anyURL() -> URL { URL(string: "https://quiz.example.com/question")! }

func anyNSError() -> NSError { NSError(domain: "any error", code: 0) }

/// The first answers of the seed payload (the Java keywords).
func makeQuestion(answerCount: Int = 3) -> Question {
    let keywords = ["abstract", "assert", "boolean", "break", "byte", "case", "catch", "char", "class", "const"]
    return Question(text: "What are all the java keywords?", answers: Array(keywords.prefix(answerCount)))
}

let gameStart = Date(timeIntervalSince1970: 1_700_000_000)

/// A clock the test moves by hand.
final class TestClock {
    private(set) var now: Date

    init(now: Date = gameStart) { self.now = now }

    func advance(by seconds: TimeInterval) { now += seconds }
}
