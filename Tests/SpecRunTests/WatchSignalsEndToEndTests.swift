import Foundation
import Messages
import XCTest

/// A signal sent to `watch` alone while its run is in progress (not a terminal's Ctrl-C, which reaches the run
/// too): the run stops as a run does on it, with its reports, and the watch ends with the run's exit status.
final class WatchSignalsEndToEndTests: XCTestCase {
    func test_watch_stopsTheRunWithItsReportsAndEndsWith128PlusTheSignalOnASignalToTheWatchAloneDuringARun() throws {
        for signalNumber in [SIGINT, SIGTERM] {
            let context = "signal \(signalNumber)"
            let (watch, seen, folder) = try makeSUT()
            _ = RunOnDisk.waitUntil(seconds: 30) {
                (RunOnDisk.streamText(in: folder)?.components(separatedBy: "\"testStepStarted\"").count ?? 0) - 1 >= 2
            }
            usleep(300_000)
            let sent = Date()
            kill(watch.processIdentifier, signalNumber)
            let ended = DispatchSemaphore(value: 0)
            Thread.detachNewThread {
                watch.waitUntilExit()
                ended.signal()
            }
            if ended.wait(timeout: .now() + 30) == .timedOut {
                kill(watch.processIdentifier, SIGKILL)
                XCTFail("\(context): the watch did not end: \(seen.text)")
                return
            }
            XCTAssertEqual(watch.terminationStatus, 128 + signalNumber, "\(context): \(seen.text)")
            XCTAssertLessThan(Date().timeIntervalSince(sent), 10, context)
            XCTAssertTrue(seen.text.contains(" watch: stopped during a run"), "\(context): \(seen.text)")
            XCTAssertFalse(seen.text.contains("(Ctrl-C ends)"), "\(context): no word of watching on: \(seen.text)")
            let stream = try NDJSON.decode(Data(contentsOf: URL(fileURLWithPath: "\(folder)/m.ndjson")))
            let finished = stream.compactMap(\.testRunFinished).last
            XCTAssertTrue(finished?.message?.contains("interrupted (signal \(signalNumber))") ?? false, "\(context): \(seen.text)")
            XCTAssertTrue(FileManager.default.fileExists(atPath: "\(folder)/j.xml"), context)
            XCTAssertEqual(stream.compactMap(\.testCaseStarted).count, 2, "\(context): the scenario after it does not start")
        }
    }

    /// The fixture executable watching a slow scenario between two quick ones, its run writing a message and a
    /// JUnit report; returns once the watch started.
    private func makeSUT() throws -> (Process, PrintedOutput, String) {
        let folder = try makeFixtureFeatures([
            "h.feature": """
            Feature: Signals
              Scenario: before
                Given a passing step
              Scenario: slow
                When a step sleeps 3000 ms
                Given a passing step
              Scenario: after
                Given a passing step

            """
        ])
        let process = Process()
        process.executableURL = try fixtureExecutable()
        process.arguments = [
            "watch", "h.feature", "--no-requirements", "--format", "message:\(folder)/m.ndjson", "--format", "junit:\(folder)/j.xml",
        ]
        process.currentDirectoryURL = URL(fileURLWithPath: folder)
        let output = Pipe()
        process.standardOutput = output
        process.standardError = output
        process.standardInput = FileHandle.nullDevice
        let seen = PrintedOutput()
        output.fileHandleForReading.readabilityHandler = { handle in seen.append(handle.availableData) }
        try process.run()
        addTeardownBlock {
            if process.isRunning { kill(process.processIdentifier, SIGKILL) }
            output.fileHandleForReading.readabilityHandler = nil
        }
        return (process, seen, folder)
    }
}
