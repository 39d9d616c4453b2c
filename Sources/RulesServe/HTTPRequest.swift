import CLibEvent
import Foundation

/// A request as a handler sees it: its method, its path and query parameters decoded
/// (percent escapes and `+`, by libevent's `evhttp_uridecode`), and its headers.
package struct HTTPRequest: Sendable {
    /// GET and HEAD are answered; any other gets 405 from the server.
    package enum Method: Sendable { case get, head, other }

    package let method: Method
    /// The path, decoded; `nil` when it does not decode to UTF-8 text.
    package let path: String?
    /// The query's parameters in order, each decoded; a name given twice keeps both.
    package let parameters: [(name: String, value: String)]
    /// Headers by lowercased name (the first of a name given twice).
    package let headers: [String: String]
    /// The request's target as it came (path and query, still encoded).
    package let target: String
    /// Whether its headers say it has a body (Transfer-Encoding, a Content-Length but 0, two
    /// of them) or name a header with a space in it: a request a proxy in front could read
    /// otherwise than this server (request smuggling), answered 400 and the connection closed.
    package var framedAmbiguously = false

    package init(
        method: Method, path: String?, parameters: [(name: String, value: String)] = [], headers: [String: String] = [:],
        target: String = ""
    ) {
        self.target = target
        self.method = method
        self.path = path
        self.parameters = parameters
        self.headers = headers
    }

    /// The first parameter named `name`.
    package func parameter(_ name: String) -> String? {
        parameters.first { $0.name == name }?.value
    }
}

extension HTTPRequest {
    /// The request libevent parsed; `nil` when its URI has no path.
    init?(_ request: OpaquePointer) {
        switch evhttp_request_get_command(request) {
        case EVHTTP_REQ_GET: method = .get
        case EVHTTP_REQ_HEAD: method = .head
        default: method = .other
        }
        guard let uri = evhttp_request_get_evhttp_uri(request) else { return nil }
        target = evhttp_request_get_uri(request).map { String(cString: $0) } ?? ""
        path = evhttp_uri_get_path(uri).flatMap { Self.decoded(String(cString: $0), plusIsSpace: false) }
        var parameters: [(name: String, value: String)] = []
        if let query = evhttp_uri_get_query(uri) {
            for pair in String(cString: query).split(separator: "&", omittingEmptySubsequences: true) {
                let parts = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
                guard let name = Self.decoded(String(parts[0]), plusIsSpace: true) else { continue }
                let value = parts.count > 1 ? Self.decoded(String(parts[1]), plusIsSpace: true) : ""
                // A value that is not UTF-8 (a page in another encoding) is given as U+FFFD
                // in place of its bad bytes, so that the query still answers.
                parameters.append((name, value ?? Self.lossy(String(parts[1]))))
            }
        }
        self.parameters = parameters
        var headers: [String: String] = [:]
        var lengths = 0
        if let input = evhttp_request_get_input_headers(request) {
            var header = input.pointee.tqh_first
            while let current = header {
                let name = String(cString: current.pointee.key).lowercased()
                let value = String(cString: current.pointee.value)
                if headers[name] == nil { headers[name] = value }
                if name == "content-length" {
                    lengths += 1
                    if value.trimmingCharacters(in: .whitespaces) != "0" { framedAmbiguously = true }
                }
                if name == "transfer-encoding" || name.contains(" ") || name.contains("\t") { framedAmbiguously = true }
                header = current.pointee.next.tqe_next
            }
        }
        if lengths > 1 { framedAmbiguously = true }
        self.headers = headers
    }

    /// `text` percent-decoded; `nil` when the result is not UTF-8 or holds a NUL.
    private static func decoded(_ text: String, plusIsSpace: Bool) -> String? {
        guard let bytes = percentDecoded(text, plusIsSpace: plusIsSpace), !bytes.contains(0) else { return nil }
        return String(validating: bytes, as: UTF8.self)
    }

    /// `text` percent-decoded with U+FFFD for bytes that are not UTF-8 and for NUL (so that
    /// `1%00` is not read as the number 1).
    private static func lossy(_ text: String) -> String {
        String(decoding: percentDecoded(text, plusIsSpace: true) ?? [], as: UTF8.self)
            .replacingOccurrences(of: "\u{0}", with: "\u{FFFD}")
    }

    /// `text`'s bytes with its percent escapes decoded (and `+` as a space), by libevent's
    /// `evhttp_uridecode`.
    private static func percentDecoded(_ text: String, plusIsSpace: Bool) -> [UInt8]? {
        var size = 0
        guard let bytes = evhttp_uridecode(text, plusIsSpace ? 1 : 0, &size) else { return nil }
        defer { free(bytes) }
        return Array(UnsafeBufferPointer(start: UnsafeRawPointer(bytes).assumingMemoryBound(to: UInt8.self), count: size))
    }
}
