import Foundation
import SpecRunSystem
import XCTest

@testable import SpecRunWorkers

/// Which test case started the thread or task some code runs on (`WorkOrigin`, work.c): the one running when it was
/// made, named only once another test case runs (or none does).
final class WorkOriginTests: XCTestCase {
    override func tearDown() {
        WorkOrigin.caseEnded()
        super.tearDown()
    }

    func test_origin_namesTheTestCaseThatStartedAThreadOnlyOnceItHasEnded() {
        WorkOrigin.caseStarted(5)
        let thread = ThreadProbe()

        XCTAssertEqual(thread.origin(), -1, "its own test case runs")
        WorkOrigin.caseEnded()
        XCTAssertEqual(thread.origin(), 5, "between test cases")
        WorkOrigin.caseStarted(6)
        XCTAssertEqual(thread.origin(), 5, "another test case runs")
        WorkOrigin.caseEnded()
        thread.end()
    }

    func test_origin_namesNoTestCaseOnAThreadMadeBetweenTestCasesOrOnAThreadOfTheWorkersOwn() {
        WorkOrigin.caseStarted(1)
        WorkOrigin.caseEnded()
        let between = ThreadProbe()
        WorkOrigin.caseStarted(2)
        let own = ThreadProbe(forgetsOrigin: true)
        WorkOrigin.caseEnded()
        WorkOrigin.caseStarted(3)

        XCTAssertEqual(between.origin(), -1)
        XCTAssertEqual(own.origin(), -1)
        between.end()
        own.end()
    }

    func test_origin_namesTheTestCaseThatStartedADetachedTaskOnlyOnceItHasEnded() async {
        WorkOrigin.watch()
        WorkOrigin.caseStarted(7)
        let task = TaskProbe()

        let whileRunning = await task.origin()
        WorkOrigin.caseEnded()
        WorkOrigin.caseStarted(8)
        let later = await task.origin()
        let other = await Task.detached { specrun_work_origin() }.value
        WorkOrigin.caseEnded()

        XCTAssertEqual(whileRunning, -1, "its own test case runs")
        XCTAssertEqual(later, 7, "another test case runs")
        XCTAssertEqual(other, -1, "a task the running test case made")
        task.end()
    }

    func test_writeOrigin_writesTheControlLineTheSupervisorReads() throws {
        WorkOrigin.caseStarted(12)
        let thread = ThreadProbe()
        WorkOrigin.caseEnded()
        WorkOrigin.caseStarted(13)
        var fds: [Int32] = [0, 0]
        XCTAssertEqual(pipe(&fds), 0)

        thread.run { WorkOrigin.writeOrigin(to: fds[1]) }
        close(fds[1])
        let line = FileHandle(fileDescriptor: fds[0], closeOnDealloc: true).readDataToEndOfFile()

        XCTAssertEqual(String(decoding: line, as: UTF8.self), #"{"specrunWorker":{"kind":"startedBy","testCase":12}}"# + "\n")
        XCTAssertEqual(WorkerControl(line: Array(line.dropLast())), .startedBy(testCase: 12))
        XCTAssertEqual(WorkerControl(line: WorkerControl.startedBy(testCase: 12).line.dropLast()), .startedBy(testCase: 12))
        XCTAssertNil(WorkerControl(line: Array(#"{"specrunWorker":{"kind":"startedBy","testCase":-1}}"#.utf8)))
        thread.end()
    }
}

/// A Thread that runs what it is given, and answers `specrun_work_origin()` there.
private final class ThreadProbe: @unchecked Sendable {
    private let asked = DispatchSemaphore(value: 0)
    private let answered = DispatchSemaphore(value: 0)
    private var work: (() -> Void)?
    private var answer = 0
    private var ended = false

    init(forgetsOrigin: Bool = false) {
        Thread.detachNewThread { [self] in
            if forgetsOrigin { WorkOrigin.forgetOrigin() }
            while true {
                asked.wait()
                if ended {
                    answered.signal()
                    return
                }
                work?()
                answer = specrun_work_origin()
                answered.signal()
            }
        }
    }

    func origin() -> Int { run {} }

    @discardableResult
    func run(_ work: @escaping () -> Void) -> Int {
        self.work = work
        asked.signal()
        answered.wait()
        return answer
    }

    func end() {
        ended = true
        asked.signal()
        answered.wait()
    }
}

/// A detached Task that answers `specrun_work_origin()` in itself each time it is asked.
private final class TaskProbe: Sendable {
    private let questions: AsyncStream<CheckedContinuation<Int, Never>>
    private let ask: AsyncStream<CheckedContinuation<Int, Never>>.Continuation

    init() {
        (questions, ask) = AsyncStream.makeStream()
        Task.detached { [questions] in
            for await question in questions { question.resume(returning: specrun_work_origin()) }
        }
    }

    func origin() async -> Int {
        await withCheckedContinuation { ask.yield($0) }
    }

    func end() { ask.finish() }
}
