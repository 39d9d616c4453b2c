import RulesRegex

/// Writing the binary form of an index (its layout is told in ``BinaryIndex``).
extension BinaryIndex {
    /// The eight sections of the file, which do not depend on the S2 file's stamp: they can
    /// be made while the S2 file is written.
    package static func sections(_ index: SearchIndex) -> [Bytes] {
        var sectionsData: [Bytes] = []
        let fulltext = index.fulltext
        let totals = fulltext.totals
        sectionsData.append(
            wordTable(
                order: sortedByKey(count: fulltext.count, key: fulltext.stem), key: fulltext.stem,
                payloadBound: 4 * fulltext.count + 21 * totals.postings + totals.listBytes
            ) { out, k in
                let postings = fulltext.postings(ofStem: k)
                out.littleEndian(UInt32(postings.count))
                for p in postings {
                    out.littleEndian(UInt64(bitPattern: Int64(fulltext.id(p))))
                    if let position = fulltext.single(p) {
                        out.byte(0)
                        out.littleEndian(UInt64(bitPattern: Int64(position)))
                    } else {
                        let text = fulltext.list(p)
                        out.byte(1)
                        out.littleEndian(UInt32(text.count))
                        out.bytes(text)
                    }
                }
            })
        let excluded = index.excludedWords.keys
        sectionsData.append(wordTable(count: excluded.count, key: { excluded[$0].bytes[...] }, payloadBound: 0) { _, _ in })
        for keywords in [index.singleKeywords, index.stemKeywords] {
            sectionsData.append(
                wordTable(
                    count: keywords.count, key: { keywords.keys[$0].bytes[...] },
                    payloadBound: weightsBound(keywords.values)
                ) { out, k in
                    weights(&out, keywords.values[k])
                })
        }
        let phrases = index.phraseKeywords
        let phraseBytes = phrases.keys.reduce(0) { $0 + $1.bytes.count }
        sectionsData.append(
            Bytes(writingAtMost: 4 + 4 * phrases.count + phraseBytes + weightsBound(phrases.values)) { out in
                out.littleEndian(UInt32(phrases.count))
                for (phrase, chapters) in phrases.entries {
                    record(phrase.bytes[...], into: &out)
                    weights(&out, chapters)
                }
            })
        sectionsData += chapterSections(index.tableOfContents)
        return sectionsData
    }

    /// Sections 5 to 7: the chapters by name, their order and ids, their titles.
    private static func chapterSections(_ toc: OrderedMap<ByteKey, SearchIndex.Entry>) -> [Bytes] {
        let names = toc.keys
        let entries = toc.values
        let fields = entries.map { PHPSerialize.serialize(.array($0.fields)) }
        let fieldBytes = fields.reduce(0) { $0 + $1.count }
        let order = sortedByKey(count: names.count) { names[$0].bytes[...] }
        let byName = wordTable(order: order, key: { names[$0].bytes[...] }, payloadBound: 16 * names.count + fieldBytes) { out, k in
            out.littleEndian(UInt64(bitPattern: Int64(entries[k].id)))
            out.littleEndian(UInt32(k))
            out.littleEndian(UInt32(fields[k].count))
            out.bytes(fields[k][...])
        }
        // Where each chapter's record stands in the sorted table, in the contents' order.
        var place = [Int](repeating: 0, count: names.count)
        for (position, k) in order.enumerated() { place[k] = position }
        // The ids in order, each once: for an id given twice, the later chapter, as
        // `Finder::__construct` fills `$this->chapters` (the later one overwrites).
        var ids: [(id: Int, chapter: Int)] = []
        ids.reserveCapacity(entries.count)
        for (k, entry) in entries.enumerated() { ids.append((entry.id, k)) }
        ids.sort { $0.id != $1.id ? $0.id < $1.id : $0.chapter < $1.chapter }
        ids = ids.indices.filter { $0 + 1 == ids.count || ids[$0 + 1].id != ids[$0].id }.map { ids[$0] }
        let lookups = Bytes(writingAtMost: 8 + 4 * names.count + 16 * ids.count) { out in
            out.littleEndian(UInt32(names.count))
            for position in place { out.littleEndian(UInt32(position)) }
            out.littleEndian(UInt32(ids.count))
            for (id, k) in ids {
                out.littleEndian(UInt64(bitPattern: Int64(id)))
                out.littleEndian(UInt32(place[k]))
                out.littleEndian(idSum(id: id, name: names[k].bytes))
            }
        }
        // The titles lowercased as `TitleFinder::find` lowercases them, one after another.
        let titles = entries.map { PHPCase.lowercase($0.field("title")?.stringValue ?? []) }
        let titleBytes = titles.reduce(0) { $0 + $1.count }
        let titleSection = Bytes(writingAtMost: 4 + 4 * titles.count + titleBytes) { out in
            out.littleEndian(UInt32(titles.count))
            var end = 0
            for title in titles {
                end += title.count
                out.littleEndian(UInt32(end))
            }
            for title in titles { out.bytes(title[...]) }
        }
        return [byName, lookups, titleSection]
    }

    /// The sum an entry of the table of ids keeps of its id and the name of the chapter it
    /// points to: a lookup by id checks the name it reads against it, not the whole record.
    package static func idSum(id: Int, name: Bytes) -> UInt32 {
        UInt32(truncatingIfNeeded: Fingerprint.combine(Checksum.of(name), UInt64(bitPattern: Int64(id))))
    }

    /// The file, as the pieces to write one after the other: its header, stamped with the
    /// S2 file's size and time and the corpus's fingerprint, then the sections (not joined:
    /// they are written as they are).
    package static func encode(
        sections sectionsData: [Bytes], s2Size: UInt64, s2ModificationTime: Int64,
        corpusFingerprint: UInt64
    ) -> [Bytes] {
        var header = format.signature
        header.appendLittleEndian(s2Size)
        header.appendLittleEndian(UInt64(bitPattern: s2ModificationTime))
        header.appendLittleEndian(corpusFingerprint)
        var offset = headerSize
        for section in sectionsData {
            header.appendLittleEndian(UInt64(offset))
            header.appendLittleEndian(UInt64(section.count))
            header.appendLittleEndian(Checksum.of(section))
            offset += section.count
        }
        header.appendLittleEndian(fnv1a(header))
        return [header] + sectionsData
    }

    private static func record(_ key: ArraySlice<UInt8>, into out: inout BufferWriter) {
        out.littleEndian(UInt32(key.count))
        out.bytes(key)
    }

    /// The most bytes ``weights(_:_:)`` writes for these tables.
    private static func weightsBound(_ tables: [OrderedMap<Int, PHPValue>]) -> Int {
        tables.reduce(0) { $0 + 4 + 17 * $1.count }
    }

    private static func weights(_ out: inout BufferWriter, _ chapters: OrderedMap<Int, PHPValue>) {
        out.littleEndian(UInt32(chapters.count))
        for (id, weight) in chapters.entries {
            out.littleEndian(UInt64(bitPattern: Int64(id)))
            switch weight {
            case .double(let d):
                out.byte(1)
                out.littleEndian(d.bitPattern)
            case .int(let n):
                out.byte(0)
                out.littleEndian(UInt64(bitPattern: Int64(n)))
            default:
                out.byte(0)
                out.littleEndian(UInt64(0))
            }
        }
    }

    /// Items `0..<count` sorted by their keys: by the first eight bytes as a number, then,
    /// on a tie, by the whole key.
    private static func sortedByKey(count: Int, key: (Int) -> ArraySlice<UInt8>) -> [Int] {
        (0..<count).map { (prefix: orderPrefix(key($0)), item: $0) }.sorted { a, b in
            a.prefix != b.prefix ? a.prefix < b.prefix : key(a.item).lexicographicallyPrecedes(key(b.item))
        }.map(\.item)
    }

    private static func wordTable(
        count: Int, key: (Int) -> ArraySlice<UInt8>, payloadBound: Int,
        payload: (inout BufferWriter, Int) -> Void
    ) -> Bytes {
        wordTable(order: sortedByKey(count: count, key: key), key: key, payloadBound: payloadBound, payload: payload)
    }

    /// A table of records sorted by key, with an offset table for binary search: the items
    /// in `order` (sorted by ``sortedByKey(count:key:)``), `key(i)` each, with `payload`
    /// writing the rest of record `i` (at most `payloadBound` bytes for all records together).
    private static func wordTable(
        order: [Int], key: (Int) -> ArraySlice<UInt8>, payloadBound: Int,
        payload: (inout BufferWriter, Int) -> Void
    ) -> Bytes {
        let count = order.count
        let keyBytes = order.reduce(0) { $0 + key($1).count }
        var table = Bytes(writingAtMost: 4 + 12 * count + keyBytes + payloadBound) { out in
            out.littleEndian(UInt32(count))
            out.skip(8 * count)   // the offsets and checksums, filled in as the records are written
            for (n, i) in order.enumerated() {
                out.littleEndian(UInt32(out.count), at: 4 + 8 * n)
                record(key(i), into: &out)
                payload(&out, i)
            }
        }
        // Each record's checksum, from its offset to the next one's.
        var sums: [UInt32] = []
        sums.reserveCapacity(count)
        table.withUnsafeBytes { raw in
            for n in 0..<count {
                let start = Int(raw.loadUnaligned(fromByteOffset: 4 + 8 * n, as: UInt32.self).littleEndian)
                let end = n + 1 < count ? Int(raw.loadUnaligned(fromByteOffset: 4 + 8 * (n + 1), as: UInt32.self).littleEndian) : raw.count
                sums.append(Checksum.short(UnsafeRawBufferPointer(rebasing: raw[start..<end])))
            }
        }
        for (n, sum) in sums.enumerated() {
            withUnsafeBytes(of: sum.littleEndian) { sumBytes in
                for k in 0..<4 { table[4 + 8 * n + 4 + k] = sumBytes[k] }
            }
        }
        return table
    }

    /// The first eight bytes of `key`, big-endian, zero-padded: comparing two of these as
    /// numbers orders the keys as byte strings do, except that a tie needs a second look.
    private static func orderPrefix(_ key: ArraySlice<UInt8>) -> UInt64 {
        var prefix: UInt64 = 0
        var shift: UInt64 = 56
        for b in key.prefix(8) {
            prefix |= UInt64(b) << shift
            shift &-= 8
        }
        return prefix
    }
}
