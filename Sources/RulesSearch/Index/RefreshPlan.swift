/// Which chapters `rules index refresh` refreshes when it is given no ids, and in what
/// order. The reference has no such step (a site calls `Indexer::refresh` when a page is
/// saved); the list is made so that refreshing it is `Indexer::refresh` of each id in
/// turn, and the result is byte for byte PHP's refresh of the same list.
///
/// The order: first the chapters of the index's table of contents, in its order, whose
/// record changed or is gone from the corpus; then the corpus's chapters the index does not
/// have, in the corpus's order. A chapter is changed when its ``ChapterFingerprints``
/// differ, or when the index keeps none for it (a chapter another program added).
package enum RefreshPlan {
    package static func chapters(of index: SearchIndex, indexed: ChapterFingerprints, corpus: Corpus) -> [ByteKey] {
        var list: [ByteKey] = []
        for name in index.tableOfContents.keys {
            guard let record = corpus.chapters[name] else {
                list.append(name)
                continue
            }
            if indexed.chapters[name] != ChapterFingerprints.of(record) { list.append(name) }
        }
        for name in corpus.chapters.keys where index.tableOfContents[name] == nil { list.append(name) }
        return list
    }
}
