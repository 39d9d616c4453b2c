import RulesRegex

/// The Russian Porter stemmer of the reference (`Stemmer` in Stemmer.php), step for step and
/// regex for regex, run by the ``Engine`` it is made with.
///
/// Its quirks are kept on purpose: the fixed-word table (pronouns, particles and a few
/// irregular words), the RV split on the first vowel, the lookbehind forms of the gerund,
/// participle and verb endings, and the order of the steps.
///
/// ```swift
/// let stemmer = Stemmer()
/// stemmer.stem("запятыми")   // "запят"
/// ```
///
/// A stemmer is not for several threads at once: make one per thread.
public final class Stemmer {
    private let preg: Preg
    private let rv: Preg.Regex
    private let perfectiveGerund: Preg.Regex
    private let reflexive: Preg.Regex
    private let adjective: Preg.Regex
    private let participle: Preg.Regex
    private let verb: Preg.Regex
    private let noun: Preg.Regex
    private let finalI: Preg.Regex
    private let derivational: Preg.Regex
    private let ost: Preg.Regex
    private let finalSoftSign: Preg.Regex
    private let superlative: Preg.Regex
    private let doubleN: Preg.Regex
    private static let n = Bytes(php: "н")

    /// The reference's `stem_caching`: once on, stems are remembered by lower-cased word.
    package var caching = false
    private var cache: [ByteKey: Bytes] = [:]
    /// How many stems the cache keeps at most.
    static let cachedStems = 1 << 17

    package init(preg: Preg) {
        self.preg = preg
        let compile = preg.reference
        typealias P = ReferencePatterns.Stemmer
        rv = compile(P.rv)
        perfectiveGerund = compile(P.perfectiveGerund)
        reflexive = compile(P.reflexive)
        adjective = compile(P.adjective)
        participle = compile(P.participle)
        verb = compile(P.verb)
        noun = compile(P.noun)
        finalI = compile(P.finalI)
        derivational = compile(P.derivational)
        ost = compile(P.ost)
        finalSoftSign = compile(P.finalSoftSign)
        superlative = compile(P.superlative)
        doubleN = compile(P.doubleN)
    }

    /// `Stemmer::s`: replaces in place; true when the string changed.
    @inline(__always)
    private func s(_ string: inout Bytes, _ regex: Preg.Regex, _ replacement: Bytes = []) -> Bool {
        let original = string
        // PHP's preg_replace gives null on failure and the caller keeps that null, which
        // later compares unequal and reads as "". The stemmer only feeds it valid UTF-8.
        string = preg.replace(regex, replacement, string, knownValidUTF8: true) ?? []
        return original != string
    }

    /// `Stemmer::m`.
    @inline(__always)
    private func m(_ string: Bytes, _ regex: Preg.Regex) -> Bool {
        (preg.matches(regex, string, knownValidUTF8: true) ?? 0) != 0
    }

    /// `Stemmer::stem_word`.
    package func stem(_ input: Bytes) -> Bytes {
        var word = PHPCase.lowercase(input)
        word = PHPStrings.replaceYo(in: word)

        if word.count <= Self.longestFixedWord, let fixed = Self.fixedWords[ByteKey(word)] {
            return fixed.isEmpty ? word : fixed
        }
        if caching, let cached = cache[ByteKey(word)] { return cached }

        var stem = word
        repeat {
            // preg_match(RVRE, $word, $p); mb_strtolower's output is always valid UTF-8,
            // so no pattern fails on it. Both groups always take part in a match.
            guard let p = preg.firstMatch(rv, word, knownValidUTF8: true),
                let startRange = p.range(1), let rvRange = p.range(2)
            else { break }
            let start = word[startRange]
            var rv = Array(word[rvRange])
            // PHP's `if (!$RV)`: the empty string and "0" are both false.
            if rv.isEmpty || rv == [0x30] { break }

            // Step 1
            if !s(&rv, perfectiveGerund) {
                _ = s(&rv, reflexive)
                if s(&rv, adjective) {
                    _ = s(&rv, participle)
                } else if !s(&rv, verb) {
                    _ = s(&rv, noun)
                }
            }
            // Step 2
            _ = s(&rv, finalI)
            // Step 3
            if m(rv, derivational) {
                _ = s(&rv, ost)
            }
            // Step 4
            if !s(&rv, finalSoftSign) {
                _ = s(&rv, superlative)
                _ = s(&rv, doubleN, Self.n)
            }
            stem = start + rv
        } while false

        if caching {
            // Forgotten when full: a server answers new words for as long as it runs.
            if cache.count >= Self.cachedStems { cache.removeAll(keepingCapacity: true) }
            cache[ByteKey(word)] = stem
        }
        return stem
    }

    /// The stem of `word` as the reference gives it: lower-cased, its ending taken off
    /// (`"Запятыми"` → `"запят"`); ё is read as е, as the index reads it.
    public func stem(_ word: String) -> String {
        String(decoding: stem(Bytes(php: word)), as: UTF8.self)
    }

    /// `Stemmer::clear_stem_cache`.
    package func clearCache() {
        cache.removeAll()
    }

    private static let longestFixedWord = fixedWords.keys.reduce(0) { max($0, $1.bytes.count) }

    /// `Stemmer::$fixed_words`: words returned as they are (empty value) or replaced.
    static let fixedWords: [ByteKey: Bytes] = {
        let table: [(String, String)] = [
            ("и", ""), ("или", ""), ("когда", ""), ("где", ""), ("куда", ""), ("если", ""), ("тире", ""),
            ("после", ""), ("перед", ""), ("менее", ""), ("более", ""), ("уж", ""), ("уже", ""), ("там", ""),
            ("тут", ""), ("туда", ""), ("сюдв", ""), ("оттуда", ""), ("отсюда", ""), ("здесь", ""),
            ("впрочем", ""), ("зачем", ""), ("ничего", ""), ("никогда", ""), ("иногда", ""), ("тогда", ""),
            ("всегда", ""), ("сейчас", ""), ("теперь", ""), ("сегодня", ""), ("конечно", ""), ("опять", ""),
            ("хоть", ""), ("хотя", ""), ("почти", ""), ("тоже", ""), ("также", ""), ("даже", ""), ("как", ""),
            ("так", ""), ("вот", ""), ("нет", ""), ("нету", "нет"), ("вдруг", ""), ("через", ""), ("между", ""),
            ("еще", ""), ("ещё", "еще"), ("чуть", ""), ("разве", ""), ("ведь", ""), ("нибудь", ""), ("будто", ""),
            ("можно", ""), ("нельзя", ""), ("хорошо", ""), ("только", ""), ("почему", ""), ("потому", ""),
            ("всего", ""), ("чтоб", ""), ("чтобы", "чтоб"),
            ("под", ""), ("подо", "под"), ("об", ""), ("от", ""), ("без", ""), ("безо", "без"), ("над", ""),
            ("надо", ""), ("из", ""),
            ("что", ""), ("чего", "что"), ("чему", "что"), ("чем", "что"), ("чём", "что"),
            ("кто", ""), ("кого", "кто"), ("кому", "кто"), ("кем", "кто"), ("ком", "кто"),
            ("шея", ""), ("шее", "шея"), ("шеи", "шея"), ("шеей", "шея"), ("шей", "шея"), ("шеями", "шея"),
            ("шеях", "шея"),
            ("имя", ""), ("имени", "имя"), ("именем", "имя"), ("имена", "имя"), ("именам", "имя"),
            ("именами", "имя"), ("именах", "имя"),
            ("она", ""), ("её", "она"), ("ее", "она"), ("ей", "она"), ("ней", "она"),
            ("один", ""), ("одного", "один"), ("одному", "один"), ("одним", "один"), ("одном", "один"),
            ("одна", ""), ("одной", "одна"), ("одну", "одна"),
            ("он", ""), ("его", "он"), ("ему", "он"), ("ним", "он"), ("нем", "он"), ("нём", "он"),
            ("я", ""), ("меня", "я"), ("мне", "я"), ("мной", "я"),
            ("ты", ""), ("тебя", "ты"), ("тебе", "ты"), ("тобой", "ты"),
            ("вас", "вы"), ("вам", "вы"),
            ("нас", "мы"), ("нам", "мы"),
            ("они", ""), ("их", "они"), ("им", "они"), ("ими", "они"), ("ними", "они"), ("них", "они"),
            ("ересь", "ерес"), ("ереси", "ерес"), ("ересью", "ерес"),
            ("ищу", "иска"), ("ищешь", "иска"), ("ищет", "иска"), ("ищем", "иска"), ("ищете", "иска"),
            ("ищут", "иска"),
        ]
        var map: [ByteKey: Bytes] = [:]
        map.reserveCapacity(table.count)
        for (word, replacement) in table { map[ByteKey(word)] = replacement.isEmpty ? [] : Bytes(php: replacement) }
        return map
    }()
}
