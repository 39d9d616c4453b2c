import Foundation
import RulesRegex

/// Snippet HTML as plain text: the `<i>` marks removed and entities decoded.
package enum HTMLText {
    static let entities: [String: String] = [
        "laquo": "«", "raquo": "»", "quot": "\"", "amp": "&", "lt": "<", "gt": ">", "nbsp": "\u{A0}",
        "mdash": "—", "ndash": "–", "hellip": "…", "apos": "'", "copy": "©", "reg": "®", "deg": "°",
        "minus": "−", "times": "×", "lsquo": "‘", "rsquo": "’", "ldquo": "“", "rdquo": "”", "bdquo": "„",
    ]

    package static func plain(_ html: Bytes) -> Bytes {
        var text = PHPStrings.replace([Bytes(php: "<i>"), Bytes(php: "</i>")], with: [[], []], in: html)
        guard text.contains(0x26) else { return text }
        var out = Bytes()
        out.reserveCapacity(text.count)
        var i = 0
        while i < text.count {
            if text[i] == 0x26, let end = text[i...].prefix(12).firstIndex(of: 0x3B) {
                let name = String(decoding: text[(i + 1)..<end], as: UTF8.self)
                var replacement: String?
                if name.hasPrefix("#x") || name.hasPrefix("#X") {
                    replacement = UInt32(name.dropFirst(2), radix: 16).flatMap(Unicode.Scalar.init).map { String($0) }
                } else if name.hasPrefix("#") {
                    replacement = UInt32(name.dropFirst()).flatMap(Unicode.Scalar.init).map { String($0) }
                } else {
                    replacement = entities[name]
                }
                if let replacement {
                    out += Bytes(php: replacement)
                    i = end + 1
                    continue
                }
            }
            out.append(text[i])
            i += 1
        }
        text = out
        return text
    }
}
