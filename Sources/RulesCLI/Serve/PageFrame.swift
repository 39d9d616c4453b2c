/// What every page of `rules serve` shares: the head (no external font, script or style:
/// all from the binary), a header with the search box and the list the title suggestions
/// fill as one types, the main part, a footer. Russian: the rules' own language.
enum PageFrame {
    /// A whole page. `title` and `query` are plain text (escaped here); `main` is HTML made
    /// by the pages (everything in it escaped already).
    static func page(title: String, query: String, rules: Bool, main: String) -> String {
        let site = rules ? "Правила русской орфографии и пунктуации" : "Поиск"
        return """
            <!DOCTYPE html>
            <html lang="ru">
            <head>
            <meta charset="utf-8">
            <meta name="viewport" content="width=device-width, initial-scale=1">
            <title>\(HTML.escape(title.isEmpty ? site : title + " — " + site))</title>
            <link rel="stylesheet" href="/static/site.css">
            <script src="/static/site.js" defer></script>
            </head>
            <body\(rules ? " data-rules" : "")>
            <header>
            <a class="home" href="/">\(HTML.escape(site))</a>
            <form class="search" action="/search" method="get" role="search">
            <input id="q" type="search" name="q" value="\(HTML.escape(query))" placeholder="Например: запятая перед как" autocomplete="off" spellcheck="false" aria-label="Запрос" aria-controls="titles" aria-autocomplete="list">
            <button type="submit">Найти</button>
            <ul id="titles" class="titles" role="listbox" hidden></ul>
            </form>
            </header>
            \(main)
            <footer>rules — поиск s2_search (therules.ru), перенесённый на Swift; GPL-2.0-or-later</footer>
            </body>
            </html>

            """
    }
}
