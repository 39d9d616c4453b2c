import Foundation
import RulesRegex

/// The binary form of an index with the S2 file it was made from behind it: every lookup
/// goes to the binary form, which checks what it reads (``BinaryIndex/damage``); once it
/// finds damage, the S2 file is read and that lookup and every later one are answered from
/// it, with one warning. What the binary form gave before was checked, so an answer never
/// mixes damaged data in. When the S2 file cannot be read either, ``failure`` says so, and
/// the answers are not to be used.
// Safe to share: the binary form is (see there); the S2 index read instead, and the failure,
// are set and read with `lock` held.
package final class CheckedIndex: IndexReading, @unchecked Sendable {
    package let binary: BinaryIndex
    private let readS2: () throws -> SearchIndex
    private let warn: (Localized) -> Void
    private let lock = NSLock()
    private var s2: SearchIndex?
    private var failed: Localized?

    /// `readS2` reads the S2 file; `warn` hears, once, that the binary form is set aside.
    package init(binary: BinaryIndex, readS2: @escaping () throws -> SearchIndex, warn: @escaping (Localized) -> Void) {
        self.binary = binary
        self.readS2 = readS2
        self.warn = warn
    }

    /// Why neither file could answer, if so.
    package var failure: Localized? {
        lock.lock()
        defer { lock.unlock() }
        return failed
    }

    /// `body` on the binary form, or on the S2 file once the binary form is found damaged.
    private func answer<T>(_ body: (any IndexReading) -> T) -> T {
        if let s2 = current() { return body(s2) }
        let answer = body(binary)
        guard let damage = binary.damage, let s2 = turnToS2(damage) else { return answer }
        return body(s2)
    }

    private func current() -> SearchIndex? {
        lock.lock()
        defer { lock.unlock() }
        return s2
    }

    private func turnToS2(_ damage: Localized) -> SearchIndex? {
        lock.lock()
        defer { lock.unlock() }
        if let s2 { return s2 }
        if failed != nil { return nil }
        do {
            s2 = try readS2()
            warn(
                Localized(
                    "the binary index is damaged (\(damage.en)); answering from the S2 file; rebuild the index with 'rules index build'",
                    ru:
                        "двоичный индекс повреждён (\(damage.ru)); ответы берутся из файла S2; пересоберите индекс командой «rules index build»"
                ))
        } catch {
            let why = Localized(describing: error)
            failed = Localized(
                "the binary index is damaged (\(damage.en)) and the S2 file cannot be read (\(why.en)); rebuild the index with 'rules index build'",
                ru:
                    "двоичный индекс повреждён (\(damage.ru)), а файл S2 не читается (\(why.ru)); пересоберите индекс командой «rules index build»"
            )
        }
        return s2
    }

    package func fulltext(_ stem: Bytes) -> [(id: Int, positions: SearchIndex.Positions)]? { answer { $0.fulltext(stem) } }
    package func singleKeyword(_ word: Bytes) -> [(id: Int, weight: PHPNumber)]? { answer { $0.singleKeyword(word) } }
    package func stemKeyword(_ stem: Bytes) -> [(id: Int, weight: PHPNumber)]? { answer { $0.stemKeyword(stem) } }
    package func forEachPhraseKeyword(_ body: (Bytes, () -> [(id: Int, weight: PHPNumber)]) -> Void) {
        answer { $0.forEachPhraseKeyword(body) }
    }
    package func isExcluded(_ word: Bytes) -> Bool { answer { $0.isExcluded(word) } }
    package func chapterName(id: Int) -> ByteKey? { answer { $0.chapterName(id: id) } }
    package func entry(_ chapter: ByteKey) -> SearchIndex.Entry? { answer { $0.entry(chapter) } }
    package func forEachEntry(_ body: (ByteKey, SearchIndex.Entry) -> Void) { answer { $0.forEachEntry(body) } }
    package func chapters(titleContaining needle: Bytes) -> [(chapter: ByteKey, entry: SearchIndex.Entry)] {
        answer { $0.chapters(titleContaining: needle) }
    }
}
