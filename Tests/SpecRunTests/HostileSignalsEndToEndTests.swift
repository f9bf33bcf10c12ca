import Foundation
import Messages
import SpecRunReportCore
import SpecRunReports
import XCTest

/// A step that *sends* its own process a fatal signal (SIGSEGV, SIGBUS, SIGILL, SIGFPE, SIGTRAP, SIGABRT — what a
/// native library's `raise` or `pthread_kill` does) ends its worker as a crash, as it ends a plain process
/// (`--no-isolation`). Found by a hostile sweep: the worker's crash-flush handler returned, relying on the faulting
/// instruction to fault again; a sent signal has none, so the step went on and PASSED.
final class HostileSignalsEndToEndTests: XCTestCase {
    func test_run_failsTheScenarioAsACrashNamingTheSignalOnAStepSendingItsProcessAFatalSignal() throws {
        for (signalNumber, name) in [(SIGBUS, "SIGBUS"), (SIGSEGV, "SIGSEGV"), (SIGABRT, "SIGABRT"), (SIGFPE, "SIGFPE")] {
            let run = try runHostile(betweenPassingScenarios("When a step sends its own process signal \(signalNumber)"))
            XCTAssertFalse(run.hung, run.stderr)
            XCTAssertEqual(run.status, 1, "\(name): \(run.stderr)")
            XCTAssertEqual(run.statusesInFeatureOrder, [.passed, .failed, .passed], name)
            XCTAssertEqual(run.exceptionTypes, ["Crash"], name)
            XCTAssertTrue(run.failureMessages.first?.contains("signal \(signalNumber) (\(name))") ?? false, "\(run.failureMessages)")
        }
    }

    /// Under `--no-isolation` the run catches the ending signals itself (to end with its reports); one the process
    /// sends itself (its own pid the sender) is the running step's. Found by a hostile probe: `kill(getpid(),
    /// SIGQUIT)` read as a signal from outside: the run interrupted (exit 131), the step PASSED.
    func test_run_failsOnlyThatScenarioAsACrashOnAStepSendingItsProcessAnEndingSignalOnNoIsolation() throws {
        for (signalNumber, name) in [(SIGQUIT, "SIGQUIT"), (SIGUSR2, "SIGUSR2"), (SIGTERM, "SIGTERM")] {
            let run = try runHostile(
                betweenPassingScenarios("When a step sends its own process signal \(signalNumber)"), ["--no-isolation"])
            XCTAssertFalse(run.hung, run.stderr)
            XCTAssertEqual(run.status, 1, "\(name): \(run.stderr)")
            XCTAssertEqual(run.statusesInFeatureOrder, [.passed, .failed, .passed], name)
            XCTAssertTrue(run.failureMessages.first?.contains("signal \(signalNumber) (\(name))") ?? false, "\(run.failureMessages)")
            XCTAssertFalse(run.stderr.contains("interrupted"), run.stderr)
        }
    }
}

/// `--no-isolation` runs steps in specrun's own process: what they print to stdout goes to stderr (as a worker's
/// does), so a report written to stdout stays whole. Found by a hostile sweep: a step printing an envelope-shaped line
/// (or a Task it left running, printing after the run) put forged `testRunFinished` envelopes into `--format
/// message` on stdout.
final class InProcessStepOutputEndToEndTests: XCTestCase {
    func test_run_keepsTheMessageStreamOnStdoutWholeAndSendsTheStepsPrintToStderrOnNoIsolation() throws {
        // (message:/dev/stdout: a file report on the descriptor the run keeps for its reports, not descriptor 1.)
        for format in ["message", "message:/dev/stdout"] {
            let folder = try makeFixtureFeatures(betweenPassingScenarios("When a step prints an envelope-shaped line"))
            let process = Process()
            process.executableURL = try fixtureExecutable()
            process.arguments = [folder, "--no-isolation", "--format", format]
            process.currentDirectoryURL = URL(fileURLWithPath: folder)
            let output = Pipe(), errors = Pipe()
            process.standardOutput = output
            process.standardError = errors
            process.standardInput = FileHandle.nullDevice
            try process.run()
            let reader = ErrorsReader(errors.fileHandleForReading)
            let stdout = output.fileHandleForReading.readDataToEndOfFile()
            process.waitUntilExit()
            let stderr = reader.text()

            XCTAssertEqual(process.terminationStatus, 0, stderr)
            let stream = try NDJSON.decode(stdout)
            XCTAssertEqual(stream.compactMap(\.testRunFinished).count, 1, format)
            XCTAssertEqual(stream.compactMap(\.testCaseFinished).count, 3, format)
            XCTAssertTrue(stderr.contains(#"{"testRunFinished":{"success":true"#), "the step's print, on stderr: \(stderr)")
        }
    }
}

/// What a scenario's World does when it is released (its `deinit`) belongs to that scenario. Found by a hostile sweep:
/// the World was released after testCaseFinished, so a `deinit` calling `exit` passed its own scenario and failed
/// the next one ("the step ended the process …"), which had run nothing.
final class WorldReleaseEndToEndTests: XCTestCase {
    func test_run_failsTheScenarioWhoseWorldEndsTheProcessAndPassesTheNextOnAWorldDeinitCallingExit() throws {
        let run = try runHostile(betweenPassingScenarios("When a step makes its World end the process when it is released"))
        XCTAssertFalse(run.hung, run.stderr)
        XCTAssertEqual(run.status, 1, run.stderr)
        XCTAssertEqual(run.statusesInFeatureOrder, [.passed, .failed, .passed], run.stderr)
    }
}

/// With `--no-isolation` a step can change the process's umask; report files keep the mode the run started with.
/// Found by a hostile sweep: `umask(0o777)` in a step made every report mode 000.
final class ReportFileModeEndToEndTests: XCTestCase {
    func test_run_writesEveryReportWithTheStartingUmaskOnAStepThatSetsItsUmaskToAllOnNoIsolation() throws {
        let run = try runHostile(
            betweenPassingScenarios("When a step sets its process's umask to 777"),
            ["--no-isolation", "--format", "html:r.html"])
        XCTAssertEqual(run.status, 0, run.stderr)
        let expected = 0o644 & ~Int(ReportFileMode.startUmask)
        for report in ["m.ndjson", "j.xml", "r.html"] {
            let attributes = try FileManager.default.attributesOfItem(atPath: "\(run.folder)/\(report)")
            XCTAssertEqual((attributes[.posixPermissions] as? Int).map { $0 & 0o777 }, expected, report)
        }
    }
}
