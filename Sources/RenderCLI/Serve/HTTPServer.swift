import Foundation
import Raster
#if canImport(Glibc)
import Glibc
#endif

/// A small HTTP/1.x server on a listening socket: one thread per connection, one request
/// per connection (the response says `Connection: close`), GET and HEAD only.
///
/// Invariants: a request head is at most `maxHead` bytes and must arrive within
/// `readTimeout`; bodies are never read; at most `maxConnections` connections are served
/// at once (others get 503 at once). Nothing a client sends can stop the server: every
/// malformed head gets a 4xx response and the connection is closed, and running out of
/// file descriptors makes the server wait (it does not spin).
final class HTTPServer: @unchecked Sendable {
    static let maxHead = 16 * 1024
    static let maxConnections = 32
    static let readTimeout = 5
    static let writeTimeout = 10

    /// The numeric address the socket is bound to (`127.0.0.1`, `::1`, `0.0.0.0`).
    let address: String
    let port: Int
    private let socketDescriptor: Int32
    private let active = Locked(0)

    /// Binds and listens on `host` (a name or numeric address) and `port` (0: any free one).
    /// - Throws: `CommandFailure` naming the address and the system's reason.
    init(host: String, port: Int) throws {
        var hints = addrinfo()
        hints.ai_family = AF_UNSPEC
        hints.ai_socktype = Int32(SOCK_STREAM.rawValue)
        hints.ai_flags = AI_PASSIVE | AI_NUMERICSERV
        var list: UnsafeMutablePointer<addrinfo>?
        let found = getaddrinfo(host, String(port), &hints, &list)
        guard found == 0, let first = list else {
            throw CommandFailure(description: "--host: cannot use '\(EchoedValue.path(host))' (\(String(cString: gai_strerror(found))))")
        }
        defer { freeaddrinfo(list) }
        let info = first.pointee
        let fd = socket(info.ai_family, info.ai_socktype | Int32(SOCK_CLOEXEC.rawValue), info.ai_protocol)
        guard fd >= 0 else { throw CommandFailure(description: "cannot open a socket for \(EchoedValue.path(host)) port \(port) (\(String(cString: strerror(errno))))") }
        var one: Int32 = 1
        setsockopt(fd, SOL_SOCKET, SO_REUSEADDR, &one, socklen_t(MemoryLayout<Int32>.size))
        guard bind(fd, info.ai_addr, info.ai_addrlen) == 0, listen(fd, 64) == 0 else {
            let reason = String(cString: strerror(errno))
            close(fd)
            throw CommandFailure(description: "cannot listen on \(EchoedValue.path(host)) port \(port) (\(reason))")
        }
        var storage = sockaddr_storage()
        var length = socklen_t(MemoryLayout<sockaddr_storage>.size)
        var hostBuffer = [CChar](repeating: 0, count: Int(NI_MAXHOST))
        var portBuffer = [CChar](repeating: 0, count: Int(NI_MAXSERV))
        let named = withUnsafeMutablePointer(to: &storage) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { address in
                getsockname(fd, address, &length) == 0
                    && getnameinfo(address, length, &hostBuffer, socklen_t(hostBuffer.count), &portBuffer, socklen_t(portBuffer.count),
                                   NI_NUMERICHOST | NI_NUMERICSERV) == 0
            }
        }
        guard named, let boundPort = Int(String(decoding: portBuffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)) else {
            close(fd)
            throw CommandFailure(description: "cannot read the address of the socket for \(EchoedValue.path(host)) port \(port)")
        }
        socketDescriptor = fd
        address = String(decoding: hostBuffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        self.port = boundPort
    }

    /// `http://ADDRESS:PORT/` (an IPv6 address in brackets).
    var url: String { "http://\(hostAndPort)/" }

    var hostAndPort: String { address.contains(":") ? "[\(address)]:\(port)" : "\(address):\(port)" }

    /// True when only this machine can connect (a loopback address).
    var isLoopback: Bool { address.hasPrefix("127.") || address == "::1" }

    /// Accepts connections until `stop` returns true (checked at least every 0.2 s), then
    /// closes the listening socket. `handle` runs on the connection's thread and may block
    /// (a long poll).
    func run(until stop: () -> Bool, handle: @escaping @Sendable (HTTPRequest) -> HTTPResponse) {
        defer { close(socketDescriptor) }
        while !stop() {
            var ready = pollfd(fd: socketDescriptor, events: Int16(POLLIN), revents: 0)
            guard poll(&ready, 1, 200) > 0 else { continue }
            let client = accept(socketDescriptor, nil, nil)
            guard client >= 0 else {
                // Out of descriptors or memory, the connection stays queued and the socket
                // stays readable: wait for a connection to end instead of polling at once.
                if [EMFILE, ENFILE, ENOBUFS, ENOMEM].contains(errno) { usleep(100_000) }
                continue
            }
            _ = fcntl(client, F_SETFD, FD_CLOEXEC)
            Self.setTimeout(client, SO_RCVTIMEO, seconds: Self.readTimeout)
            Self.setTimeout(client, SO_SNDTIMEO, seconds: Self.writeTimeout)
            let admitted = active.withLock { count -> Bool in
                guard count < Self.maxConnections else { return false }
                count += 1
                return true
            }
            guard admitted else {
                // On the accepting thread: nothing here may wait for the client.
                Self.send(HTTPResponse.text(503, "too many connections").serialized(includeBody: true), to: client)
                Self.finish(client, waiting: false)
                continue
            }
            Thread.detachNewThread { [self] in
                serve(client, handle: handle)
                active.withLock { $0 -= 1 }
            }
        }
    }

    private func serve(_ client: Int32, handle: @Sendable (HTTPRequest) -> HTTPResponse) {
        defer { Self.finish(client) }
        let response: HTTPResponse
        var includeBody = true
        switch Self.readHead(client) {
        case .closed:
            return
        case .failed(let failure):
            response = failure
        case .head(let head):
            switch HTTPRequest.parse(head) {
            case .refused(let failure):
                response = failure
            case .request(let request):
                includeBody = request.method != "HEAD"
                if request.method != "GET" && request.method != "HEAD" {
                    response = .text(405, "only GET and HEAD are served")
                } else if isLoopback, !acceptsHost(request) {
                    // A page elsewhere that had its name resolve to this machine must not read it.
                    response = .text(403, "unexpected Host header")
                } else {
                    response = handle(request)
                }
            }
        }
        Self.send(response.serialized(includeBody: includeBody), to: client)
    }

    /// HTTP/1.1 requests must name this server (by its address or `localhost`).
    private func acceptsHost(_ request: HTTPRequest) -> Bool {
        guard let host = request.headers["host"] else { return request.version == "HTTP/1.0" }
        let portSuffix = ":\(port)"
        return [hostAndPort, "localhost" + portSuffix, "127.0.0.1" + portSuffix, "[::1]" + portSuffix].contains(host.lowercased())
    }

    private enum Head {
        case head([UInt8])
        case failed(HTTPResponse)
        case closed
    }

    /// Reads up to the blank line that ends a request head (all of it within `readTimeout`).
    private static func readHead(_ client: Int32) -> Head {
        var buffer: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 4096)
        let deadline = Date().addingTimeInterval(Double(readTimeout))
        while true {
            let n = chunk.withUnsafeMutableBytes { recv(client, $0.baseAddress, $0.count, 0) }
            if n < 0, errno == EINTR { continue }
            if n < 0 || Date() > deadline { return buffer.isEmpty ? .closed : .failed(.text(408, "the request head did not arrive in time")) }
            if n == 0 { return buffer.isEmpty ? .closed : .failed(.text(400, "the request ended before its head did")) }
            let searchFrom = max(0, buffer.count - 3)
            buffer += chunk[0..<n]
            if let end = endOfHead(buffer, from: searchFrom) { return .head(Array(buffer[0..<end])) }
            if buffer.count > maxHead { return .failed(.text(431, "the request head is larger than \(maxHead) bytes")) }
        }
    }

    /// The index of the `\r\n\r\n` that ends the head, searching from `start`.
    static func endOfHead(_ bytes: [UInt8], from start: Int) -> Int? {
        guard bytes.count >= 4 else { return nil }
        var i = start
        while i + 3 < bytes.count {
            if bytes[i] == 13, bytes[i + 1] == 10, bytes[i + 2] == 13, bytes[i + 3] == 10 { return i }
            i += 1
        }
        return nil
    }

    private static func send(_ bytes: [UInt8], to client: Int32) {
        var sent = 0
        while sent < bytes.count {
            let n = bytes[sent...].withUnsafeBytes { Glibc.send(client, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
            if n < 0, errno == EINTR { continue }
            guard n > 0 else { return }
            sent += n
        }
    }

    /// Ends the response and closes the connection, reading what the client still sends
    /// (for up to a second when `waiting`, else only what has arrived) so the close does
    /// not reset the connection before the response arrives.
    private static func finish(_ client: Int32, waiting: Bool = true) {
        shutdown(client, Int32(SHUT_WR))
        setTimeout(client, SO_RCVTIMEO, seconds: 1)
        var chunk = [UInt8](repeating: 0, count: 4096)
        var drained = 0
        while drained < 1 << 20 {
            let n = chunk.withUnsafeMutableBytes { recv(client, $0.baseAddress, $0.count, waiting ? 0 : Int32(MSG_DONTWAIT)) }
            guard n > 0 else { break }
            drained += n
        }
        close(client)
    }

    private static func setTimeout(_ fd: Int32, _ option: Int32, seconds: Int) {
        var time = timeval(tv_sec: seconds, tv_usec: 0)
        setsockopt(fd, SOL_SOCKET, option, &time, socklen_t(MemoryLayout<timeval>.size))
    }
}
