// rules-bench: the search timed inside one process, one thread, for bench/run: the queries
// of a file answered (ten results a page, the snippets of the page made) through the
// library's two ways in, each the best of REPEAT passes:
//
// - "bytes": `SearchSession.search` and each hit's texts with ё as written
//   (`SearchSession.writtenForms`), what `rules search --json` answers with (queries and
//   results in bytes, as the reference keeps them);
// - "strings": `Searcher.search`, the library's public way in (queries and every field of a
//   hit in `String`s, ё put back as the text writes it).
//
// Both search the same index the same way; the difference is what the String API costs.
// Its figures stand beside Xapian's in-process loop (bench/xapian-snippets.py).
//
//   rules-bench INDEX-FOLDER QUERIES.txt [REPEAT]
//
// Prints one line of JSON: {"queries", "hits", "snippets", "bytes", "strings", "bytes_all",
// "strings_all"} (seconds).
import Foundation
import RulesSearch

let arguments = CommandLine.arguments
guard arguments.count >= 3 else {
    FileHandle.standardError.write(Data("usage: rules-bench INDEX-FOLDER QUERIES.txt [REPEAT]\n".utf8))
    exit(2)
}
let repeats = arguments.count > 3 ? max(Int(arguments[3]) ?? 5, 1) : 5
guard let text = try? String(contentsOfFile: arguments[2], encoding: .utf8) else {
    FileHandle.standardError.write(Data("rules-bench: cannot read \(arguments[2])\n".utf8))
    exit(2)
}
let queries = text.split(separator: "\n").map(String.init).filter { !$0.isEmpty }
let index: RulesIndex
do {
    index = try RulesIndex(folder: arguments[1])
} catch {
    FileHandle.standardError.write(Data("rules-bench: \(error)\n".utf8))
    exit(2)
}

func seconds(_ body: () -> Void) -> Double {
    var start = timespec()
    var end = timespec()
    clock_gettime(CLOCK_MONOTONIC, &start)
    body()
    clock_gettime(CLOCK_MONOTONIC, &end)
    return Double(end.tv_sec - start.tv_sec) + Double(end.tv_nsec - start.tv_nsec) / 1e9
}

// Each pass with a new searcher: patterns compiled and texts prepared anew, as a process
// answering the batch would.
var hits = 0
var snippets = 0
var bytesTimes: [Double] = []
var stringTimes: [Double] = []
let byteQueries = queries.map { Array($0.utf8) }
for pass in 0..<repeats {
    let session = SearchSession(index: index.index, texts: index.texts, engine: .pcre2)
    session.vocabulary = Vocabulary.once { index.vocabulary() }
    bytesTimes.append(
        seconds {
            for query in byteQueries {
                let result = session.search(query, limit: 10, page: 1)
                for hit in result.hits { _ = session.writtenForms(hit) }
                if pass == 0 {
                    hits += result.hits.count
                    snippets += result.hits.filter { $0.snippetHTML?.isEmpty == false }.count
                }
            }
        })
    let searcher = Searcher(index)
    stringTimes.append(
        seconds {
            for query in queries { _ = try? searcher.search(query, limit: 10) }
        })
}
let line =
    "{\"queries\": \(queries.count), \"hits\": \(hits), \"snippets\": \(snippets), "
    + "\"bytes\": \(bytesTimes.min()!), \"strings\": \(stringTimes.min()!), "
    + "\"bytes_all\": \(bytesTimes), \"strings_all\": \(stringTimes)}"
print(line)
