import RulesRegex

/// `fulltext_index` of the reference: stem → chapter id → positions, in PHP's order.
///
/// A corpus has tens of thousands of stems, each with its chapters; as nested ordered
/// dictionaries that is several allocations a stem and as many to free, which cost the
/// index build more than the walk that fills them. Here the stems share one word table and
/// their chapters ("postings") share a few flat arrays: stem `k`'s postings are the range
/// `postings(ofStem: k)`, and a posting is a chapter id with either a single position or
/// the `a|b|c` text of several (``SearchIndex/Positions``).
package struct FulltextIndex: Equatable, Sendable {
    private var stems = WordTable(capacity: 16)
    /// Stem `k`'s postings start at `postingStarts[k]` and end where stem `k + 1`'s start
    /// (the last stem's, at the end): adding a posting leaves this alone.
    private var postingStarts: [Int] = []
    private var ids: [Int] = []
    /// A single position; for a list, where its text ends in `listBytes`.
    private var numbers: [Int] = []
    private var listStarts: [Int] = []   // -1 for a single position
    private var listBytes: Bytes = []

    package init() {}

    /// The number of stems.
    package var count: Int { stems.count }

    /// The bytes of stem `k`.
    package func stem(_ k: Int) -> ArraySlice<UInt8> { stems.word(k) }

    /// The postings of stem `k`, as indices for ``id(_:)`` and ``positions(_:)``.
    package func postings(ofStem k: Int) -> Range<Int> {
        postingStarts[k]..<(k + 1 < postingStarts.count ? postingStarts[k + 1] : ids.count)
    }

    package func id(_ posting: Int) -> Int { ids[posting] }

    /// The single position of a posting, or `nil` for a list.
    package func single(_ posting: Int) -> Int? {
        listStarts[posting] < 0 ? numbers[posting] : nil
    }

    /// The `a|b|c` text of a posting with several positions.
    package func list(_ posting: Int) -> ArraySlice<UInt8> {
        listBytes[listStarts[posting]..<numbers[posting]]
    }

    package func positions(_ posting: Int) -> SearchIndex.Positions {
        single(posting).map { .single($0) } ?? .list(Array(list(posting)))
    }

    /// The bytes of all stems and all position lists, and the number of postings: what a
    /// writer needs to size its output.
    package var totals: (stemBytes: Int, listBytes: Int, postings: Int) {
        (stems.bytes.count, listBytes.count, ids.count)
    }

    /// The stem number of `stem`, or `nil`.
    package func find(_ stem: Bytes) -> Int? {
        stem.withUnsafeBufferPointer { stems.find($0) }
    }

    /// `fulltext_index[$stem]`: each chapter id with the positions, in stored order.
    package func postings(_ stem: Bytes) -> [(id: Int, positions: SearchIndex.Positions)]? {
        guard let k = find(stem) else { return nil }
        return postings(ofStem: k).map { (ids[$0], positions($0)) }
    }

    // MARK: Building, in order

    /// Room for this many stems and postings (at most) without growing.
    package mutating func reserveCapacity(stems stemCount: Int, postings postingCount: Int) {
        if stems.count == 0 { stems = WordTable(capacity: stemCount) }
        postingStarts.reserveCapacity(stemCount)
        ids.reserveCapacity(postingCount)
        numbers.reserveCapacity(postingCount)
        listStarts.reserveCapacity(postingCount)
    }

    /// Adds a stem after the last one, with no chapters yet; the postings added next are
    /// its. Stems are distinct, as the keys of a PHP array are.
    package mutating func appendStem(_ stem: UnsafeBufferPointer<UInt8>) {
        let k = stems.add(stem)
        precondition(k == postingStarts.count, "a stem added twice to the fulltext index")
        postingStarts.append(ids.count)
    }

    /// ``appendStem(_:)-(UnsafeBufferPointer<UInt8>)`` of a stem not yet added; `false`, adding
    /// nothing, for one that was (a file whose array repeats a key).
    mutating func appendStemIfNew(_ stem: UnsafeBufferPointer<UInt8>) -> Bool {
        guard stems.add(stem) == postingStarts.count else { return false }
        postingStarts.append(ids.count)
        return true
    }

    package mutating func appendStem(_ stem: Bytes) {
        stem.withUnsafeBufferPointer { appendStem($0) }
    }

    /// Adds a chapter with one position to the last stem.
    package mutating func appendPosting(id: Int, single position: Int) {
        precondition(!postingStarts.isEmpty, "a posting added before any stem")
        ids.append(id)
        numbers.append(position)
        listStarts.append(-1)
    }

    /// Adds a chapter with several positions to the last stem: `write` appends their
    /// `a|b|c` text to the buffer it is given.
    package mutating func appendPosting(id: Int, list write: (inout Bytes) -> Void) {
        precondition(!postingStarts.isEmpty, "a posting added before any stem")
        ids.append(id)
        listStarts.append(listBytes.count)
        write(&listBytes)
        numbers.append(listBytes.count)
    }

    package static func == (a: FulltextIndex, b: FulltextIndex) -> Bool {
        guard a.count == b.count, a.ids == b.ids else { return false }
        for k in 0..<a.count where a.stem(k) != b.stem(k) || a.postings(ofStem: k) != b.postings(ofStem: k) {
            return false
        }
        return a.ids.indices.allSatisfy { a.positions($0) == b.positions($0) }
    }
}
