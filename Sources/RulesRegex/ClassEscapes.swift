/// `\d \w \s \h \v \b` as PCRE2 defines them: Unicode properties with `/u` (PCRE2_UCP),
/// the C locale's ASCII tables without.
struct ClassEscapes {
    let utf: Bool

    private func make(ranges: [ClosedRange<UInt32>] = [], properties: [String] = [], negated: Bool) -> CharClass {
        var cls = CharClass()
        cls.ranges = ranges
        cls.properties = properties
        cls.negated = negated
        return cls
    }

    func digit(negated: Bool) -> CharClass {
        utf ? make(properties: ["\\p{Nd}"], negated: negated) : make(ranges: [0x30...0x39], negated: negated)
    }

    func word(negated: Bool) -> CharClass {
        utf
            ? make(properties: [ICU.wordItems], negated: negated)
            : make(ranges: [0x30...0x39, 0x41...0x5A, 0x5F...0x5F, 0x61...0x7A], negated: negated)
    }

    func space(negated: Bool) -> CharClass {
        utf
            ? make(properties: [ICU.spaceItemsUTF], negated: negated)
            : make(ranges: [0x09...0x0D, 0x20...0x20], negated: negated)
    }

    func horizontal(negated: Bool) -> CharClass {
        utf
            ? make(properties: [ICU.horizontalItemsUTF], negated: negated)
            : make(ranges: [0x09...0x09, 0x20...0x20, 0xA0...0xA0], negated: negated)
    }

    func vertical(negated: Bool) -> CharClass {
        utf
            ? make(properties: [ICU.verticalItemsUTF], negated: negated)
            : make(ranges: [0x0A...0x0D, 0x85...0x85], negated: negated)
    }

    func wordBoundary(negated: Bool) -> String {
        let w = utf ? "[\(ICU.wordItems)]" : "[0-9A-Z_a-z]"
        return negated
            ? "(?:(?<=\(w))(?=\(w))|(?<!\(w))(?!\(w)))"
            : "(?:(?<=\(w))(?!\(w))|(?<!\(w))(?=\(w)))"
    }
}

extension CharClass {
    /// Adds the members of `other` (a class escape or POSIX class) to this class.
    mutating func merge(_ other: CharClass) {
        if other.negated {
            properties.append("[^" + ICUEmitter.setBody(ranges: other.ranges, properties: other.properties) + "]")
        } else {
            ranges += other.ranges
            properties += other.properties
        }
    }

    var complemented: CharClass {
        var c = self
        c.negated.toggle()
        return c
    }
}

/// POSIX classes inside `[...]`.
enum PosixClasses {
    static func charClass(_ name: String, utf: Bool, caseless: Bool) -> CharClass? {
        var cls = CharClass()
        func ascii(_ ranges: [ClosedRange<UInt32>]) -> CharClass {
            var c = CharClass()
            c.ranges = ranges
            return c
        }
        let alpha: [ClosedRange<UInt32>] = [0x41...0x5A, 0x61...0x7A]
        let digit: [ClosedRange<UInt32>] = [0x30...0x39]
        var lookup = name
        if !utf, caseless, name == "upper" || name == "lower" { lookup = "alpha" }
        if utf {
            switch lookup {
            case "alpha": cls.properties = ["\\p{L}"]
            case "alnum": cls.properties = ["\\p{L}\\p{N}"]
            case "digit": cls.properties = ["\\p{Nd}"]
            case "lower": cls.properties = ["\\p{Ll}"]
            case "upper": cls.properties = ["\\p{Lu}"]
            case "space": cls.properties = [ICU.spaceItemsUTF]
            case "word": cls.properties = [ICU.wordItems]
            case "blank": cls.properties = [ICU.horizontalItemsUTF]
            case "cntrl": cls.properties = ["\\p{Cc}"]
            case "graph": cls.properties = ["[\\p{L}\\p{M}\\p{N}\\p{P}\\p{S}\\p{Cf}--[\\x{61C}\\x{180E}\\x{2066}-\\x{2069}]]"]
            case "print": cls.properties = ["[\\p{L}\\p{M}\\p{N}\\p{P}\\p{S}\\p{Cf}\\p{Zs}--[\\x{61C}\\x{180E}\\x{2066}-\\x{2069}]]"]
            case "punct": cls.properties = ["[\\p{P}[\\x{0}-\\x{7F}&&\\p{S}]]"]
            case "xdigit": return ascii([0x30...0x39, 0x41...0x46, 0x61...0x66])
            case "ascii": return ascii([0x00...0x7F])
            default: return nil
            }
            return cls
        }
        switch lookup {
        case "alpha": return ascii(alpha)
        case "alnum": return ascii(alpha + digit)
        case "digit": return ascii(digit)
        case "lower": return ascii([0x61...0x7A])
        case "upper": return ascii([0x41...0x5A])
        case "space": return ascii([0x09...0x0D, 0x20...0x20])
        case "word": return ascii(alpha + digit + [0x5F...0x5F])
        case "blank": return ascii([0x09...0x09, 0x20...0x20])
        case "cntrl": return ascii([0x00...0x1F, 0x7F...0x7F])
        case "graph": return ascii([0x21...0x7E])
        case "print": return ascii([0x20...0x7E])
        case "punct": return ascii([0x21...0x2F, 0x3A...0x40, 0x5B...0x60, 0x7B...0x7E])
        case "xdigit": return ascii([0x30...0x39, 0x41...0x46, 0x61...0x66])
        case "ascii": return ascii([0x00...0x7F])
        default: return nil
        }
    }
}

/// Byte-mode classes: resolved to an explicit set of bytes, with caseless matching
/// applied to ASCII letters only, as PCRE2's default C-locale tables do.
enum ByteClass {
    static func resolve(_ cls: CharClass) -> CharClass {
        var bits = [Bool](repeating: false, count: 256)
        for r in cls.ranges {
            guard r.lowerBound <= 0xFF else { continue }
            for b in r.lowerBound...min(r.upperBound, 0xFF) { bits[Int(b)] = true }
        }
        if cls.caseless {
            for b in 0..<256 where bits[b] {
                if (0x41...0x5A).contains(b) { bits[b + 0x20] = true }
                if (0x61...0x7A).contains(b) { bits[b - 0x20] = true }
            }
        }
        // Byte-mode class escapes and POSIX classes arrive as ranges, except a negated one
        // merged in, which arrives as a property item "[^...]": apply it here.
        for item in cls.properties {
            let negatedRanges = parseNegatedItem(item)
            for b in 0..<256 where !negatedRanges.contains(where: { $0.contains(UInt32(b)) }) { bits[b] = true }
        }
        if cls.negated { bits = bits.map { !$0 } }
        var out = CharClass()
        var b = 0
        while b < 256 {
            if bits[b] {
                let start = b
                while b + 1 < 256, bits[b + 1] { b += 1 }
                out.ranges.append(UInt32(start)...UInt32(b))
            }
            b += 1
        }
        return out
    }

    /// The ranges of an item written by ``CharClass/merge(_:)`` for a negated byte class.
    private static func parseNegatedItem(_ item: String) -> [ClosedRange<UInt32>] {
        // Format: [^\x{A}-\x{B}\x{C}...]
        var ranges: [ClosedRange<UInt32>] = []
        let scalars = Array(item.unicodeScalars)
        var i = 0
        func readHex() -> UInt32? {
            guard i + 2 < scalars.count, scalars[i] == "\\", scalars[i + 1] == "x", scalars[i + 2] == "{" else { return nil }
            i += 3
            var v: UInt32 = 0
            while i < scalars.count, scalars[i] != "}" {
                v = v * 16 + (PCREParser.hexValue(scalars[i].value) ?? 0)
                i += 1
            }
            i += 1
            return v
        }
        while i < scalars.count {
            if let low = readHex() {
                if i < scalars.count, scalars[i] == "-" {
                    i += 1
                    let high = readHex() ?? low
                    ranges.append(low...high)
                } else {
                    ranges.append(low...low)
                }
            } else {
                i += 1
            }
        }
        return ranges
    }
}
