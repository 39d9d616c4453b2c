import RulesRegex

/// Runs one `preg_*` call on two engines and describes how the answers differ.
package struct EngineComparison {
    package let left: Preg
    package let right: Preg

    package init(left: any RegexEngine, right: any RegexEngine) {
        self.left = Preg(engine: left)
        self.right = Preg(engine: right)
    }

    /// `nil` when both engines give the same `preg_match`, `preg_match_all` (with offsets)
    /// and, if `replacement` is given, `preg_replace` answers for `pattern` on `subject`;
    /// otherwise a description of the first difference.
    package func difference(pattern: Bytes, subject: Bytes, replacement: Bytes?) -> String? {
        var m1: [Bytes] = []
        var m2: [Bytes] = []
        let r1 = left.match(pattern, subject, &m1)
        let e1 = left.lastError?.kind
        let r2 = right.match(pattern, subject, &m2)
        let e2 = right.lastError?.kind
        if r1 != r2 || m1 != m2 || e1 != e2 {
            return "preg_match: \(describe(r1, m1, e1)) vs \(describe(r2, m2, e2))"
        }
        var a1: [[Preg.Capture]]? = nil
        var a2: [[Preg.Capture]]? = nil
        let c1 = left.matchAll(pattern, subject, &a1)
        let f1 = left.lastError?.kind
        let c2 = right.matchAll(pattern, subject, &a2)
        let f2 = right.lastError?.kind
        if c1 != c2 || a1 != a2 || f1 != f2 {
            return "preg_match_all: \(describe(c1, a1, f1)) vs \(describe(c2, a2, f2))"
        }
        if let replacement {
            let s1 = left.replace(pattern, replacement, subject)
            let s2 = right.replace(pattern, replacement, subject)
            if s1 != s2 {
                return "preg_replace: \(s1.map(Self.show) ?? "null") vs \(s2.map(Self.show) ?? "null")"
            }
        }
        return nil
    }

    private func describe(_ result: Int?, _ matches: [Bytes], _ error: String?) -> String {
        "\(result.map(String.init) ?? "false") \(matches.map(Self.show)) \(error ?? "")"
    }

    private func describe(_ result: Int?, _ matches: [[Preg.Capture]]?, _ error: String?) -> String {
        let groups = matches?.map { $0.map { "\(Self.show($0.text))@\($0.offset)" } }
        return "\(result.map(String.init) ?? "false") \(groups.map { "\($0)" } ?? "untouched") \(error ?? "")"
    }

    /// Bytes as readable text, with invalid UTF-8 and control characters escaped.
    package static func show(_ bytes: Bytes) -> String {
        var out = "\""
        var i = 0
        while i < bytes.count {
            let b = bytes[i]
            let length = UTF8Bytes.sequenceLength(lead: b)
            if b >= 0x20, b < 0x7F, b != 0x22, b != 0x5C {
                out.append(Character(UnicodeScalar(b)))
                i += 1
            } else if length > 1, i + length <= bytes.count, UTF8Bytes.isValid(Array(bytes[i..<(i + length)])) {
                out += String(decoding: bytes[i..<(i + length)], as: UTF8.self)
                i += length
            } else {
                out += "\\x" + (b < 16 ? "0" : "") + String(b, radix: 16)
                i += 1
            }
        }
        return out + "\""
    }
}
