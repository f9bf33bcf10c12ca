import Foundation
import SpecRunCore
import XCTest

@testable import SpecRunWorkers

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The console's standard streams, on pipes: what a batch of the run prints goes out in one write, and nothing
/// written to standard error overtakes what was printed before it.
final class SystemConsoleTests: XCTestCase {
    func test_holdingOutput_writesWhatTheBodyPrintsOnlyAfterIt() throws {
        let (sut, out, _) = try makeSUT()
        var seenInside = ""
        sut.holdingOutput {
            sut.out("one\n")
            "two\n".utf8.withContiguousStorageIfAvailable { sut.out(bytes: $0) }
            seenInside = out.available()
        }
        XCTAssertEqual(seenInside, "")
        XCTAssertEqual(out.available(), "one\ntwo\n")
    }

    func test_err_writesTheHeldOutputFirstOnAnErrorInsideHoldingOutput() throws {
        let (sut, out, err) = try makeSUT()
        var outBeforeError = ""
        sut.holdingOutput {
            sut.out("scenario\n")
            sut.err("warning\n")
            outBeforeError = out.available()
            sut.out("next\n")
        }
        XCTAssertEqual(outBeforeError, "scenario\n")
        XCTAssertEqual(err.available(), "warning\n")
        XCTAssertEqual(out.available(), "next\n")
    }

    func test_out_writesAtOnceOutsideHoldingOutput() throws {
        let (sut, out, _) = try makeSUT()
        sut.out("now\n")
        XCTAssertEqual(out.available(), "now\n")
    }

    private func makeSUT() throws -> (SystemConsole, PipeEnd, PipeEnd) {
        let out = try PipeEnd(), err = try PipeEnd()
        addTeardownBlock {
            out.close(); err.close()
        }
        return (SystemConsole(stdout: out.writer, stderr: err.writer), out, err)
    }
}

/// A pipe whose read end never blocks: `available()` is what was written so far.
private final class PipeEnd: @unchecked Sendable {
    let reader: Int32
    let writer: Int32

    init() throws {
        var ends: [Int32] = [0, 0]
        guard pipe(&ends) == 0 else { throw POSIXError(.EMFILE) }
        reader = ends[0]
        writer = ends[1]
        _ = fcntl(reader, F_SETFL, fcntl(reader, F_GETFL) | O_NONBLOCK)
    }

    func available() -> String {
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 4096)
        while true {
            let count = read(reader, &chunk, chunk.count)
            guard count > 0 else { break }
            bytes += chunk[0..<count]
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    func close() {
        for end in [reader, writer] { closeDescriptor(end) }
    }
}

private func closeDescriptor(_ descriptor: Int32) {
    #if canImport(Glibc)
    _ = Glibc.close(descriptor)
    #else
    _ = Darwin.close(descriptor)
    #endif
}
