import RulesSearch

let searcher = Searcher(try RulesIndex.builtIn())
let results = try searcher.search("ё после шипящих", limit: 2)
print("Нашлось \(results.total)")
for hit in results.hits {
    print((hit.paragraph.map { "§ \($0). " } ?? "") + hit.title + (hit.chapter.map { " (\($0))" } ?? "") + "\n   " + hit.text)
}
print(try searcher.search("зопятая").suggestions)
let mine = try RulesIndex.build(corpus: "pages.jsonl", into: "pages-index")
for hit in try Searcher(mine).search("теневые пароли").hits { print(hit.id, hit.weight, hit.snippet ?? "") }
