import RulesRegex

private typealias P = ReferencePatterns.Snippets

extension Finder {
    /// `Finder::snippets`: for each chapter of `ids` whose text `texts` gives, the sentences
    /// that show the most of the words `find` found there. Call after ``find(_:)``.
    /// The texts come prepared (see ``PreparedText``): the reference's first steps depend on
    /// the chapter alone.
    package func snippets(_ ids: [ByteKey], texts: (ByteKey) -> PreparedText?) -> [ByteKey: Snippet] {
        var snippets: [ByteKey: Snippet] = [:]
        // `$matches` lives across chapters: when a chapter's pattern does not compile,
        // PHP's preg_match_all leaves the previous chapter's matches in it.
        var matches: Preg.AllMatches? = nil
        var seen = Set<ByteKey>()
        for id in ids where !seen.contains(id) {
            seen.insert(id)
            guard let prepared = texts(id) else { continue }
            let string = prepared.text
            let valid = prepared.valid

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

            let reservedLine = prepared.lineCount > 1 ? prepared.line(0) + [0x20] + prepared.line(1) : prepared.line(0)
            if fullWords.isEmpty {
                snippets[id] = Snippet(html: [], rel: .int(0), startText: reservedLine)
                continue
            }

            // Tried only where a word can start with one of the stems (see `WordStarts`):
            // the same matches as a search through the whole text, found sooner.
            let starts = valid && usesWordStarts ? prepared.wordStarts.candidates(for: stems, in: string) : nil
            if let found = preg.matchAllOffsets(P.stemsInText(stems), string, knownValidUTF8: valid, onlyStartingAt: starts) {
                matches = found
            }

            var lineNumber = 0
            var lineEnd = prepared.lineLength(0)
            var foundWords: [Int: [Bytes]] = [:]
            // `$found_stems_lines`: each line's stems, each once (only how many of them a
            // line adds is asked later).
            var foundStemsByLine: [Int: [Bytes]] = [:]
            var lineWeights = OrderedMap<Int, Int>()
            if let matches, matches.groupCount >= 1 {
                for (i, match) in matches.matches.enumerated() {
                    let wordInfo = (text: Bytes(matches.text(i, group: 0)), offset: match.start)
                    let (word, stemmedWord) = wordForms(wordInfo.text)
                    let stem = PHPCase.lowercase(matches.text(i, group: 1))
                    // Ignore the word when its stem differs from the ones looked for; a
                    // stem not among them reads as null, PHP's "".
                    if !PHPCompare.looseEquals(stem, word), !PHPCompare.looseEquals(stem, stemmedWord),
                        !PHPCompare.looseEquals(stemmedWord, fullWords[ByteKey(stem)] ?? [])
                    {
                        continue
                    }
                    let offset = wordInfo.offset
                    while lineEnd < offset, lineNumber + 1 < prepared.lineCount {
                        lineNumber += 1
                        lineEnd += 1 + prepared.lineLength(lineNumber)
                    }
                    foundWords[lineNumber, default: []].append(wordInfo.text)
                    foundStemsByLine[lineNumber, default: []].appendIfMissing(stem)
                    lineWeights.update(lineNumber, default: 0) { $0 += 1 }
                }
            }

            // arsort, then the lines grouped by weight, heaviest first.
            let ordered = lineWeights.entries.enumerated()
                .sorted { a, b in a.element.1 != b.element.1 ? a.element.1 > b.element.1 : a.offset < b.offset }
                .map { $0.element }
            var linesWithWeight = OrderedMap<Int, [Int]>()
            for (line, weight) in ordered { linesWithWeight.update(weight, default: []) { $0.append(line) } }

            var chosen = 0
            var snippet: [Int: Bytes] = [:]
            var foundStems: [Bytes] = []   // `$found_stems`, each stem once
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
                        // count($future_found_stems): the stems found so far and the line's new ones.
                        let future = foundStems.count + (foundStemsByLine[line] ?? []).filter { !foundStems.contains($0) }.count
                        if best < future {
                            best = future
                            bestIndex = index
                        }
                    }
                    let line = candidates.remove(at: bestIndex)
                    for stem in foundStemsByLine[line] ?? [] { foundStems.appendIfMissing(stem) }
                    // Highlighting; a pattern that does not compile gives null, read as "".
                    let words = foundWords[line] ?? []
                    let text = prepared.line(line)
                    snippet[line] =
                        preg.replace(
                            P.highlight(words), Bytes(php: P.highlightReplacement), text,
                            knownValidUTF8: valid,
                            onlyStartingAt: valid && usesWordStarts ? Self.occurrences(of: words, in: text) : nil) ?? []
                    // All the stems found: no more sentences needed.
                    if best == stems.count { break choosing }
                }
            }

            var text = Bytes()
            var previousLine = -1
            for line in snippet.keys.sorted() {
                var part = preg.replace(P.guillemets.bytes, Bytes(php: P.guillemetsReplacement), snippet[line]!) ?? []
                part = PHPStrings.replace(
                    [Bytes(php: "&quot;"), Bytes(php: "«"), Bytes(php: "»")],
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
            snippets[id] = Snippet(
                html: text, rel: .double(Double(foundStems.count) / Double(stems.count)),
                startText: reservedLine)
        }
        return snippets
    }
}

extension Finder {
    /// A word as the snippet loop sees it: lower-cased, and its stem. The same forms come
    /// up again and again across chapters and queries, so they are remembered by the
    /// word as found (up to ``wordFormLimit`` of them).
    func wordForms(_ found: Bytes) -> (word: Bytes, stemmed: Bytes) {
        let key = ByteKey(found)
        if let known = snippetWordForms[key] { return known }
        let word = PHPCase.lowercase(found)
        let forms = (word, stemmer.stem(word))
        if snippetWordForms.count >= Self.wordFormLimit { snippetWordForms.removeAll(keepingCapacity: true) }
        snippetWordForms[key] = forms
        return forms
    }

    static let wordFormLimit = 100_000
}

extension Finder {
    /// Where the highlight pattern `\b(word|word...)\b` can match in `line`: where one of
    /// the words occurs, byte for byte (the pattern does not ignore case). `nil` when a
    /// word is not plain (a regex metacharacter changes the pattern; it is then tried
    /// everywhere).
    ///
    /// The words are those found on the line, one for each time found: each distinct one is
    /// looked for once, or a word found 50,000 times on a line would be looked for 50,000
    /// times, each finding it 50,000 times.
    static func occurrences(of words: [Bytes], in line: Bytes) -> [Int]? {
        var starts: [Int] = []
        var distinct = Set<Bytes>()
        for word in words where distinct.insert(word).inserted {
            guard let first = word.first, first & 0xC0 != 0x80, word.allSatisfy(P.standsForItself) else { return nil }
            line.withUnsafeBufferPointer { buffer in
                var from = 0
                while let at = ByteSearch.firstIndex(of: word, in: buffer, from: from) {
                    starts.append(at)
                    from = at + 1
                }
            }
        }
        return distinct.count > 1 ? Array(Set(starts)).sorted() : starts
    }
}
