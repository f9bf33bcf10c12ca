import Foundation
import Synchronization
import XCTest

@testable import SpecRunWorkers

/// A worker that crashes (or calls `exit`) writes what its outbox holds once: never again what the flushing
/// thread is writing or has written.
final class WorkerOutboxCrashFlushTests: XCTestCase {
    func test_writeRest_writesEachLineOnceOnACrashWhileAnotherThreadFlushes() throws {
        let (sut, channel) = try makeSUT()
        let lines = (0..<4_000).map { "{\"line\":\($0),\"pad\":\"\(String(repeating: "x", count: 40))\"}\n" }
        fill(Array(lines.joined().utf8))
        // The flushing thread writes more than the pipe holds, so it is still writing when the "crash" comes.
        let flushing = Thread { _ = CrashOutbox.writeBuffer() }
        flushing.start()
        try waitUntil { CrashOutbox.writer.load(ordering: .sequentiallyConsistent) != 0 }
        let reader = Reader(fd: channel.read)
        reader.start()

        CrashOutbox.writeRest()

        close(channel.write)
        let read = reader.wait()
        withExtendedLifetime(sut) {}
        XCTAssertEqual(read.split(separator: "\n").count, lines.count, "each line once")
        XCTAssertEqual(read, lines.joined())
    }

    func test_writeRest_writesTheBufferOnNoFlushUnderWay() throws {
        let (_, channel) = try makeSUT()
        fill(Array("{\"a\":1}\n".utf8))
        let reader = Reader(fd: channel.read)
        reader.start()

        CrashOutbox.writeRest()

        close(channel.write)
        XCTAssertEqual(reader.wait(), "{\"a\":1}\n")
    }

    func test_writeBuffer_writesNothingWhileAHandlerHoldsTheChannelOnACrashThatCameFirst() throws {
        let (_, channel) = try makeSUT()
        fill(Array("{\"a\":1}\n".utf8))
        let reader = Reader(fd: channel.read)
        reader.start()
        CrashOutbox.writeRest()
        fill(Array("{\"b\":2}\n".utf8))
        let returned = Atomic<Bool>(false)

        let flushing = Thread {
            _ = CrashOutbox.writeBuffer()
            returned.store(true, ordering: .sequentiallyConsistent)
        }
        flushing.start()
        usleep(100_000)

        XCTAssertFalse(returned.load(ordering: .sequentiallyConsistent), "the flush waits for the handler's claim")
        XCTAssertEqual(crashOutbox.count, 8, "nothing of the buffer written a second time")
        CrashOutbox.writer.store(0, ordering: .sequentiallyConsistent)
        try waitUntil { returned.load(ordering: .sequentiallyConsistent) }
        close(channel.write)
        XCTAssertEqual(reader.wait(), "{\"a\":1}\n{\"b\":2}\n")
    }

    // MARK: - Helpers

    private func makeSUT() throws -> (WorkerOutbox, (read: Int32, write: Int32)) {
        var fds: [Int32] = [-1, -1]
        guard pipe(&fds) == 0 else { throw XCTSkip("no pipe: errno \(errno)") }
        addTeardownBlock { close(fds[0]) }
        // (A handler keeps its claim on the channel: the process ends after it. Here the next test goes on.)
        CrashOutbox.writer.store(0, ordering: .sequentiallyConsistent)
        CrashOutbox.written.store(0, ordering: .sequentiallyConsistent)
        addTeardownBlock { CrashOutbox.writer.store(0, ordering: .sequentiallyConsistent) }
        return (WorkerOutbox(fd: fds[1]), (fds[0], fds[1]))
    }

    private func fill(_ bytes: [UInt8]) {
        precondition(bytes.count <= WorkerOutbox.capacity)
        bytes.withUnsafeBufferPointer { crashOutbox.base!.update(from: $0.baseAddress!, count: $0.count) }
        crashOutbox.count = bytes.count
    }

    private func waitUntil(_ condition: () -> Bool) throws {
        for _ in 0..<5_000 where !condition() { usleep(1_000) }
        XCTAssertTrue(condition(), "the condition never came")
    }

    /// Reads a descriptor to its end on a thread of its own.
    private final class Reader: Sendable {
        let fd: Int32
        private let data = Mutex(Data())
        private let done = DispatchSemaphore(value: 0)

        init(fd: Int32) { self.fd = fd }

        func start() {
            Thread {
                var buffer = [UInt8](repeating: 0, count: 65_536)
                while true {
                    let count = read(self.fd, &buffer, buffer.count)
                    if count <= 0 { break }
                    self.data.withLock { $0.append(contentsOf: buffer[0..<count]) }
                }
                self.done.signal()
            }.start()
        }

        func wait() -> String {
            done.wait()
            return data.withLock { String(decoding: $0, as: UTF8.self) }
        }
    }
}
