import CLibEvent
import Foundation

/// An HTTP server on libevent's `evhttp`: one listening socket, answered by several
/// threads, each with its own event loop and its own handler (made in that thread, so that
/// what it keeps, a search session, is never shared). It knows nothing of what it serves.
///
/// Bounded by ``Limits``: the size of a request's headers and their number, the length of
/// its URI, no body, and a time-out on a connection that sends or reads nothing, so that a
/// slow or half-open client holds one connection and nothing more. ``stop()`` (from any
/// thread, or a signal's) stops accepting, lets every thread finish the replies it is
/// writing, and then ``run()`` returns.
package final class HTTPServer: @unchecked Sendable {
    package struct Limits: Sendable {
        /// The request line and headers together, in bytes (evhttp's own limit).
        package var headerBytes = 16 * 1024
        /// Headers in a request.
        package var headers = 100
        /// The URI, in bytes.
        package var uriBytes = 8 * 1024
        /// A connection that neither sends nor takes a byte for this long is closed.
        package var idleSeconds = 10
        /// How long a stop waits for the replies being written.
        package var stopSeconds = 5

        package init() {}
    }

    /// Why the server could not listen, with `errno`.
    package struct ListenError: Error, Sendable {
        package enum Stage: Sendable { case resolve, bind, listen }
        package let address: ListenAddress
        package let stage: Stage
        package let code: Int32
        /// For `.resolve`: getaddrinfo's message.
        package let message: String
    }

    package typealias Handler = (HTTPRequest) -> HTTPResponse

    /// The address listened on (with the port the system chose, when 0 was asked for).
    package let address: ListenAddress
    private let socket: Int32
    private let limits: Limits
    private let workers: [Worker]
    private let makeHandler: @Sendable () -> Handler

    /// Binds `address` and makes `threads` event loops; nothing is answered before ``run()``.
    package init(
        address: ListenAddress, threads: Int, limits: Limits = Limits(), makeHandler: @escaping @Sendable () -> Handler
    )
        throws(ListenError)
    {
        Self.threadsReady()
        // A reply written to a client gone is an error of that connection, not the end of the process.
        signal(SIGPIPE, SIG_IGN)
        // A connection is a descriptor: as many as the system lets this process have.
        var limit = rlimit()
        if getrlimit(Int32(RLIMIT_NOFILE.rawValue), &limit) == 0, limit.rlim_cur < limit.rlim_max {
            limit.rlim_cur = limit.rlim_max
            setrlimit(Int32(RLIMIT_NOFILE.rawValue), &limit)
        }
        (socket, self.address) = try Self.listen(address)
        self.limits = limits
        self.makeHandler = makeHandler
        let workers = (0..<max(threads, 1)).map { _ in Worker() }
        for worker in workers where !worker.prepare(socket: socket, limits: limits) {
            let code = errno
            for made in workers { made.discard() }
            close(socket)
            throw ListenError(address: address, stage: .listen, code: code, message: "")
        }
        self.workers = workers
    }

    deinit { close(socket) }

    /// Answers requests until ``stop()``; returns once every thread has finished.
    package func run() {
        let done = DispatchGroup()
        for worker in workers {
            done.enter()
            let thread = Thread { [self] in
                worker.run(handler: makeHandler())
                done.leave()
            }
            // The search and its regular expressions recurse: the main thread's stack.
            thread.stackSize = 8 << 20
            thread.start()
        }
        done.wait()
    }

    /// Stops accepting and lets the replies under way finish; safe from any thread.
    package func stop() {
        for worker in workers { worker.stop() }
    }

    /// libevent's locks, so that one thread can wake another's loop (``stop()``).
    private static let threadsReadyOnce: Void = { _ = evthread_use_pthreads() }()
    private static func threadsReady() { _ = threadsReadyOnce }

    /// A listening socket on `address`: non-blocking, the address reusable at once after a
    /// restart, a backlog as deep as the system allows.
    private static func listen(_ address: ListenAddress) throws(ListenError) -> (Int32, ListenAddress) {
        var hints = addrinfo()
        hints.ai_family = AF_UNSPEC
        hints.ai_socktype = Int32(SOCK_STREAM.rawValue)
        hints.ai_flags = AI_PASSIVE | AI_NUMERICSERV
        var found: UnsafeMutablePointer<addrinfo>?
        let resolved = getaddrinfo(address.host, String(address.port), &hints, &found)
        guard resolved == 0, let first = found else {
            throw ListenError(address: address, stage: .resolve, code: resolved, message: String(cString: gai_strerror(resolved)))
        }
        defer { freeaddrinfo(first) }
        var lastError = ListenError(address: address, stage: .bind, code: EADDRNOTAVAIL, message: "")
        var candidate: UnsafeMutablePointer<addrinfo>? = first
        while let info = candidate {
            candidate = info.pointee.ai_next
            let fd = Glibc.socket(
                info.pointee.ai_family, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_NONBLOCK.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
            guard fd >= 0 else {
                lastError = ListenError(address: address, stage: .bind, code: errno, message: "")
                continue
            }
            var one: Int32 = 1
            setsockopt(fd, SOL_SOCKET, SO_REUSEADDR, &one, socklen_t(MemoryLayout<Int32>.size))
            // No Nagle (the connections accepted inherit it): the last segment of an answer
            // goes at once, rather than after the client's delayed ACK (40 ms an answer of
            // more than one segment, on Linux).
            setsockopt(fd, Int32(IPPROTO_TCP), TCP_NODELAY, &one, socklen_t(MemoryLayout<Int32>.size))
            guard bind(fd, info.pointee.ai_addr, info.pointee.ai_addrlen) == 0 else {
                lastError = ListenError(address: address, stage: .bind, code: errno, message: "")
                close(fd)
                continue
            }
            guard Glibc.listen(fd, SOMAXCONN) == 0 else {
                lastError = ListenError(address: address, stage: .listen, code: errno, message: "")
                close(fd)
                continue
            }
            return (fd, ListenAddress(host: address.host, port: boundPort(fd) ?? address.port))
        }
        throw lastError
    }

    private static func boundPort(_ fd: Int32) -> UInt16? {
        var storage = sockaddr_storage()
        var length = socklen_t(MemoryLayout<sockaddr_storage>.size)
        let got = withUnsafeMutablePointer(to: &storage) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(fd, $0, &length) }
        }
        guard got == 0 else { return nil }
        switch Int32(storage.ss_family) {
        case AF_INET:
            return withUnsafePointer(to: &storage) {
                $0.withMemoryRebound(to: sockaddr_in.self, capacity: 1) { UInt16(bigEndian: $0.pointee.sin_port) }
            }
        case AF_INET6:
            return withUnsafePointer(to: &storage) {
                $0.withMemoryRebound(to: sockaddr_in6.self, capacity: 1) { UInt16(bigEndian: $0.pointee.sin6_port) }
            }
        default: return nil
        }
    }
}

/// One thread's event loop and what it answers with. Its fields are touched only by its
/// thread, but for ``stop()``, which wakes the loop through libevent (thread-safe).
private final class Worker: @unchecked Sendable {
    private let lock = NSLock()
    private var base: OpaquePointer?
    private var wake: OpaquePointer?
    private var stopAsked = false

    // The loop's own state, touched only by its thread.
    private var http: OpaquePointer?
    private var bound: OpaquePointer?
    private var listener: OpaquePointer?
    private var resume: OpaquePointer?
    /// Each loop's worker, by its listener.
    private static let byListener = Locked<[OpaquePointer: Worker]>([:])
    /// When the last "out of descriptors" was said (once a minute at most).
    private var lastSaid: Date?
    private var handler: HTTPServer.Handler = { _ in HTTPResponse(status: 500, contentType: "text/plain", body: []) }
    private var limits = HTTPServer.Limits()
    private var writing = 0
    private var stopping = false

    /// Makes the loop, its HTTP server and its listener, in the thread that starts the
    /// server: each needs descriptors, which a loop made once connections arrive might not
    /// find (libevent ends the process when it cannot make a loop's signal pipe). False,
    /// with errno, when they cannot be made.
    func prepare(socket: Int32, limits: HTTPServer.Limits) -> Bool {
        self.limits = limits
        guard let base = event_base_new() else { return false }
        guard let http = evhttp_new(base) else {
            event_base_free(base)
            return false
        }
        self.http = http
        let me = Unmanaged.passUnretained(self).toOpaque()
        evhttp_set_max_headers_size(http, limits.headerBytes)
        evhttp_set_max_body_size(http, 0)
        // Every method reaches ``answer(_:)``, which refuses all but GET and HEAD with 405
        // and the headers every answer has (libevent's own refusal is a 501 page).
        evhttp_set_allowed_methods(http, 0xFFFF)
        evhttp_set_timeout(http, Int32(limits.idleSeconds))
        evhttp_set_gencb(
            http,
            { request, me in
                guard let request, let me else { return }
                Unmanaged<Worker>.fromOpaque(me).takeUnretainedValue().answer(request)
            }, me)
        // Each loop takes its own copy of the socket (freeing its listener closes that copy
        // alone), through a listener of its own: out of descriptors, it stops accepting for a
        // tenth of a second (libevent's would try again at once, in a loop, with a warning
        // each time), while the connections it has are answered and closed.
        if let listener = evconnlistener_new(base, nil, nil, UInt32(LEV_OPT_CLOSE_ON_FREE | LEV_OPT_CLOSE_ON_EXEC), 0, dup(socket)) {
            self.listener = listener
            bound = evhttp_bind_listener(http, listener)
            // (Its error callback is given the evhttp, not this: the worker is found by its listener.)
            Self.byListener.withLock { $0[listener] = self }
            evconnlistener_set_error_cb(listener) { listener, _ in
                guard let listener, let worker = Worker.byListener.withLock({ $0[listener] }) else { return }
                worker.acceptFailed()
            }
            resume = event_new(
                base, -1, 0,
                { _, _, me in
                    guard let me else { return }
                    Unmanaged<Worker>.fromOpaque(me).takeUnretainedValue().acceptAgain()
                }, me)
        }
        let wake = event_new(
            base, -1, 0,
            { _, _, me in
                guard let me else { return }
                Unmanaged<Worker>.fromOpaque(me).takeUnretainedValue().beginStop()
            }, me)
        lock.withLock {
            self.base = base
            self.wake = wake
        }
        return listener != nil
    }

    /// Answers with `handler` until stopped, then frees what ``prepare(socket:limits:)`` made.
    func run(handler: @escaping HTTPServer.Handler) {
        self.handler = handler
        guard let http, let base = lock.withLock({ self.base }) else { return }
        if lock.withLock({ stopAsked }) { beginStop() }
        event_base_dispatch(base)
        tearDown(http: http, base: base)
    }

    /// Frees a loop that never ran (the server could not start).
    func discard() {
        guard let http, let base = lock.withLock({ self.base }) else { return }
        tearDown(http: http, base: base)
    }

    /// Frees what ``prepare(socket:limits:)`` made; ``stop()`` then finds no loop to wake.
    private func tearDown(http: OpaquePointer, base: OpaquePointer) {
        let wake = lock.withLock { () -> OpaquePointer? in
            defer {
                self.base = nil
                self.wake = nil
            }
            return self.wake
        }
        if let listener { _ = Self.byListener.withLock { $0.removeValue(forKey: listener) } }
        evhttp_free(http)
        if let wake { event_free(wake) }
        if let resume { event_free(resume) }
        event_base_free(base)
        self.http = nil
    }

    /// From any thread: the loop is woken to stop (or stops as soon as it starts).
    func stop() {
        lock.withLock {
            stopAsked = true
            if let wake { event_active(wake, 0, 0) }
        }
    }

    /// In the loop: no more connections; the loop ends once the replies under way are
    /// written, or after ``HTTPServer/Limits/stopSeconds`` at most.
    private func beginStop() {
        guard !stopping, let http, let base = lock.withLock({ self.base }) else { return }
        stopping = true
        if let bound { evhttp_del_accept_socket(http, bound) }
        bound = nil
        if let listener { _ = Self.byListener.withLock { $0.removeValue(forKey: listener) } }
        listener = nil
        if let resume { event_del(resume) }
        if writing == 0 {
            event_base_loopexit(base, nil)
        } else {
            var deadline = timeval(tv_sec: limits.stopSeconds, tv_usec: 0)
            event_base_loopexit(base, &deadline)
        }
    }

    /// accept() failed (no descriptor left, or none of the kernel's memory): no more for a
    /// tenth of a second, said on standard error once a minute at most.
    private func acceptFailed() {
        let code = errno
        guard let listener, let resume else { return }
        evconnlistener_disable(listener)
        var pause = timeval(tv_sec: 0, tv_usec: 100_000)
        event_add(resume, &pause)
        if lastSaid.map({ Date().timeIntervalSince($0) > 60 }) ?? true {
            lastSaid = Date()
            FileHandle.standardError.write(
                Data("rules: serve: cannot accept a connection (\(String(cString: strerror(code)))); waiting a tenth of a second\n".utf8))
        }
    }

    private func acceptAgain() {
        if let listener, !stopping { evconnlistener_enable(listener) }
    }

    private func answer(_ request: OpaquePointer) {
        let response: HTTPResponse
        let uriLength = evhttp_request_get_uri(request).map { strlen($0) } ?? 0
        if uriLength > limits.uriBytes {
            response = Self.refusal(414)
        } else if let headers = evhttp_request_get_input_headers(request), rules_evhttp_header_count(headers) > Int32(limits.headers) {
            response = Self.refusal(431)
        } else if let parsed = HTTPRequest(request) {
            if parsed.framedAmbiguously {
                var refused = Self.refusal(400)
                refused.headers.append(("Connection", "close"))
                response = refused
            } else if parsed.method == .other {
                var refused = Self.refusal(405)
                refused.headers.append(("Allow", "GET, HEAD"))
                response = refused
            } else {
                response = handler(parsed)
            }
        } else {
            response = Self.refusal(400)
        }
        send(response, to: request, head: evhttp_request_get_command(request) == EVHTTP_REQ_HEAD)
    }

    private static func refusal(_ status: Int) -> HTTPResponse {
        HTTPResponse(status: status, contentType: "text/plain; charset=utf-8", body: Array((HTTPResponse.reason(status) + "\n").utf8))
    }

    /// `head`: the headers alone, with the length the body would have (libevent writes
    /// whatever the buffer holds, for HEAD too).
    private func send(_ response: HTTPResponse, to request: OpaquePointer, head: Bool) {
        if let headers = evhttp_request_get_output_headers(request) {
            evhttp_add_header(headers, "Content-Type", response.contentType)
            for header in response.headers { evhttp_add_header(headers, header.name, header.value) }
            // A stopping server closes each connection after its reply.
            if stopping { evhttp_add_header(headers, "Connection", "close") }
            if head, response.status != 204 { evhttp_add_header(headers, "Content-Length", String(response.body.count)) }
        }
        if !head, let output = evhttp_request_get_output_buffer(request) {
            response.body.withUnsafeBytes { _ = evbuffer_add(output, $0.baseAddress, $0.count) }
        }
        writing += 1
        evhttp_request_set_on_complete_cb(
            request,
            { _, me in
                guard let me else { return }
                Unmanaged<Worker>.fromOpaque(me).takeUnretainedValue().replyWritten()
            }, Unmanaged.passUnretained(self).toOpaque())
        evhttp_send_reply(request, Int32(response.status), HTTPResponse.reason(response.status), nil)
    }

    private func replyWritten() {
        writing -= 1
        if stopping, writing == 0, let base = lock.withLock({ self.base }) { event_base_loopexit(base, nil) }
    }
}

/// A value shared by threads, touched only with its lock held.
final class Locked<Value>: @unchecked Sendable {
    private let lock = NSLock()
    private var value: Value

    init(_ value: Value) { self.value = value }

    func withLock<T>(_ body: (inout Value) -> T) -> T {
        lock.withLock { body(&value) }
    }
}
