import RulesRegex

/// Every regular expression of the reference engine, exactly as written in its PHP source
/// (s2_search at the commit named in the README), grouped by the class that uses it.
///
/// The port reads its patterns from here, and the engine-equivalence harness runs all of
/// them, so the two can never drift apart.
public enum ReferencePatterns {
    /// `Stemmer` (Stemmer.php): the Russian Porter stemmer's steps.
    public enum Stemmer {
        public static let perfectiveGerund = "/((ив|ивши|ившись|ыв|ывши|ывшись)|((?<=[ая])(в|вши|вшись)))$/u"
        public static let reflexive = "/(с[яь])$/u"
        public static let adjective = "/(ее|ие|ые|ое|ими|ыми|ей|ий|ый|ой|ем|им|ым|ом|его|ого|ему|ому|их|ых|еых|ую|юю|ая|яя|ою|ею)$/u"
        public static let participle = "/((ивш|ывш|ующ)|((?<=[ая])(ем|нн|вш|ющ|щ)))$/u"
        public static let verb = "/((ила|ыла|ена|ейте|уйте|ите|или|ыли|ей|уй|ил|ыл|им|ым|ен|ило|ыло|ено|ят|ует|уют|ит|ыт|ены|ить|ыть|ишь|ую|ю)|((?<=[ая])(ла|на|ете|йте|ли|й|л|ем|н|ло|но|ет|ют|ны|ть|ешь|нно)))$/u"
        public static let noun = "/(а|ев|ов|ие|ье|е|иями|ями|ами|еи|ии|и|ией|ей|ой|ий|й|иям|ям|ием|ем|ам|ом|о|у|ах|иях|ях|ы|ь|у|ию|ью|ю|ия|ья|я)$/u"
        public static let rv = "/^(.*?[аеиоуыэюя])(.*)$/u"
        public static let derivational = "/[^аеиоуыэюя][аеиоуыэюя]+[^аеиоуыэюя]+[аеиоуыэюя].*(?<=о)сть?$/u"
        /// Step 2.
        public static let finalI = "/и$/u"
        /// Step 3.
        public static let ost = "/ость?$/u"
        /// Step 4.
        public static let finalSoftSign = "/ь$/u"
        public static let superlative = "/ейше?/u"
        public static let doubleN = "/нн$/u"
    }

    /// `Indexer::htmlstr_to_str` (Indexer.php).
    public enum Indexer {
        public static let entity = "#&[^;]{1,20};#"
        public static let nonWordRun = "#[^\\-а-яё0-9a-z\\^]+#u"
    }

    /// `Finder::filter_input` (Finder.php).
    public enum QueryFilter {
        public static let spacedCommas = "#,\\s+,#u"
        public static let disallowedRun = "#[^\\-а-яё0-9a-z\\^\\.,\\(\\)\";?!…:—]+#iu"
        public static let newlineRun = "#\\n+#"
        public static let whitespaceRun = "#\\s+#u"
        public static let commaRun = "#(,+)#u"
        public static let spaceRun = "#[ ]+#"
        public static let trailingComma = "#^[^,]+,$#u"
        public static let leadingComma = "#^,[^,]+$#u"
    }

    /// `Finder::snippets` (Finder.php).
    public enum Snippets {
        public static let sentenceBreak = "#(?<=[\\.?!;])[ \\n\\t]+#sS"
        public static let guillemets = "#«(.*?)»#Ss"

        /// The pattern that finds words starting with one of `stems` in a chapter's text.
        /// The stems are joined unescaped, as the reference does: a stem with a regex
        /// metacharacter changes the pattern or breaks it, and that is part of the port.
        public static func stemsInText(_ stems: [Bytes]) -> Bytes {
            Bytes(php: "#(?<=[^a-zа-я]|^)(") + PHPStrings.implode([0x7C], stems) + Bytes(php: ")[a-zа-я]*#sui")
        }

        /// The pattern that wraps the found words of a sentence in `<i>`, again unescaped.
        public static func highlight(_ words: [Bytes]) -> Bytes {
            Bytes(php: "#\\b(") + PHPStrings.implode([0x7C], words) + Bytes(php: ")\\b#su")
        }

        public static let highlightReplacement = "<i>$1</i>"

        /// Whether a byte of a stem or word stands for itself in `stemsInText` and
        /// `highlight`: ASCII letters and digits, `-` (outside a class), and anything beyond
        /// ASCII (literal in UTF-8). A word of such bytes alone leaves the pattern's shape
        /// as it is.
        static func standsForItself(_ b: UInt8) -> Bool {
            b >= 0x80 || (b >= 0x61 && b <= 0x7A) || (b >= 0x41 && b <= 0x5A) || (b >= 0x30 && b <= 0x39) || b == 0x2D
        }
        public static let guillemetsReplacement = "&laquo;\\1&raquo;"
    }

    /// Every fixed pattern with the replacement the reference uses with it (`nil` for
    /// patterns only matched), named after the function that uses it.
    public static let all: [(name: String, pattern: String, replacement: String?)] = [
        ("Stemmer.PERFECTIVEGROUND", Stemmer.perfectiveGerund, ""),
        ("Stemmer.REFLEXIVE", Stemmer.reflexive, ""),
        ("Stemmer.ADJECTIVE", Stemmer.adjective, ""),
        ("Stemmer.PARTICIPLE", Stemmer.participle, ""),
        ("Stemmer.VERB", Stemmer.verb, ""),
        ("Stemmer.NOUN", Stemmer.noun, ""),
        ("Stemmer.RVRE", Stemmer.rv, nil),
        ("Stemmer.DERIVATIONAL", Stemmer.derivational, nil),
        ("Stemmer step 2", Stemmer.finalI, ""),
        ("Stemmer step 3", Stemmer.ost, ""),
        ("Stemmer step 4 ь", Stemmer.finalSoftSign, ""),
        ("Stemmer step 4 ейше", Stemmer.superlative, ""),
        ("Stemmer step 4 нн", Stemmer.doubleN, "н"),
        ("Indexer::htmlstr_to_str entities", Indexer.entity, ""),
        ("Indexer::htmlstr_to_str non-word", Indexer.nonWordRun, " "),
        ("Finder::filter_input spaced commas", QueryFilter.spacedCommas, ",,"),
        ("Finder::filter_input disallowed", QueryFilter.disallowedRun, " "),
        ("Finder::filter_input newlines", QueryFilter.newlineRun, " "),
        ("Finder::filter_input whitespace", QueryFilter.whitespaceRun, " "),
        ("Finder::filter_input commas", QueryFilter.commaRun, "\\1 "),
        ("Finder::filter_input spaces", QueryFilter.spaceRun, " "),
        ("Finder::filter_input trailing comma", QueryFilter.trailingComma, nil),
        ("Finder::filter_input leading comma", QueryFilter.leadingComma, nil),
        ("Finder::snippets sentence break", Snippets.sentenceBreak, "\r"),
        ("Finder::snippets guillemets", Snippets.guillemets, Snippets.guillemetsReplacement),
    ]
}

extension Preg {
    /// A pattern of the reference, compiled. They all compile with both engines (the
    /// tests run every one of them), so a failure here is a bug in an engine, not input.
    func reference(_ pattern: String) -> Regex {
        guard case .success(let regex) = compile(pattern) else {
            preconditionFailure("the reference pattern \(pattern) does not compile with \(engine.name)")
        }
        return regex
    }
}
