import RulesRegex
import RulesSearch

/// Text from an index, a corpus or a query made harmless to print, as `rules browse` shows
/// it: every control character (C0, DEL, C1) becomes a space, so that a title holding
/// `ESC ] 2 ; … BEL` cannot retitle the window, nor a snippet holding `ESC [ 2 J` clear the
/// screen, nor OSC 52 set the clipboard. Invalid UTF-8 is shown as U+FFFD, so that no stray
/// byte (an 8-bit CSI, 0x9B) reaches a terminal either. `--json` escapes them instead.
enum HarmlessText {
    /// `text` on one line: line breaks are spaces too.
    static func line(_ text: String) -> String {
        clean(text, keepingLineBreaks: false)
    }

    /// `text` as laid out on several lines: `\n` kept, every other control a space.
    static func lines(_ text: String) -> String {
        clean(text, keepingLineBreaks: true)
    }

    /// Bytes of a one-line field (`--plain`, `titles`), decoded as UTF-8 first.
    static func line(_ bytes: Bytes) -> Bytes {
        // Most fields hold nothing to change: valid UTF-8 with no C0, DEL or C1 (C2 80–9F),
        // no line separator and no direction mark (E2 80 8E/8F/A8–AE, E2 81 A6–A9, D8 9C).
        var plain = true
        for (i, b) in bytes.enumerated() where b < 0x20 || b == 0x7F || b == 0xC2 || b == 0xE2 || b == 0xD8 {
            if b == 0xC2, i + 1 < bytes.count, bytes[i + 1] >= 0xA0 { continue }
            if b == 0xD8, i + 1 < bytes.count, bytes[i + 1] != 0x9C { continue }
            if b == 0xE2, i + 2 < bytes.count {
                let (x, y) = (bytes[i + 1], bytes[i + 2])
                let marked = (x == 0x80 && (y == 0x8E || y == 0x8F || (0xA8...0xAE).contains(y))) || (x == 0x81 && (0xA6...0xA9).contains(y))
                if !marked { continue }
            }
            plain = false
            break
        }
        if plain, UTF8Bytes.isValid(bytes) { return bytes }
        return Bytes(line(String(decoding: bytes, as: UTF8.self)).utf8)
    }

    private static func clean(_ text: String, keepingLineBreaks: Bool) -> String {
        guard text.unicodeScalars.contains(where: { isControl($0) && !(keepingLineBreaks && $0 == "\n") }) else { return text }
        var out = String.UnicodeScalarView()
        for scalar in text.unicodeScalars {
            out.append(isControl(scalar) && !(keepingLineBreaks && scalar == "\n") ? " " : scalar)
        }
        return String(out)
    }

    /// C0, DEL and C1, the line and paragraph separators, and the marks that change the
    /// direction text is shown in (U+061C, U+200E–200F, U+202A–202E, U+2066–2069), which
    /// can show a title or id reversed.
    private static func isControl(_ scalar: Unicode.Scalar) -> Bool {
        let v = scalar.value
        return v < 0x20 || (v >= 0x7F && v < 0xA0) || v == 0x2028 || v == 0x2029
            || v == 0x061C || v == 0x200E || v == 0x200F || (0x202A...0x202E).contains(v) || (0x2066...0x2069).contains(v)
    }
}
