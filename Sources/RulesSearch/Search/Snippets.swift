import RulesRegex

extension Finder {
    private static let cleanupSearch: [Bytes] = {
        var what = ["\r", "ё", "&nbsp;", "&mdash;", "&ndash;", "&laquo;", "&raquo;"].map { Bytes(php: $0) }
        for tag in breakingTags { what.append(Bytes(php: tag)) }
        return what
    }()
    private static let cleanupReplace: [Bytes] = {
        // The reference writes &nbsp; as a no-break space (U+00A0), not a space.
        var to = ["", "е", "\u{A0}", "—", "–", "«", "»"].map { Bytes(php: $0) }
        for tag in breakingTags { to.append(Bytes(php: tag + "\r")) }
        return to
    }()
    private static let breakingTags = ["<br>", "<br />", "<h1>", "<h2>", "<h3>", "<h4>", "<p>", "<pre>", "<blockquote>", "<li>"]

    /// `Finder::snippets`: for each chapter of `ids` whose text `texts` gives, the sentences
    /// that show the most of the words `find` found there. Call after ``find(_:)``.
    public func snippets(_ ids: [ByteKey], texts: (ByteKey) -> Bytes?) -> [ByteKey: Snippet] {
        stemmer.caching = true   // Stemmer::stem_caching(1)
        var snippets: [ByteKey: Snippet] = [:]
        typealias P = ReferencePatterns.Snippets
        // `$matches` lives across chapters: when a chapter's pattern does not compile,
        // PHP's preg_match_all leaves the previous chapter's matches in it.
        var matches: [[Preg.Capture]]? = nil
        var seen = Set<ByteKey>()
        for id in ids where !seen.contains(id) {
            seen.insert(id)
            guard let (string, lines, valid) = preparedText(id, texts: texts) else { continue }

            // Stems of the words found in the chapter, neighbour weights and excluded
            // words left out.
            var stems: [Bytes] = []
            var fullWords: [ByteKey: Bytes] = [:]
            for word in keys[id]?.keys ?? [] {
                if word.bytes.starts(with: Bytes(php: "*n_")) || index.isExcluded(word.bytes) { continue }
                let stem = stemmer.stem(word.bytes)
                stems.append(stem)
                fullWords[ByteKey(stem)] = word.bytes
            }

            let reservedLine = lines.count > 1 ? lines[0] + [0x20] + lines[1] : lines[0]
            if fullWords.isEmpty {
                snippets[id] = Snippet(html: [], rel: .int(0), startText: reservedLine)
                continue
            }

            preg.matchAll(P.stemsInText(stems), string, &matches, knownValidUTF8: valid)

            var lineNumber = 0
            var lineEnd = lines[0].count
            var foundWords: [Int: [Bytes]] = [:]
            var foundStemsByLine: [Int: OrderedMap<ByteKey, Int>] = [:]
            var lineWeights = OrderedMap<Int, Int>()
            if let matches, matches.count > 1 {
                for (i, wordInfo) in matches[0].enumerated() {
                    let word = PHPCase.lowercase(wordInfo.text)
                    let stem = PHPCase.lowercase(i < matches[1].count ? matches[1][i].text : [])
                    let stemmedWord = stemmer.stem(word)
                    // Ignore the word when its stem differs from the ones looked for; a
                    // stem not among them reads as null, PHP's "".
                    if !PHPCompare.looseEquals(stem, word), !PHPCompare.looseEquals(stem, stemmedWord),
                       !PHPCompare.looseEquals(stemmedWord, fullWords[ByteKey(stem)] ?? []) {
                        continue
                    }
                    let offset = wordInfo.offset
                    while lineEnd < offset, lineNumber + 1 < lines.count {
                        lineNumber += 1
                        lineEnd += 1 + lines[lineNumber].count
                    }
                    foundWords[lineNumber, default: []].append(wordInfo.text)
                    foundStemsByLine[lineNumber, default: OrderedMap()][ByteKey(stem)] = 1
                    lineWeights.update(lineNumber, default: 0) { $0 += 1 }
                }
            }

            // arsort, then the lines grouped by weight, heaviest first.
            let ordered = lineWeights.entries.enumerated()
                .sorted { a, b in a.element.1 != b.element.1 ? a.element.1 > b.element.1 : a.offset < b.offset }
                .map(\.element)
            var linesWithWeight = OrderedMap<Int, [Int]>()
            for (line, weight) in ordered { linesWithWeight.update(weight, default: []) { $0.append(line) } }

            var chosen = 0
            var snippet: [Int: Bytes] = [:]
            var foundStems = OrderedMap<ByteKey, Int>()
            choosing: for (weight, group) in linesWithWeight.entries {
                var candidates = group
                while !candidates.isEmpty {
                    chosen += 1
                    // Only three sentences, and only with a non-zero weight.
                    if chosen > 3 || weight == 0 { break choosing }
                    // The line that adds the most new stems; the first of equals.
                    var best = 0
                    var bestIndex = -1
                    for (index, line) in candidates.enumerated() {
                        var future = foundStems
                        for stem in foundStemsByLine[line]?.keys ?? [] { future[stem] = 1 }
                        if best < future.count {
                            best = future.count
                            bestIndex = index
                        }
                    }
                    let line = candidates.remove(at: bestIndex)
                    for stem in foundStemsByLine[line]?.keys ?? [] { foundStems[stem] = 1 }
                    // Highlighting; a pattern that does not compile gives null, read as "".
                    snippet[line] = preg.replace(P.highlight(foundWords[line] ?? []),
                                                 Bytes(php: P.highlightReplacement), lines[line], knownValidUTF8: valid) ?? []
                    // All the stems found: no more sentences needed.
                    if best == stems.count { break choosing }
                }
            }

            var text = Bytes()
            var previousLine = -1
            for line in snippet.keys.sorted() {
                var part = preg.replace(P.guillemets.bytes, Bytes(php: P.guillemetsReplacement), snippet[line]!) ?? []
                part = PHPStrings.replace([Bytes(php: "&quot;"), Bytes(php: "«"), Bytes(php: "»")],
                                          with: [[0x22], []], in: part)
                if part.lazy.filter({ $0 == 0x22 }).count % 2 == 1 {
                    part = PHPStrings.replace([0x22], with: [], in: part)
                }
                if previousLine == -1 {
                    text = part
                } else {
                    text += (previousLine + 1 == line ? [0x20] : Bytes(php: "... ")) + part
                }
                previousLine = line
            }
            text = PHPStrings.replace(Bytes(php: ".... "), with: Bytes(php: "... "), in: text)
            snippets[id] = Snippet(html: text, rel: .double(Double(foundStems.count) / Double(stems.count)),
                                   startText: reservedLine)
        }
        return snippets
    }
}

extension Finder {
    /// The query-independent part of `snippets` for one chapter: the text cleaned up, its
    /// tags stripped, sentence ends marked with `\r`, and split into lines. Remembered, so
    /// that a batch of queries prepares each chapter once.
    /// `valid` tells whether the text is valid UTF-8 (a corpus read from JSON always is),
    /// so that the `/u` patterns need not check it again for every query.
    func preparedText(_ id: ByteKey, texts: (ByteKey) -> Bytes?) -> (Bytes, [Bytes], valid: Bool)? {
        if let prepared = preparedTexts[id] { return prepared }
        guard let html = texts(id) else { return nil }
        var string = PHPStrings.replace(Self.cleanupSearch, with: Self.cleanupReplace, in: html)
        string = StripTags.strip(string)
        string = preg.replace(ReferencePatterns.Snippets.sentenceBreak.bytes, [0x0D], string) ?? []
        let prepared = (string, PHPStrings.explode(0x0D, string), UTF8Bytes.isValid(string))
        if preparedTextBytes > Self.preparedTextLimit {
            preparedTexts.removeAll()
            preparedTextBytes = 0
        }
        preparedTexts[id] = prepared
        preparedTextBytes += string.count
        return prepared
    }

    /// How much prepared text to keep before starting over.
    static let preparedTextLimit = 64 << 20
}

extension String {
    var bytes: Bytes { Bytes(php: self) }
}
