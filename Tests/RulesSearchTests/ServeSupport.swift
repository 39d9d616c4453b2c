import Foundation
import XCTest

/// `rules serve` started by a test on a free port, stopped (SIGTERM) when the test ends.
final class RunningServer {
    let process = Process()
    /// `http://127.0.0.1:PORT/`, from the line it prints.
    let url: String
    let port: UInt16
    private let stderrPipe = Pipe()
    private let stdoutPipe = Pipe()

    init(_ arguments: [String] = [], environment: [String: String] = [:]) throws {
        process.executableURL = TestPaths.rulesBinary
        process.arguments = ["serve", "--listen", "127.0.0.1:0"] + arguments
        var env = ProcessInfo.processInfo.environment
        for name in ["RULES_ENGINE", "LC_ALL", "LC_MESSAGES"] { env.removeValue(forKey: name) }
        env["LANG"] = "C.UTF-8"
        for (k, v) in environment { env[k] = v }
        process.environment = env
        process.standardOutput = stdoutPipe
        process.standardError = stderrPipe
        try process.run()
        // The first line: "Searching the rules: http://127.0.0.1:PORT/".
        var line = Data()
        let handle = stdoutPipe.fileHandleForReading
        while !line.contains(0x0A) {
            let chunk = handle.availableData
            if chunk.isEmpty { break }
            line += chunk
        }
        let text = String(decoding: line, as: UTF8.self)
        guard let range = text.range(of: "http://127.0.0.1:"), let end = text[range.upperBound...].firstIndex(of: "/"),
            let port = UInt16(text[range.upperBound..<end])
        else {
            process.terminate()
            throw NSError(domain: "serve", code: 1, userInfo: [NSLocalizedDescriptionKey: "rules serve printed no address: \(text)"])
        }
        self.port = port
        url = "http://127.0.0.1:\(port)/"
    }

    /// SIGTERM, and the exit status and standard error once it has ended.
    @discardableResult
    func stop(timeout: Double = 15) -> (status: Int32?, stderr: String) {
        guard process.isRunning else { return (process.terminationStatus, stderrText()) }
        kill(process.processIdentifier, SIGTERM)
        let deadline = Date(timeIntervalSinceNow: timeout)
        while process.isRunning, Date() < deadline { usleep(10_000) }
        guard !process.isRunning else {
            kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()
            return (nil, stderrText())
        }
        return (process.terminationStatus, stderrText())
    }

    private func stderrText() -> String {
        String(decoding: stderrPipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    }

    deinit { if process.isRunning { stop() } }
}

/// An HTTP exchange over a plain socket, so that a test can send any bytes at all (a
/// malformed request, a header too many) and read what comes back, byte for byte.
struct RawHTTP {
    struct Answer {
        let status: Int
        let headers: [String: String]
        let body: Data
        var text: String { String(decoding: body, as: UTF8.self) }
        /// The whole answer as it came, status line and headers too.
        let raw: Data
    }

    let port: UInt16

    /// A connected socket, with `timeout` seconds on each read and write.
    func connect(timeout: Double = 10) throws -> Int32 {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard fd >= 0 else { throw POSIXError(.EIO) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = port.bigEndian
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { Glibc.connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard connected == 0 else {
            close(fd)
            throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO)
        }
        var time = timeval(tv_sec: Int(timeout), tv_usec: Int((timeout - timeout.rounded(.down)) * 1_000_000))
        setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &time, socklen_t(MemoryLayout<timeval>.size))
        setsockopt(fd, SOL_SOCKET, SO_SNDTIMEO, &time, socklen_t(MemoryLayout<timeval>.size))
        return fd
    }

    /// Sends `bytes` on `fd`; false when the server closed it first.
    @discardableResult
    static func send(_ fd: Int32, _ bytes: [UInt8]) -> Bool {
        var sent = 0
        while sent < bytes.count {
            let n = bytes[sent...].withUnsafeBytes { Glibc.send(fd, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
            if n <= 0 { return false }
            sent += n
        }
        return true
    }

    /// Everything `fd` gives until the server closes it (or a read times out).
    static func readAll(_ fd: Int32) -> Data {
        var data = Data()
        var buffer = [UInt8](repeating: 0, count: 65536)
        while true {
            let n = recv(fd, &buffer, buffer.count, 0)
            if n <= 0 { break }
            data.append(contentsOf: buffer[0..<n])
        }
        return data
    }

    /// `request` sent as it is; the answer read to the connection's end.
    func exchange(_ request: [UInt8], timeout: Double = 10) throws -> Answer? {
        let fd = try connect(timeout: timeout)
        defer { close(fd) }
        Self.send(fd, request)
        return Self.parse(Self.readAll(fd))
    }

    /// `GET path` with `Connection: close`, and the headers given.
    func get(_ path: String, method: String = "GET", headers: [String: String] = [:]) throws -> Answer {
        var request = "\(method) \(path) HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n"
        for (name, value) in headers { request += "\(name): \(value)\r\n" }
        request += "\r\n"
        guard let answer = try exchange(Array(request.utf8)) else {
            throw NSError(domain: "serve", code: 2, userInfo: [NSLocalizedDescriptionKey: "no answer to \(method) \(path)"])
        }
        return answer
    }

    /// A query parameter's value, percent-encoded.
    static func encoded(_ text: String) -> String {
        text.addingPercentEncoding(
            withAllowedCharacters: CharacterSet(charactersIn: "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~")) ?? ""
    }

    /// The first answer in `data`; `nil` when it holds no status line.
    static func parse(_ data: Data) -> Answer? {
        guard let end = data.range(of: Data("\r\n\r\n".utf8)) else { return nil }
        let head = String(decoding: data[..<end.lowerBound], as: UTF8.self).components(separatedBy: "\r\n")
        let statusParts = head[0].split(separator: " ")
        guard statusParts.count >= 2, let status = Int(statusParts[1]) else { return nil }
        var headers: [String: String] = [:]
        for line in head.dropFirst() {
            guard let colon = line.firstIndex(of: ":") else { continue }
            headers[line[..<colon].lowercased()] = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
        }
        var body = Data(data[end.upperBound...])
        if let length = headers["content-length"].flatMap(Int.init), body.count > length { body = body.prefix(length) }
        return Answer(status: status, headers: headers, body: body, raw: data)
    }
}

/// The elements a page of `rules serve` may hold: anything else in one (a `<script>` from a
/// query, an `<img onerror>` from a corpus) got through unescaped.
enum PageMarkup {
    static let allowed: Set<String> = [
        "!doctype", "html", "head", "meta", "title", "link", "script", "body", "header", "a", "form", "input", "button", "ul", "li",
        "main", "p", "ol", "div", "mark", "nav", "span", "h1", "footer",
    ]

    /// What in `html` is not markup the pages make: tags outside ``allowed``, a second
    /// script, an event attribute, a `javascript:` address.
    static func problems(_ html: String) -> [String] {
        var problems: [String] = []
        let tag = try! NSRegularExpression(pattern: "<(/?)([A-Za-z!][A-Za-z0-9-]*)([^>]*)>")
        let range = NSRange(html.startIndex..., in: html)
        var scripts = 0
        for match in tag.matches(in: html, range: range) {
            let name = String(html[Range(match.range(at: 2), in: html)!]).lowercased()
            let attributes = String(html[Range(match.range(at: 3), in: html)!]).lowercased()
            if !allowed.contains(name) { problems.append("<\(name)\(attributes)>") }
            if name == "script", match.range(at: 1).length == 0 {
                scripts += 1
                if attributes != " src=\"/static/site.js\" defer" { problems.append("<script\(attributes)>") }
            }
            // Outside the quoted values (escaped, so a quote in one cannot end it): no event
            // attribute; no address that runs a script.
            let bare = attributes.replacingOccurrences(of: "\"[^\"]*\"", with: "\"\"", options: .regularExpression)
            if bare.range(of: "(^|\\s|/)on[a-z]+\\s*=", options: .regularExpression) != nil {
                problems.append("event: <\(name)\(attributes)>")
            }
            if attributes.range(of: "(href|src|action)=\"\\s*javascript:", options: .regularExpression) != nil {
                problems.append("javascript: <\(name)\(attributes)>")
            }
        }
        if scripts > 1 { problems.append("\(scripts) scripts") }
        return problems
    }
}

/// Runs `executable` with `arguments` in this process's environment (its PATH: the python3
/// that has selenium), and returns its status and what it printed.
func runProgram(_ executable: String, _ arguments: [String]) throws -> (status: Int32, output: String, error: String) {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: executable)
    process.arguments = arguments
    let out = Pipe()
    let err = Pipe()
    process.standardOutput = out
    process.standardError = err
    try process.run()
    let errorData = ErrorCollector(err.fileHandleForReading)
    let output = out.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return (process.terminationStatus, String(decoding: output, as: UTF8.self), errorData.text())
}

/// Standard error read on a thread of its own, so that neither pipe fills while the other is read.
private final class ErrorCollector: @unchecked Sendable {
    private var data = Data()
    private let done = DispatchSemaphore(value: 0)

    init(_ handle: FileHandle) {
        Thread {
            self.data = handle.readDataToEndOfFile()
            self.done.signal()
        }.start()
    }

    func text() -> String {
        done.wait()
        return String(decoding: data, as: UTF8.self)
    }
}
