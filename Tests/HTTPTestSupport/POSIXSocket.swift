import Foundation

// The few POSIX socket calls the test server needs, in one place (Glibc on Linux, Darwin on macOS).
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// A failed system call, with the call's name and errno, readable by a human.
public struct SocketError: Error, CustomStringConvertible, Sendable, Equatable {
    public let call: String
    public let code: Int32

    public var description: String {
        "HTTPTestServer: \(call) failed (errno \(code): \(String(cString: strerror(code)))). "
            + "Check that 127.0.0.1 is available to this process."
    }
}

enum POSIXSocket {
    /// A TCP socket listening on 127.0.0.1 on an ephemeral port chosen by the kernel.
    static func listenOnLoopback() throws -> (descriptor: Int32, port: UInt16) {
        let fd = try makeTCPSocket()
        var enable: Int32 = 1
        _ = setsockopt(fd, SOL_SOCKET, SO_REUSEADDR, &enable, socklen_t(MemoryLayout<Int32>.size))
        var address = loopbackAddress(port: 0)
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                bind(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
            }
        }
        guard bound == 0 else { let code = errno; closeDescriptor(fd); throw SocketError(call: "bind", code: code) }
        guard listen(fd, 64) == 0 else { let code = errno; closeDescriptor(fd); throw SocketError(call: "listen", code: code) }
        do {
            return (fd, try boundPort(of: fd))
        } catch {
            closeDescriptor(fd)
            throw error
        }
    }

    static func makeTCPSocket() throws -> Int32 {
        #if canImport(Darwin)
        let fd = socket(AF_INET, SOCK_STREAM, 0)
        #else
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        #endif
        guard fd >= 0 else { throw SocketError(call: "socket", code: errno) }
        return fd
    }

    static func loopbackAddress(port: UInt16) -> sockaddr_in {
        var address = sockaddr_in()
        #if canImport(Darwin)
        address.sin_len = UInt8(MemoryLayout<sockaddr_in>.size)
        #endif
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = port.bigEndian
        address.sin_addr.s_addr = UInt32(0x7F00_0001).bigEndian
        return address
    }

    static func boundPort(of fd: Int32) throws -> UInt16 {
        var address = sockaddr_in()
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let result = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(fd, $0, &length) }
        }
        guard result == 0 else { throw SocketError(call: "getsockname", code: errno) }
        return UInt16(bigEndian: address.sin_port)
    }

    static func acceptConnection(on fd: Int32) -> Int32? {
        let client = accept(fd, nil, nil)
        guard client >= 0 else { return nil }
        #if canImport(Darwin)
        var enable: Int32 = 1
        _ = setsockopt(client, SOL_SOCKET, SO_NOSIGPIPE, &enable, socklen_t(MemoryLayout<Int32>.size))
        #endif
        return client
    }

    /// Waits until one of `descriptors` is readable; returns the readable ones (empty on timeout).
    static func waitReadable(_ descriptors: [Int32], timeoutMilliseconds: Int32) -> [Int32] {
        var fds = descriptors.map { pollfd(fd: $0, events: Int16(POLLIN), revents: 0) }
        let count = fds.withUnsafeMutableBufferPointer { buffer in
            poll(buffer.baseAddress, nfds_t(buffer.count), timeoutMilliseconds)
        }
        guard count > 0 else { return [] }
        return fds.filter { $0.revents != 0 }.map(\.fd)
    }

    /// Reads what is available (up to 64 KiB), waiting at most `timeoutMilliseconds`; nil on EOF, error or timeout.
    static func receive(from fd: Int32, timeoutMilliseconds: Int32) -> [UInt8]? {
        guard !waitReadable([fd], timeoutMilliseconds: timeoutMilliseconds).isEmpty else { return nil }
        var buffer = [UInt8](repeating: 0, count: 65_536)
        let count = buffer.withUnsafeMutableBytes { recv(fd, $0.baseAddress, $0.count, 0) }
        guard count > 0 else { return nil }
        return Array(buffer[0..<count])
    }

    /// Writes every byte; false when the peer has gone away (never raises SIGPIPE).
    @discardableResult
    static func sendAll(_ bytes: [UInt8], to fd: Int32) -> Bool {
        #if canImport(Darwin)
        let flags: Int32 = 0
        #else
        let flags = Int32(MSG_NOSIGNAL)
        #endif
        var offset = 0
        while offset < bytes.count {
            let written = bytes[offset...].withUnsafeBytes { send(fd, $0.baseAddress, $0.count, flags) }
            if written < 0 && errno == EINTR { continue }
            guard written > 0 else { return false }
            offset += written
        }
        return true
    }

    static func makePipe() throws -> (read: Int32, write: Int32) {
        var fds: [Int32] = [0, 0]
        guard pipe(&fds) == 0 else { throw SocketError(call: "pipe", code: errno) }
        return (fds[0], fds[1])
    }

    static func writeByte(to fd: Int32) {
        var byte: UInt8 = 1
        _ = write(fd, &byte, 1)
    }

    static func shutdownBoth(_ fd: Int32) {
        #if canImport(Darwin)
        _ = shutdown(fd, SHUT_RDWR)
        #else
        _ = shutdown(fd, Int32(SHUT_RDWR))
        #endif
    }

    static func closeDescriptor(_ fd: Int32) {
        _ = close(fd)
    }
}
