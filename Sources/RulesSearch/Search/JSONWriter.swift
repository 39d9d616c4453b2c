import RulesRegex

/// Writes JSON: strings from bytes (invalid UTF-8 replaced by U+FFFD, as the reference's
/// JSON_INVALID_UTF8_SUBSTITUTE does), numbers as PHP prints them, `null` for no value.
package struct JSONWriter {
    package private(set) var output = Bytes()

    package init() {}

    package mutating func string(_ bytes: Bytes) {
        output.append(0x22)
        bytes.withUnsafeBufferPointer { buffer in
            if UTF8Bytes.isValid(buffer) {
                appendEscaped(validUTF8: buffer)
                return
            }
            var i = 0
            while i < buffer.count {
                let b = buffer[i]
                if let escaped = Self.escape(b) {
                    output += escaped
                    i += 1
                    continue
                }
                switch b {
                case 0x20..<0x80:
                    output.append(b)
                    i += 1
                default:
                    let (scalar, consumed) = PHPCase.decodeLossy(buffer, at: i)
                    if scalar != nil {
                        output += buffer[i..<(i + consumed)]
                    } else {
                        output += [0xEF, 0xBF, 0xBD]
                    }
                    i += consumed
                }
            }
        }
        output.append(0x22)
    }

    /// The common case: valid UTF-8, where only ASCII controls, `"` and `\` need escapes,
    /// and what lies between them is copied as it is.
    private mutating func appendEscaped(validUTF8 buffer: UnsafeBufferPointer<UInt8>) {
        var runStart = 0
        for i in 0..<buffer.count {
            let b = buffer[i]
            guard b < 0x20 || b == 0x22 || b == 0x5C || b == 0x7F else { continue }
            output += UnsafeBufferPointer(rebasing: buffer[runStart..<i])
            output += Self.escape(b)!
            runStart = i + 1
        }
        output += UnsafeBufferPointer(rebasing: buffer[runStart...])
    }

    /// How a byte that JSON may not show as it is gets written, `nil` for the others.
    private static func escape(_ b: UInt8) -> Bytes? {
        switch b {
        case 0x22: return [0x5C, 0x22]
        case 0x5C: return [0x5C, 0x5C]
        case 0x0A: return [0x5C, 0x6E]
        case 0x0D: return [0x5C, 0x72]
        case 0x09: return [0x5C, 0x74]
        case 0x08: return [0x5C, 0x62]
        case 0x0C: return [0x5C, 0x66]
        case 0x00..<0x20, 0x7F: return Bytes(php: "\\u00" + String(b >> 4, radix: 16) + String(b & 0xF, radix: 16))
        default: return nil
        }
    }

    package mutating func raw(_ text: String) {
        output += Bytes(php: text)
    }

    package mutating func value(_ value: PHPValue) {
        switch value {
        case .null: raw("null")
        case .bool(let b): raw(b ? "true" : "false")
        case .int(let n): raw(String(n))
        case .double(let d): raw(PHPNumber.double(d).description)
        case .string(let s): string(s)
        case .array: string(value.stringValue)
        }
    }

    package mutating func number(_ n: PHPNumber?) {
        if let n { raw(n.description) } else { raw("null") }
    }

    package mutating func optionalString(_ bytes: Bytes?) {
        if let bytes { string(bytes) } else { raw("null") }
    }

    /// A search result as one JSON object: `{"query", "total", "page", "results": [...]}`.
    /// `result` as `rules search --json` writes it: the reference's fields, byte for byte
    /// as its driver's `json_encode` writes them, then what rules adds beside them, when
    /// `session` (the one that answered) is given: each result's texts with ё as written
    /// (`…_as_written`: the same field, ё put back), its § number and chapter in the
    /// built-in rules (`outline`), and the chapter the query names (`jump`).
    package static func encode(_ result: SearchSession.Result, session: SearchSession? = nil, outline: RuleOutline? = nil) -> Bytes {
        var w = JSONWriter()
        w.raw("{\"query\":")
        w.string(result.query)
        w.raw(",\"total\":\(result.total),\"page\":\(result.page),\"pages\":\(result.pages),\"results\":[")
        for (i, hit) in result.hits.enumerated() {
            if i > 0 { w.raw(",") }
            w.raw("{\"id\":")
            w.string(hit.id)
            w.raw(",\"title\":")
            w.value(hit.title)
            w.raw(",\"url\":")
            w.value(hit.url)
            w.raw(",\"description\":")
            w.value(hit.description)
            w.raw(",\"weight\":")
            w.number(hit.weight)
            w.raw(",\"snippet_html\":")
            w.optionalString(hit.snippetHTML)
            w.raw(",\"snippet\":")
            w.optionalString(hit.snippet)
            w.raw(",\"rel\":")
            w.number(hit.rel)
            w.raw(",\"start_text\":")
            w.optionalString(hit.startText)
            w.raw(",\"text\":")
            w.string(hit.text)
            if let session { w.additions(hit, session: session, outline: outline) }
            w.raw("}")
        }
        w.raw("]")
        // Only when a word is unknown: answers for known words keep the reference's bytes.
        if let suggestions = result.suggestions {
            w.raw(",\"suggestions\":[")
            for (i, suggestion) in suggestions.enumerated() {
                if i > 0 { w.raw(",") }
                w.string(Bytes(suggestion.utf8))
            }
            w.raw("]")
        }
        if let session, let jump = result.jump, let entry = session.index.entry(ByteKey(Bytes(jump.utf8))) {
            w.raw(",\"jump\":")
            w.record(Bytes(jump.utf8), entry)
        }
        w.raw("}")
        return w.output
    }

    /// What `TitleFinder::find` found, as `rules titles --json` and `rules serve`'s
    /// `/api/titles` write it: an array of `{"id", "title", "url"}` in the index's order.
    package static func encodeTitles(_ found: [(chapter: ByteKey, entry: SearchIndex.Entry)]) -> Bytes {
        var w = JSONWriter()
        w.raw("[")
        for (i, (name, entry)) in found.enumerated() {
            if i > 0 { w.raw(",") }
            w.record(name.bytes, entry)
        }
        w.raw("]")
        return w.output
    }

    /// `{"id", "title", "url"}`: a record of the index, as a jump and a title found name it.
    private mutating func record(_ id: Bytes, _ entry: SearchIndex.Entry) {
        raw("{\"id\":")
        string(id)
        raw(",\"title\":")
        value(entry.field("title") ?? .null)
        raw(",\"url\":")
        value(entry.field("url") ?? .null)
        raw("}")
    }

    /// A result's fields beside the reference's (see ``encode(_:session:outline:)``).
    private mutating func additions(_ hit: SearchSession.Hit, session: SearchSession, outline: RuleOutline?) {
        let written = session.writtenForms(hit)
        raw(",\"text_as_written\":")
        string(written.text)
        raw(",\"snippet_html_as_written\":")
        optionalString(written.snippetHTML)
        raw(",\"snippet_as_written\":")
        optionalString(written.snippet)
        raw(",\"start_text_as_written\":")
        // Without the space the reference's start text begins with (the text to show).
        optionalString(written.startText.map { Array($0.drop { $0 == 0x20 }) })
        let id = String(decoding: hit.id, as: UTF8.self)
        let place = outline?[id]
        raw(",\"paragraph\":")
        if let place, place.kind == .paragraph { raw(String(place.number)) } else { raw("null") }
        raw(",\"chapter\":")
        // The chapter a paragraph belongs to; a chapter's own.
        let chapter = place?.kind == .chapter ? id : place?.chapter
        if let parent = chapter, let entry = session.index.entry(ByteKey(Bytes(parent.utf8))) {
            raw("{\"id\":")
            string(Bytes(parent.utf8))
            raw(",\"number\":")
            raw(outline?[parent].map { String($0.number) } ?? "null")
            raw(",\"title\":")
            value(entry.field("title") ?? .null)
            raw("}")
        } else {
            raw("null")
        }
    }
}
