import RulesRegex

/// `Indexer::refresh($chapter)` of the reference: one chapter taken out of an index and put
/// back as the corpus has it now, without a rebuild.
///
/// As the reference does it: the chapter's id is removed from every word of the fulltext
/// and the three keyword tables (`remove_from_index`; a word left with no chapter stays, an
/// empty array) and its entry from the table of contents; when the corpus still has the
/// chapter, it comes back at the end of the table of contents under its old id (or one
/// above the largest, for a new one) and `add_to_index` adds its words, each at the end of
/// its word's chapters; then `cleanup_index` runs over every word, with the threshold of the
/// refreshed index's chapter count. Unlike a build, the walk here meets `excluded_words`
/// filled: a word that is excluded *as written* is skipped (its position still counted);
/// one whose stem is excluded but is not (a word with ё, an inflected form) comes back.
package enum IndexRefresh {
    /// `index` after refreshing chapter `name`, whose record in the corpus now is `record`
    /// (`nil`: the corpus no longer has it).
    package static func refresh(_ index: SearchIndex, chapter name: ByteKey, record: Corpus.Chapter?, preg: Preg) -> SearchIndex {
        refresh(index, chapters: [(name, record)], preg: preg)
    }

    /// `index` after refreshing each chapter in turn, as `refresh` of each would: the
    /// fulltext is turned into its editable form once for them all, not once a chapter.
    package static func refresh(_ index: SearchIndex, chapters: [(name: ByteKey, record: Corpus.Chapter?)], preg: Preg) -> SearchIndex {
        var index = index
        var fulltext = EditableFulltext(index.fulltext)
        for (name, record) in chapters {
            refresh(&index, fulltext: &fulltext, chapter: name, record: record, preg: preg)
        }
        index.fulltext = fulltext.frozen()
        return index
    }

    /// One `Indexer::refresh`, on the fulltext in its editable form.
    private static func refresh(
        _ index: inout SearchIndex, fulltext: inout EditableFulltext, chapter name: ByteKey,
        record: Corpus.Chapter?, preg: Preg
    ) {
        var chapterID: Int?
        if let entry = index.tableOfContents[name] {
            // remove_from_index, then unset($this->table_of_contents[$chapter])
            chapterID = entry.id
            fulltext.remove(entry.id)
            for keyPath in [\SearchIndex.singleKeywords, \SearchIndex.stemKeywords, \SearchIndex.phraseKeywords] {
                index[keyPath: keyPath] = removing(entry.id, from: index[keyPath: keyPath])
            }
            index.tableOfContents.remove { $0 == name }
        }
        if let record {
            let id = chapterID ?? (index.tableOfContents.values.map(\.id).max() ?? 0) + 1
            var fields = Indexer.entryFields(record)
            fields[.string(Bytes(php: "id"))] = .int(id)
            index.tableOfContents[name] = SearchIndex.Entry(fields: fields, id: id)
            add(record, id: id, to: &index, fulltext: &fulltext, preg: preg)
        }
        // cleanup_index, over every word.
        let threshold = max(Double(index.tableOfContents.count) * 0.5, 20)
        fulltext.cleanup(threshold: threshold, excluded: &index.excludedWords)
    }

    /// `Indexer::add_to_index` for one chapter.
    private static func add(
        _ record: Corpus.Chapter, id: Int, to index: inout SearchIndex,
        fulltext: inout EditableFulltext, preg: Preg
    ) {
        let reader = ChapterReader(number: 0, preg: preg)
        let walk = reader.read(record)
        var keywords = KeywordTables(stemmer: Stemmer(preg: preg), from: index)
        keywords.add(id, title: walk.title, keywords: record.keywords.stringValue)
        keywords.store(in: &index)
        let stemmer = Stemmer(preg: preg)
        for (k, w) in walk.words.enumerated() {
            let raw = Array(reader.table.word(Int(w)))
            if index.excludedWords[ByteKey(raw)] != nil { continue }   // after $i++
            let word = PHPStrings.replaceYo(in: raw)
            fulltext.add(id, position: k + 1, stem: stemmer.stem(word))
            if word.count > 1, word.contains(0x2D) {
                for part in PHPStrings.explode(0x2D, word) where !part.isEmpty && part != [0x30] {
                    fulltext.add(id, position: k + 1, stem: stemmer.stem(part))
                }
            }
        }
    }

    private static func removing(
        _ id: Int, from table: OrderedMap<ByteKey, OrderedMap<Int, PHPValue>>
    )
        -> OrderedMap<ByteKey, OrderedMap<Int, PHPValue>>
    {
        var table = table
        for (k, word) in table.keys.enumerated() where table.values[k][id] != nil {
            table.update(word, default: OrderedMap()) { $0.remove { $0 == id } }
        }
        return table
    }
}
