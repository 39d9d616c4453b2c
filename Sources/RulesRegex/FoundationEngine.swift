import Foundation

/// The second engine: Foundation's `NSRegularExpression` (ICU), made to behave as PHP's
/// PCRE2 does. Patterns are rewritten by ``ICUTranslation``; subjects are handed to ICU as
/// UTF-16 (after `/u`) or one unit per byte (without it), and every offset is mapped back to
/// a UTF-8 byte offset, as PHP reports it.
public final class FoundationEngine: RegexEngine {
    public let name = "foundation"

    public init() {}

    public func compile(_ pattern: PHPPattern) throws(RegexError) -> any CompiledPattern {
        let translation = try ICUTranslation(body: pattern.body, options: pattern.options)
        let regex: NSRegularExpression
        do {
            regex = try NSRegularExpression(pattern: translation.pattern, options: [])
        } catch {
            throw .compile("ICU rejected the translated pattern (\(error.localizedDescription))", offset: 0)
        }
        return FoundationPattern(
            regex: regex,
            translation: translation,
            utf: pattern.options.contains(.utf),
            anchored: pattern.options.contains(.anchored))
    }
}

/// A subject in the form ICU reads, with the way back from UTF-16 offsets to byte offsets.
final class ICUSubject {
    let string: String
    let utf16Count: Int
    /// Byte offset of each UTF-16 offset, and of the end; `nil` in byte mode, where the two
    /// are the same.
    let byteOffsets: [Int]?

    init(_ bytes: Bytes, utf: Bool) {
        if utf {
            var units: [UInt16] = []
            var offsets: [Int] = []
            units.reserveCapacity(bytes.count)
            offsets.reserveCapacity(bytes.count + 1)
            bytes.withUnsafeBufferPointer { buffer in
                var i = 0
                while i < buffer.count {
                    let (scalar, length) = UTF8Bytes.decode(buffer, at: i)
                    if scalar < 0x10000 {
                        units.append(UInt16(scalar))
                        offsets.append(i)
                    } else {
                        let v = scalar - 0x10000
                        units.append(UInt16(0xD800 + (v >> 10)))
                        units.append(UInt16(0xDC00 + (v & 0x3FF)))
                        offsets.append(i)
                        offsets.append(i)
                    }
                    i += length
                }
            }
            offsets.append(bytes.count)
            string = String(decoding: units, as: UTF16.self)
            utf16Count = units.count
            byteOffsets = offsets
        } else {
            // One UTF-16 unit per byte: U+0000...U+00FF, so offsets are byte offsets.
            let units = bytes.map { UInt16($0) }
            string = String(decoding: units, as: UTF16.self)
            utf16Count = units.count
            byteOffsets = nil
        }
    }

    @inline(__always)
    func byteOffset(_ utf16: Int) -> Int {
        byteOffsets?[utf16] ?? utf16
    }

    /// UTF-16 offset of a byte offset on a character boundary.
    func utf16Offset(_ byte: Int) -> Int {
        guard let map = byteOffsets else { return byte }
        var low = 0
        var high = map.count - 1
        while low < high {
            let mid = (low + high) / 2
            if map[mid] < byte { low = mid + 1 } else { high = mid }
        }
        return low
    }
}

final class FoundationPattern: CompiledPattern {
    private let regex: NSRegularExpression
    private let translation: ICUTranslation
    private let utf: Bool
    private let anchored: Bool
    /// The pattern compiled to refuse an empty match at its start, built on first need.
    private var notEmptyRegex: NSRegularExpression?
    let groupCount: Int

    init(regex: NSRegularExpression, translation: ICUTranslation, utf: Bool, anchored: Bool) {
        self.regex = regex
        self.translation = translation
        self.utf = utf
        self.anchored = anchored
        groupCount = translation.groupCount
    }

    private static let bounds: NSRegularExpression.MatchingOptions = [.withTransparentBounds, .withoutAnchoringBounds]

    private func icuSubject(_ subject: Subject) -> ICUSubject {
        let key = utf ? 1 : 2
        if let cached = subject.engineCache[key] as? ICUSubject { return cached }
        let converted = ICUSubject(subject.bytes, utf: utf)
        subject.engineCache[key] = converted
        return converted
    }

    func firstMatch(in subject: Subject, from offset: Int, options: MatchOptions) throws(RegexError) -> Match? {
        let text = icuSubject(subject)
        let start = text.utf16Offset(offset)
        var matching = Self.bounds
        if anchored || options.contains(.anchored) { matching.insert(.anchored) }
        let range = NSRange(location: start, length: text.utf16Count - start)
        if options.contains(.notEmptyAtStart) {
            let variant = try notEmptyVariant()
            guard let result = variant.firstMatch(in: text.string, options: matching, range: range) else { return nil }
            return match(from: result, in: text, groupShift: 1)
        }
        guard let result = regex.firstMatch(in: text.string, options: matching, range: range) else { return nil }
        return match(from: result, in: text, groupShift: 0)
    }

    /// ICU's own iteration finds what PHP's loop finds as long as no match can be empty:
    /// then each search resumes at the end of the previous match, as PHP's does.
    func allMatches(in subject: Subject) throws(RegexError) -> [Match]? {
        guard !translation.canMatchEmpty, !anchored else { return nil }
        let text = icuSubject(subject)
        let results = regex.matches(in: text.string, options: Self.bounds, range: NSRange(location: 0, length: text.utf16Count))
        return results.map { match(from: $0, in: text, groupShift: 0) }
    }

    private func match(from result: NSTextCheckingResult, in text: ICUSubject, groupShift: Int) -> Match {
        var m = Match(groupCount: groupCount)
        for group in 0...groupCount {
            let r = result.range(at: group == 0 ? 0 : group + groupShift)
            guard r.location != NSNotFound else { continue }
            m.offsets[2 * group] = text.byteOffset(r.location)
            m.offsets[2 * group + 1] = text.byteOffset(r.location + r.length)
        }
        return m
    }

    /// PCRE2_NOTEMPTY_ATSTART for an anchored attempt: the match may not end where it
    /// starts. A leading lookahead captures the rest of the subject; at the end of the
    /// match, that capture followed by the end of the subject matches only if no character
    /// was consumed, and a negative lookahead turns that into a refusal, so ICU backtracks
    /// into the pattern for a longer match exactly as PCRE2 does. The extra group is
    /// number 1; the pattern's own groups shift up by one.
    private func notEmptyVariant() throws(RegexError) -> NSRegularExpression {
        if let notEmptyRegex { return notEmptyRegex }
        let rest = "(?<gRest>\(ICU.any)*)"
        let pattern = "(?=\(rest))(?:\(translation.pattern))(?!\\k<gRest>\(ICU.subjectEnd))"
        do {
            let compiled = try NSRegularExpression(pattern: pattern, options: [])
            notEmptyRegex = compiled
            return compiled
        } catch {
            throw .compile("ICU rejected the translated pattern (\(error.localizedDescription))", offset: 0)
        }
    }
}
