import RulesRegex

/// `Indexer::htmlstr_to_str`: HTML to lower-case words separated by spaces.
struct HTMLToText {
    private let preg: Preg
    private let entity: Preg.Regex
    private let nonWordRun: Preg.Regex

    init(preg: Preg) {
        self.preg = preg
        entity = preg.reference(ReferencePatterns.Indexer.entity)
        nonWordRun = preg.reference(ReferencePatterns.Indexer.nonWordRun)
    }

    func convert(_ contents: Bytes) -> Bytes {
        var text = StripTags.strip(contents)
        text = PHPStrings.replace([Bytes(php: "&nbsp;"), [0xC2, 0xA0]], with: [[0x20], [0x20]], in: text)
        text = preg.replace(entity, [], text) ?? []
        text = PHPCase.lowercase(text)
        // mb_strtolower's output is valid UTF-8, so the /u pattern cannot fail on it.
        return preg.replace(nonWordRun, [0x20], text, knownValidUTF8: true) ?? []
    }
}
