import RulesRegex

/// The fulltext index while a refresh takes chapters out of it and puts them back, with
/// the effects of PHP's edits of `$this->fulltext_index` in `Indexer::refresh`: a word's
/// chapters keep their order when one is unset, a chapter set again goes to the end of
/// its word's chapters, a word unset by `cleanup_index` and set again goes to the end of
/// the words, and a word left with no chapter stays.
///
/// The index read from the file stays as it is; the edits are kept beside it: which of its
/// postings were taken out, which of its stems were dropped, the postings added to each
/// stem (after its own) and the stems added after them all. So a refresh costs a pass
/// over the postings for each chapter taken out and one to write the result, not a copy
/// of the whole index into nested ordered dictionaries (which was most of refreshing one
/// chapter of man-ru).
struct EditableFulltext {
    private let original: FulltextIndex
    /// The postings of `original` taken out (their chapter was).
    private var removed: [Bool]
    /// Positions added to a posting of `original` still in it: only in an index whose
    /// fulltext has a chapter its table of contents has not, which a new chapter's id
    /// then meets (PHP adds to the positions already there).
    private var extended: [Int: SearchIndex.Positions] = [:]

    private struct Stem {
        /// The stem's number in `original`, for one of its stems in its place.
        var original: Int?
        /// The bytes of a stem added after them all.
        var bytes: Bytes
        var added: [(id: Int, positions: SearchIndex.Positions)] = []
        var count: Int
        var alive = true
    }

    /// `original`'s stems, in its order, then those added, in the order they were.
    private var stems: [Stem]
    /// The stems added and alive, by their bytes: a stem of `original` dropped and added
    /// again is one of them.
    private var addedStems: [ByteKey: Int] = [:]
    /// The stems with postings added, for taking a chapter out of them.
    private var withAdded: Set<Int> = []
    /// Whether an id has postings in `original` still in it, found when first asked.
    private var hasOriginalPostings: [Int: Bool] = [:]

    init(_ index: FulltextIndex) {
        original = index
        removed = Array(repeating: false, count: index.totals.postings)
        stems = (0..<index.count).map { Stem(original: $0, bytes: [], count: index.postings(ofStem: $0).count) }
    }

    /// `unset($data[$id])` for every word.
    mutating func remove(_ id: Int) {
        for k in 0..<original.count where stems[k].alive {
            for p in original.postings(ofStem: k) where original.id(p) == id && !removed[p] {
                removed[p] = true
                stems[k].count -= 1
            }
        }
        for k in withAdded {
            let before = stems[k].added.count
            stems[k].added.removeAll { $0.id == id }
            stems[k].count -= before - stems[k].added.count
        }
        hasOriginalPostings[id] = false
    }

    /// `Indexer::add_word_to_fulltext`: a second position joins the first in base 36.
    mutating func add(_ id: Int, position: Int, stem: Bytes) {
        let k = find(stem)
        if let last = stems[k].added.last, last.id == id {
            stems[k].added[stems[k].added.count - 1].positions = Self.joining(last.positions, position)
            return
        }
        if let o = stems[k].original, originalPostings(of: id) {
            for p in original.postings(ofStem: o) where original.id(p) == id && !removed[p] {
                extended[p] = Self.joining(extended[p] ?? original.positions(p), position)
                return
            }
        }
        stems[k].added.append((id, .single(position)))
        stems[k].count += 1
        withAdded.insert(k)
    }

    private static func joining(_ positions: SearchIndex.Positions, _ position: Int) -> SearchIndex.Positions {
        switch positions {
        case .single(let first): .list(Bytes((String(first, radix: 36) + "|" + String(position, radix: 36)).utf8))
        case .list(let list): .list(list + [0x7C] + Bytes(String(position, radix: 36).utf8))
        }
    }

    private mutating func originalPostings(of id: Int) -> Bool {
        if let known = hasOriginalPostings[id] { return known }
        var found = false
        for k in 0..<original.count where stems[k].alive {
            if original.postings(ofStem: k).contains(where: { original.id($0) == id && !removed[$0] }) {
                found = true
                break
            }
        }
        hasOriginalPostings[id] = found
        return found
    }

    /// The stem's number here, a new one at the end when it is not alive.
    private mutating func find(_ stem: Bytes) -> Int {
        if let k = addedStems[ByteKey(stem)] { return k }
        if let k = original.find(stem), stems[k].alive { return k }
        stems.append(Stem(original: nil, bytes: stem, count: 0))
        addedStems[ByteKey(stem)] = stems.count - 1
        return stems.count - 1
    }

    private func bytes(_ k: Int) -> ArraySlice<UInt8> {
        stems[k].original.map { original.stem($0) } ?? stems[k].bytes[...]
    }

    /// `Indexer::cleanup_index`: a stem in more chapters than `threshold`, or empty ("" or
    /// "0"), goes to the excluded words, in the order of the stems.
    mutating func cleanup(threshold: Double, excluded: inout OrderedMap<ByteKey, PHPValue>) {
        for k in stems.indices where stems[k].alive {
            let stem = bytes(k)
            guard Double(stems[k].count) > threshold || stem.isEmpty || stem.elementsEqual([0x30]) else { continue }
            stems[k].alive = false
            excluded[ByteKey(Array(stem))] = .int(1)
            if stems[k].original == nil { addedStems[ByteKey(stems[k].bytes)] = nil }
            withAdded.remove(k)
        }
    }

    func frozen() -> FulltextIndex {
        var index = FulltextIndex()
        let totals = original.totals
        index.reserveCapacity(stems: stems.count, postings: totals.postings + withAdded.reduce(0) { $0 + stems[$1].added.count })
        func append(_ id: Int, _ positions: SearchIndex.Positions) {
            switch positions {
            case .single(let position): index.appendPosting(id: id, single: position)
            case .list(let list): index.appendPosting(id: id) { $0 += list }
            }
        }
        for k in stems.indices where stems[k].alive {
            bytes(k).withUnsafeBufferPointer { index.appendStem($0) }
            if let o = stems[k].original {
                for p in original.postings(ofStem: o) where !removed[p] {
                    if let positions = extended[p] {
                        append(original.id(p), positions)
                    } else if let position = original.single(p) {
                        index.appendPosting(id: original.id(p), single: position)
                    } else {
                        let list = original.list(p)
                        index.appendPosting(id: original.id(p)) { $0 += list }
                    }
                }
            }
            for (id, positions) in stems[k].added { append(id, positions) }
        }
        return index
    }
}
