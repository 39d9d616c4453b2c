import RulesRegex

/// The е and ё of a text, in order: how many there are, and which of them (by their place
/// among all) are ё. ``SearchSession/unfolded(_:byTheLettersOf:)`` puts ё back into a
/// prepared text by them.
///
/// Read from a chapter's html, they are the letters of its text with the tags left out,
/// as `strip_tags` leaves it (``StripTags``). The html is read in one pass that skips the
/// tags it can tell apart as `strip_tags` does (a tag with or without quoted values); where
/// `strip_tags` would do more (a `<` nested in a tag, `<!`, `<?`), the pass gives up and
/// the text is stripped first. (Stripping every chapter shown, and collecting the letters
/// byte by byte, were four fifths of a man-ru search's work for the human view.)
struct YoLetters {
    /// How many е and ё.
    private(set) var count = 0
    /// The places of the ё among them, ascending.
    private(set) var yo: [Int] = []
    /// The byte before, in the text as stripped: a letter is two bytes, D0 B5 or D1 91.
    private var last: UInt8 = 0

    /// The letters of a text with no tags.
    init(text: Bytes) {
        text.withUnsafeBufferPointer { t in
            for b in t { add(b) }
        }
    }

    /// The letters of an html's text, tags left out; `nil` where the html holds what the
    /// pass does not follow.
    init?(html s: UnsafeBufferPointer<UInt8>) {
        let n = s.count
        let lt: UInt8 = 0x3C
        let gt: UInt8 = 0x3E
        func isSpace(_ b: UInt8) -> Bool { b == 0x20 || (0x09...0x0D).contains(b) }
        // The text is runs of the html's bytes between tags and NUL bytes; a letter's first
        // byte is the one before in its run, or the last of the run before.
        var runStart = 0
        var beforeRun: UInt8 = 0
        func endRun(at i: Int) {
            if i > runStart { beforeRun = s[i - 1] }
        }
        var i = 0
        while i < n {
            // Skip to the next byte that matters: a letter's second byte, `<` or NUL (eight
            // bytes at a time).
            i = ByteScan.firstIndex(
                in: s, from: i,
                marks: { ByteScan.equal($0, 0xB5) | ByteScan.equal($0, 0x91) | ByteScan.equal($0, 0x3C) | ByteScan.equal($0, 0) },
                isStop: { $0 == 0xB5 || $0 == 0x91 || $0 == 0x3C || $0 == 0 })
            guard i < n else { break }
            let c = s[i]
            if c == 0xB5 || c == 0x91 {
                let before = i > runStart ? s[i - 1] : beforeRun
                if c == 0xB5, before == 0xD0 {
                    count += 1
                } else if c == 0x91, before == 0xD1 {
                    yo.append(count)
                    count += 1
                }
                i += 1
                continue
            }
            if c == 0 {   // strip_tags drops NUL bytes
                endRun(at: i)
                i += 1
                runStart = i
                continue
            }
            let next: UInt8 = i + 1 < n ? s[i + 1] : 0
            if isSpace(next) {   // a `<` before a space is text
                i += 1
                continue
            }
            // A tag: up to its `>` outside quotes. strip_tags also counts a nested `<`
            // (depth) and turns to other states at `<!` and `<?`: those are not followed.
            endRun(at: i)
            var quote: UInt8 = 0
            var j = i + 1
            while j < n {
                let b = s[j]
                if b == gt, quote == 0 { break }
                if b == 0x22 || b == 0x27 {
                    if quote == 0 { quote = b } else if quote == b { quote = 0 }
                } else if b == lt {
                    let after: UInt8 = j + 1 < n ? s[j + 1] : 0
                    if quote == 0, !isSpace(after) { return nil }
                } else if b == 0x21 || b == 0x3F, s[j - 1] == lt {
                    return nil
                }
                j += 1
            }
            // A tag left open swallows the rest, in strip_tags too.
            i = j + 1
            runStart = i
        }
        // A letter's second byte right after its first needs no other state: B5 and 91
        // start no letter, so a letter's bytes are never taken twice.
    }

    private mutating func add(_ b: UInt8) {
        if b == 0xB5, last == 0xD0 {
            count += 1
            last = 0
        } else if b == 0x91, last == 0xD1 {
            yo.append(count)
            count += 1
            last = 0
        } else {
            last = b
        }
    }
}
