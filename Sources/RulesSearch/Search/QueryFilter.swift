import RulesRegex

/// `Finder::filter_input`: a user's query to the list of words the search uses.
///
/// Tags are stripped, runs of `\ | /` folded and turned into spaces, quotes and dashes
/// folded to `"` and `—`, everything outside the allowed characters blanked, the text
/// lower-cased; then `— ^ ( ) " : ? !`, a leading or trailing hyphen and a comma next to a
/// word are split off as words of their own, and `ё` inside a word becomes `е`.
package struct QueryFilter {
    private let preg: Preg
    private let spacedCommas, disallowedRun, newlineRun, whitespaceRun, commaRun, spaceRun,
        trailingComma, leadingComma: Preg.Regex

    package init(preg: Preg) {
        self.preg = preg
        let compile = preg.reference
        typealias P = ReferencePatterns.QueryFilter
        spacedCommas = compile(P.spacedCommas)
        disallowedRun = compile(P.disallowedRun)
        newlineRun = compile(P.newlineRun)
        whitespaceRun = compile(P.whitespaceRun)
        commaRun = compile(P.commaRun)
        spaceRun = compile(P.spaceRun)
        trailingComma = compile(P.trailingComma)
        leadingComma = compile(P.leadingComma)
    }

    private static let quotes = ["«", "»", "“", "”", "‘", "’"].map { Bytes(php: $0) }
    private static let dashes = ["---", "--", "–", "−"].map { Bytes(php: $0) }
    private static let specials = ["—", "^", "(", ")", "\"", ":", "?", "!"].map { Bytes(php: $0) }

    /// The words of `query`.
    package func words(_ query: Bytes) -> [Bytes] {
        var contents = StripTags.strip(query)
        for c: UInt8 in [0x5C, 0x7C, 0x2F] {   // \ | /
            let pair = [c, c]
            while PHPStrings.contains(contents, pair) {
                contents = PHPStrings.replace(pair, with: [c], in: contents)
            }
        }
        contents = PHPStrings.replace([[0x5C], [0x2F], [0x7C]], with: [[0x20], [0x20], [0x20]], in: contents)
        contents = PHPStrings.replace(Self.quotes, with: Array(repeating: [0x22], count: 6), in: contents)
        contents = PHPStrings.replace(Self.dashes, with: Array(repeating: Bytes(php: "—"), count: 4), in: contents)
        // Each preg_replace gives null on invalid UTF-8; PHP then reads the null as "".
        contents = preg.replace(spacedCommas, Bytes(php: ",,"), contents) ?? []
        contents = preg.replace(disallowedRun, [0x20], contents) ?? []
        contents = preg.replace(newlineRun, [0x20], contents) ?? []
        contents = preg.replace(whitespaceRun, [0x20], contents) ?? []
        contents = PHPCase.lowercase(contents)
        contents = preg.replace(commaRun, Bytes(php: "\\1 "), contents) ?? []
        contents = preg.replace(spaceRun, [0x20], contents) ?? []

        var words = PHPStrings.explode(0x20, contents)
        // PHP's foreach walks the words as they were; each change starts again from the
        // original word, so the last one that applies wins, and split-off characters are
        // appended after all the words.
        let original = words
        for (k, v) in original.enumerated() {
            if v.count > 1 {
                let first = PHPStrings.mbFirstCharacter(v)
                let last = PHPStrings.mbLastCharacter(v)
                for special in Self.specials where first == special || last == special {
                    words[k] = PHPStrings.replace(special, with: [], in: v)
                    words.append(special)
                }
            }
            if v.count > 1, v.first == 0x2D || v.last == 0x2D {
                words[k] = PHPStrings.replace([0x2D], with: [], in: v)
                words.append([0x2D])
            }
            if PHPStrings.contains(v, PHPStrings.yo), v != PHPStrings.yo {
                words[k] = PHPStrings.replaceYo(in: v)
            }
            if preg.matches(trailingComma, v) == 1 || preg.matches(leadingComma, v) == 1 {
                words[k] = PHPStrings.replace([0x2C], with: [], in: v)
                words.append([0x2C])
            }
        }
        return words.filter { !$0.isEmpty }
    }

}
