import RulesRegex

/// Every regular expression of the reference engine, exactly as written in its PHP source
/// (s2_search at the commit named in the README), grouped by the class that uses it.
///
/// The port reads its patterns from here, and the engine-equivalence harness runs all of
/// them, so the two can never drift apart.
package enum ReferencePatterns {
    /// `Stemmer` (Stemmer.php): the Russian Porter stemmer's steps.
    package enum Stemmer {
        package static let perfectiveGerund = "/((ив|ивши|ившись|ыв|ывши|ывшись)|((?<=[ая])(в|вши|вшись)))$/u"
        package static let reflexive = "/(с[яь])$/u"
        package static let adjective = "/(ее|ие|ые|ое|ими|ыми|ей|ий|ый|ой|ем|им|ым|ом|его|ого|ему|ому|их|ых|еых|ую|юю|ая|яя|ою|ею)$/u"
        package static let participle = "/((ивш|ывш|ующ)|((?<=[ая])(ем|нн|вш|ющ|щ)))$/u"
        package static let verb =
            "/((ила|ыла|ена|ейте|уйте|ите|или|ыли|ей|уй|ил|ыл|им|ым|ен|ило|ыло|ено|ят|ует|уют|ит|ыт|ены|ить|ыть|ишь|ую|ю)|((?<=[ая])(ла|на|ете|йте|ли|й|л|ем|н|ло|но|ет|ют|ны|ть|ешь|нно)))$/u"
        package static let noun =
            "/(а|ев|ов|ие|ье|е|иями|ями|ами|еи|ии|и|ией|ей|ой|ий|й|иям|ям|ием|ем|ам|ом|о|у|ах|иях|ях|ы|ь|у|ию|ью|ю|ия|ья|я)$/u"
        package static let rv = "/^(.*?[аеиоуыэюя])(.*)$/u"
        package static let derivational = "/[^аеиоуыэюя][аеиоуыэюя]+[^аеиоуыэюя]+[аеиоуыэюя].*(?<=о)сть?$/u"
        /// Step 2.
        package static let finalI = "/и$/u"
        /// Step 3.
        package static let ost = "/ость?$/u"
        /// Step 4.
        package static let finalSoftSign = "/ь$/u"
        package static let superlative = "/ейше?/u"
        package static let doubleN = "/нн$/u"
    }

    /// `Indexer::htmlstr_to_str` (Indexer.php).
    package enum Indexer {
        package static let entity = "#&[^;]{1,20};#"
        package static let nonWordRun = "#[^\\-а-яё0-9a-z\\^]+#u"
    }

    /// `Finder::filter_input` (Finder.php).
    package enum QueryFilter {
        package static let spacedCommas = "#,\\s+,#u"
        package static let disallowedRun = "#[^\\-а-яё0-9a-z\\^\\.,\\(\\)\";?!…:—]+#iu"
        package static let newlineRun = "#\\n+#"
        package static let whitespaceRun = "#\\s+#u"
        package static let commaRun = "#(,+)#u"
        package static let spaceRun = "#[ ]+#"
        package static let trailingComma = "#^[^,]+,$#u"
        package static let leadingComma = "#^,[^,]+$#u"
    }

    /// `Finder::snippets` (Finder.php).
    package enum Snippets {
        package static let sentenceBreak = "#(?<=[\\.?!;])[ \\n\\t]+#sS"
        package static let guillemets = "#«(.*?)»#Ss"

        /// The pattern that finds words starting with one of `stems` in a chapter's text.
        /// The stems are joined unescaped, as the reference does: a stem with a regex
        /// metacharacter changes the pattern or breaks it, and that is part of the port.
        package static func stemsInText(_ stems: [Bytes]) -> Bytes {
            Bytes(php: "#(?<=[^a-zа-я]|^)(") + PHPStrings.implode([0x7C], stems) + Bytes(php: ")[a-zа-я]*#sui")
        }

        /// The pattern that wraps the found words of a sentence in `<i>`, again unescaped.
        package static func highlight(_ words: [Bytes]) -> Bytes {
            Bytes(php: "#\\b(") + PHPStrings.implode([0x7C], words) + Bytes(php: ")\\b#su")
        }

        package static let highlightReplacement = "<i>$1</i>"

        /// Whether a byte of a stem or word stands for itself in `stemsInText` and
        /// `highlight`: ASCII letters and digits, `-` (outside a class), and anything beyond
        /// ASCII (literal in UTF-8). A word of such bytes alone leaves the pattern's shape
        /// as it is.
        static func standsForItself(_ b: UInt8) -> Bool {
            b >= 0x80 || (b >= 0x61 && b <= 0x7A) || (b >= 0x41 && b <= 0x5A) || (b >= 0x30 && b <= 0x39) || b == 0x2D
        }
        package static let guillemetsReplacement = "&laquo;\\1&raquo;"
    }

    /// Every fixed pattern with the replacement the reference uses with it (`nil` for
    /// patterns only matched), named after the function that uses it.
    package static let all: [(name: String, pattern: String, replacement: String?)] = [
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
    /// Each is bounded on short subjects (``CompiledPattern/boundedOnShortSubjects()``): no
    /// fixed pattern of the reference backtracks without end.
    func reference(_ pattern: String) -> Regex {
        guard case .success(let regex) = compile(pattern) else {
            preconditionFailure("the reference pattern \(pattern) does not compile with \(engine.name)")
        }
        regex.compiled.boundedOnShortSubjects()
        return regex
    }
}
