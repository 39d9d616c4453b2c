import Foundation

/// Where a server listens: `HOST:PORT`, `[IPv6]:PORT` or a port alone (on 127.0.0.1).
package struct ListenAddress: Sendable, Equatable, CustomStringConvertible {
    package let host: String
    package let port: UInt16

    package static let `default` = ListenAddress(host: "127.0.0.1", port: 8080)

    package init(host: String, port: UInt16) {
        self.host = host
        self.port = port
    }

    /// `text` read as an address; `nil` when it is not one (no port, a port past 65535).
    package init?(_ text: String) {
        var host = "127.0.0.1"
        var portText = Substring(text)
        if text.hasPrefix("[") {
            guard let close = text.firstIndex(of: "]"), text[text.index(after: close)...].hasPrefix(":") else { return nil }
            host = String(text[text.index(after: text.startIndex)..<close])
            portText = text[text.index(close, offsetBy: 2)...]
        } else if let colon = text.lastIndex(of: ":") {
            host = String(text[..<colon])
            portText = text[text.index(after: colon)...]
            // An IPv6 address must be in brackets, so that its last group is not read as the port.
            if host.contains(":") { return nil }
        }
        guard !host.isEmpty, !portText.isEmpty, portText.allSatisfy({ $0.isASCII && $0.isNumber }), portText.count <= 5,
            let port = UInt16(portText)
        else { return nil }
        self.host = host
        self.port = port
    }

    /// As a browser takes it: `http://127.0.0.1:8080/`, an IPv6 host in brackets.
    package var url: String { "http://\(description)/" }

    package var description: String { host.contains(":") ? "[\(host)]:\(port)" : "\(host):\(port)" }
}
