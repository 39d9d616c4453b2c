import RulesCheck
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

let checker = try SpellChecker()
for mistake in checker.check("Наше агенство открылось, вообщем, вовремя.") {
    print(mistake.word, "→", mistake.corrections.first ?? "?", mistake.paragraph.map { "§ \($0)" } ?? "", mistake.column)
}
