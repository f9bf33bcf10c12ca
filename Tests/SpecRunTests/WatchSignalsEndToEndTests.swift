import Foundation
import Messages
import XCTest

/// A signal sent to `watch` alone while its run is in progress (not a terminal's Ctrl-C, which reaches the run
/// too): the run stops as a run does on it, with its reports, and the watch ends with the run's exit status; while
/// its `swift build` runs: the build ends on it, and the watch with 128 + the signal.
final class WatchSignalsEndToEndTests: XCTestCase {
    func test_watch_stopsTheRunWithItsReportsAndEndsWith128PlusTheSignalOnASignalToTheWatchAloneDuringARun() throws {
        for signalNumber in [SIGINT, SIGTERM] {
            let context = "signal \(signalNumber)"
            let (watch, seen, folder) = try makeSUT()
            _ = RunOnDisk.waitUntil(seconds: 30) {
                (RunOnDisk.streamText(in: folder)?.components(separatedBy: "\"testStepStarted\"").count ?? 0) - 1 >= 2
            }
            usleep(300_000)
            guard signalAndWait(watch, signalNumber, seen: seen, context: context) else { return }
            // (The pipe's last lines may reach the reader just after the process ended.)
            XCTAssertTrue(
                RunOnDisk.waitUntil(seconds: 5) { seen.text.contains(" watch: stopped during a run") }, "\(context): \(seen.text)")
            XCTAssertFalse(seen.text.contains("(Ctrl-C ends)"), "\(context): no word of watching on: \(seen.text)")
            let stream = try NDJSON.decode(Data(contentsOf: URL(fileURLWithPath: "\(folder)/m.ndjson")))
            let finished = stream.compactMap(\.testRunFinished).last
            XCTAssertTrue(finished?.message?.contains("interrupted (signal \(signalNumber))") ?? false, "\(context): \(seen.text)")
            XCTAssertTrue(FileManager.default.fileExists(atPath: "\(folder)/j.xml"), context)
            XCTAssertEqual(stream.compactMap(\.testCaseStarted).count, 2, "\(context): the scenario after it does not start")
        }
    }

    func test_watch_passesTheSignalToItsSwiftBuildAndEndsWith128PlusTheSignalOnASignalToTheWatchAloneDuringTheBuild() throws {
        for signalNumber in [SIGINT, SIGTERM] {
            let context = "signal \(signalNumber)"
            let folder = try makeFixtureFeatures(["h.feature": "Feature: Build\n  Scenario: quick\n    Given a passing step\n"])
            // A `swift build` that takes a minute (its pid written first).
            try FileManager.default.createDirectory(atPath: folder + "/bin", withIntermediateDirectories: true)
            try "#!/bin/sh\necho $$ > '\(folder)/build.pid'\nexec sleep 60\n".write(
                toFile: folder + "/bin/swift", atomically: true, encoding: .utf8)
            XCTAssertEqual(chmod(folder + "/bin/swift", 0o755), 0)
            let path = folder + "/bin:" + (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin")
            let (watch, seen) = try startWatch(["watch", "h.feature", "--no-requirements"], in: folder, environment: ["PATH": path])
            XCTAssertTrue(RunOnDisk.waitUntil(seconds: 30) { seen.text.contains("(Ctrl-C ends)") }, "\(context): \(seen.text)")
            try "// a change\n".write(toFile: folder + "/Steps.swift", atomically: true, encoding: .utf8)
            let building = RunOnDisk.waitUntil(seconds: 30) {
                (try? String(contentsOfFile: folder + "/build.pid", encoding: .utf8))?.hasSuffix("\n") ?? false
            }
            XCTAssertTrue(building, "\(context): the build started: \(seen.text)")
            let build =
                Int32(
                    (try? String(contentsOfFile: folder + "/build.pid", encoding: .utf8))?.trimmingCharacters(in: .whitespacesAndNewlines)
                        ?? "") ?? 0
            addTeardownBlock { if build > 0 { kill(build, SIGKILL) } }
            usleep(200_000)
            guard signalAndWait(watch, signalNumber, seen: seen, context: context) else { return }
            XCTAssertTrue(
                RunOnDisk.waitUntil(seconds: 5) { seen.text.contains(" watch: stopped during its swift build (signal \(signalNumber))") },
                "\(context): \(seen.text)")
            XCTAssertFalse(seen.text.contains("the build failed"), "\(context): \(seen.text)")
            XCTAssertNotEqual(kill(build, 0), 0, "\(context): the build was ended by the signal")
        }
    }

    /// Sends the signal to the watch alone and waits (up to 30 s) for it to end: with 128 + the signal, within 10 s.
    /// False (the test failed) when it did not end.
    private func signalAndWait(_ watch: Process, _ signalNumber: Int32, seen: PrintedOutput, context: String) -> Bool {
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
            return false
        }
        XCTAssertEqual(watch.terminationStatus, 128 + signalNumber, "\(context): \(seen.text)")
        XCTAssertLessThan(Date().timeIntervalSince(sent), 10, context)
        return true
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
        let (process, seen) = try startWatch(
            ["watch", "h.feature", "--no-requirements", "--format", "message:\(folder)/m.ndjson", "--format", "junit:\(folder)/j.xml"],
            in: folder)
        return (process, seen, folder)
    }

    /// The fixture executable started with these arguments in the folder, its output read as it comes.
    private func startWatch(_ arguments: [String], in folder: String, environment: [String: String] = [:]) throws -> (
        Process, PrintedOutput
    ) {
        let process = Process()
        process.executableURL = try fixtureExecutable()
        process.arguments = arguments
        process.currentDirectoryURL = URL(fileURLWithPath: folder)
        process.environment = ProcessInfo.processInfo.environment.merging(environment) { _, new in new }
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
        return (process, seen)
    }
}
