import RulesRegex

/// The fulltext half of `Indexer::add_to_index`, `Indexer::add_word_to_fulltext` and
/// `Indexer::cleanup_index`, over word numbers instead of strings.
///
/// The reference stems each word of the walk and appends its position to
/// `fulltext_index[stem][id]`. What it builds depends only on three orders: stems in the
/// order first met, chapters in the order walked, positions rising. So the port
///
/// 1. numbers the corpus's distinct words in the order first met (each ``ChapterReader``
///    numbered its own chapters; ``init(readers:walks:engine:)`` renumbers them in corpus
///    order),
/// 2. stems each distinct word and hyphen part once, on every core, and gives each stem a
///    slot in the order `add_word_to_fulltext` first meets it,
/// 3. counts the occurrences of each slot and places them in one flat list, slot by slot
///    (``add(_:ids:)``), which keeps the chapters and positions of a slot in walk order,
/// 4. turns each slot's run into the reference's chapter → position(s) array, dropping the
///    stems `cleanup_index` drops (``finish(into:chapterCount:)``).
struct FulltextBuilder {
    /// The stems, numbered by slot.
    private var stems = WordTable(capacity: 16384)
    /// The slots of global word `w`: `wordSlots[slotStarts[w]..<slotStarts[w + 1]]`; the
    /// word's own stem first, then those of its hyphen parts.
    private var slotStarts: [Int] = [0]
    private var wordSlots: [Int32] = []
    /// Slot `s`'s occurrences are `chapterOf[runStarts[s]..<runStarts[s + 1]]` (the
    /// chapter's place in the walk) and the same range of `positionOf`.
    private var runStarts: [Int] = []
    private var chapterOf: [Int32] = []
    private var positionOf: [Int32] = []
    private var ids: [Int] = []

    /// Renumbers the walks' words globally (first met in corpus order) and finds the slots
    /// of each distinct word.
    init(readers: [ChapterReader], walks: inout [ChapterReader.Walk], engine: any RegexEngine) {
        // 1. Global numbers, and where each came from.
        var global = readers.map { [Int32](repeating: -1, count: $0.table.count) }
        var origin: [(reader: Int, word: Int32)] = []
        for w in walks.indices {
            let r = walks[w].reader
            global[r].withUnsafeMutableBufferPointer { map in
                walks[w].words.withUnsafeMutableBufferPointer { words in
                    for k in words.indices {
                        let local = Int(words[k])
                        if map[local] < 0 {
                            map[local] = Int32(origin.count)
                            origin.append((r, Int32(local)))
                        }
                        words[k] = map[local]
                    }
                }
            }
        }

        // 2. What each word stems: the word with ё as е, and its hyphen parts (not "" nor "0").
        var inputs = WordTable(capacity: origin.count + origin.count / 8)
        var inputStarts = [0]
        var inputOf: [Int32] = []
        inputStarts.reserveCapacity(origin.count + 1)
        inputOf.reserveCapacity(origin.count + origin.count / 8)
        for (r, local) in origin {
            let raw = readers[r].table.word(Int(local))
            // Most words have no hyphen and no byte 0x91 (ё is D1 91): they are looked up as they lie.
            if !raw.contains(0x2D), !raw.contains(PHPStrings.yo[1]) {
                inputOf.append(Int32(raw.withUnsafeBufferPointer { inputs.add($0) }))
                inputStarts.append(inputOf.count)
                continue
            }
            let word = PHPStrings.replaceYo(in: Array(raw))
            inputOf.append(Int32(inputs.add(word)))
            if word.count > 1, word.contains(0x2D) {
                for part in PHPStrings.explode(0x2D, word) where !part.isEmpty && part != [0x30] {
                    inputOf.append(Int32(inputs.add(part)))
                }
            }
            inputStarts.append(inputOf.count)
        }
        let stemmed = Parallel.map(
            Array(0..<inputs.count), workers: Parallel.workers,
            make: { Stemmer(preg: Preg(engine: engine)) }
        ) { [inputs] stemmer, i in
            stemmer.stem(Array(inputs.word(i)))
        }

        // 3. Slots in the order add_word_to_fulltext first meets the stems.
        var slotOfInput = [Int32](repeating: -1, count: inputs.count)
        wordSlots.reserveCapacity(inputOf.count)
        for i in inputOf.indices {
            let input = Int(inputOf[i])
            if slotOfInput[input] < 0 { slotOfInput[input] = Int32(stems.add(stemmed[input])) }
            wordSlots.append(slotOfInput[input])
        }
        slotStarts = inputStarts
    }

    /// The walk of `add_to_index` over every chapter, in corpus order; `ids[c]` is chapter
    /// `c`'s id.
    mutating func add(_ walks: [ChapterReader.Walk], ids: [Int]) {
        self.ids = ids
        let stemCount = stems.count
        // Two passes: count each slot's occurrences, then place them.
        var counts = [Int](repeating: 0, count: stemCount + 1)
        counts.withUnsafeMutableBufferPointer { counts in
            forEachSlot(of: walks) { _, _, s in counts[s + 1] += 1 }
            for s in 0..<stemCount { counts[s + 1] += counts[s] }
        }
        runStarts = counts
        let total = counts[stemCount]
        var next = counts
        var chapterOf = [Int32](repeating: 0, count: total)
        var positionOf = [Int32](repeating: 0, count: total)
        next.withUnsafeMutableBufferPointer { next in
            chapterOf.withUnsafeMutableBufferPointer { chapterOf in
                positionOf.withUnsafeMutableBufferPointer { positionOf in
                    forEachSlot(of: walks) { c, position, s in
                        chapterOf[next[s]] = Int32(c)
                        positionOf[next[s]] = Int32(position)
                        next[s] += 1
                    }
                }
            }
        }
        self.chapterOf = chapterOf
        self.positionOf = positionOf
    }

    /// Calls `visit(chapter, position, slot)` for each slot of each word of `walks`, in walk
    /// order (positions from 1), reading the tables through pointers: with the arrays'
    /// bounds checks the two passes of ``add(_:ids:)`` took twice as long.
    @inline(__always)
    private func forEachSlot(of walks: [ChapterReader.Walk], _ visit: (Int, Int, Int) -> Void) {
        slotStarts.withUnsafeBufferPointer { slotStarts in
            wordSlots.withUnsafeBufferPointer { wordSlots in
                for (c, walk) in walks.enumerated() {
                    walk.words.withUnsafeBufferPointer { words in
                        for (k, w) in words.enumerated() {
                            for j in slotStarts[Int(w)]..<slotStarts[Int(w) + 1] { visit(c, k + 1, Int(wordSlots[j])) }
                        }
                    }
                }
            }
        }
    }

    /// `fulltext_index` as the walk leaves it, after `cleanup_index`: stems in more than
    /// half of the chapters (at least 20) and empty ones ("" and "0", which PHP's `empty`
    /// also calls empty) go to `excluded_words` instead.
    func finish(into index: inout SearchIndex, chapterCount: Int) {
        let threshold = max(Double(chapterCount) * 0.5, 20)
        index.fulltext.reserveCapacity(stems: stems.count, postings: chapterOf.count)
        for s in 0..<stems.count {
            let run = runStarts[s]..<runStarts[s + 1]
            var chapters = 0
            var last: Int32 = -1
            for i in run where chapterOf[i] != last {
                chapters += 1
                last = chapterOf[i]
            }
            let stem = stems.word(s)
            if Double(chapters) > threshold || stem.isEmpty || stem.elementsEqual([0x30]) {
                index.excludedWords[ByteKey(Array(stem))] = .int(1)
                continue
            }
            stem.withUnsafeBufferPointer { index.fulltext.appendStem($0) }
            var i = run.lowerBound
            while i < run.upperBound {
                let c = chapterOf[i]
                var end = i + 1
                while end < run.upperBound, chapterOf[end] == c { end += 1 }
                if end == i + 1 {
                    index.fulltext.appendPosting(id: ids[Int(c)], single: Int(positionOf[i]))
                } else {
                    index.fulltext.appendPosting(id: ids[Int(c)]) { text in
                        positionOf.withUnsafeBufferPointer { positions in
                            PHPStrings.appendBase36List(UnsafeBufferPointer(rebasing: positions[i..<end]), to: &text)
                        }
                    }
                }
                i = end
            }
        }
    }
}
