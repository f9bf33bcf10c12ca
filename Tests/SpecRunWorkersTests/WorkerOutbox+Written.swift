import Foundation
import XCTest

@testable import SpecRunWorkers

extension XCTestCase {
    /// What an outbox writing to a pipe writes while `body` drives it (flushed, then read to the end).
    func writtenByOutbox(_ body: (WorkerOutbox) -> Void) -> [UInt8] {
        var fds: [Int32] = [0, 0]
        XCTAssertEqual(pipe(&fds), 0)
        let outbox = WorkerOutbox(fd: fds[1])
        body(outbox)
        outbox.flush()
        close(fds[1])
        var bytes: [UInt8] = []
        FileDescriptorIO.readAll(fds[0]) { bytes += $0 }
        close(fds[0])
        return bytes
    }
}
