import RulesSearch
import RulesServe

/// What `rules serve` answers, one thread's: the pages, the API and the files of the page.
/// Each thread has its own (a search session is not shared); they share the index
/// (``ServedIndex``), and each request answers from one generation of it.
///
/// - `/`: the search box and the chapters; `/search?q=…&page=…`: the results page;
///   `/rules/ID`: a record's page.
/// - `/api/search?q=…&page=…&limit=…`: `rules search --json`'s answer; `/api/titles?q=…`:
///   `rules titles --json`'s (`TitleFinder::find`); `/api/show/ID`: a record as JSON.
/// - `/static/site.css`, `/static/site.js`.
final class Site {
    private let served: ServedIndex
    private let outline: RuleOutline?
    private var generation: ServedIndex.Generation?
    private var session: SearchSession!
    private var source: RuleSource!

    /// The longest query answered, in bytes: a search typed by a person (as `rules browse`).
    static let longestQuery = 2000
    /// The most results an API page gives.
    static let mostResults = 100

    init(served: ServedIndex) {
        self.served = served
        outline = served.path == nil ? BuiltInIndex.outline : nil
    }

    func answer(_ request: HTTPRequest) -> HTTPResponse {
        let now = served.generation()
        use(now)
        // The same request of the same index is the same answer (the language of an API
        // error aside): kept, unless it came without the dictionary's advice (busy).
        let key = "\(now.number) \(Self.russian(request) ? "ru" : "en") \(request.target)"
        if let known = served.answers.answer(key) { return known }
        complete = true
        let response = route(request)
        if complete, response.status == 200 || response.status == 404 { served.answers.keep(response, for: key) }
        return response
    }

    /// Whether the answer being made is the whole one (false: the dictionary was busy).
    private var complete = true

    private func route(_ request: HTTPRequest) -> HTTPResponse {
        // An /api/ address is answered in JSON even when its path does not decode (%00).
        let api = request.target.hasPrefix("/api/")
        guard let path = request.path else { return notFound(request, api: api) }
        switch path {
        case "/": return page(title: "", query: "", main: home())
        case "/search": return searchPage(request)
        case "/api/search": return apiSearch(request)
        case "/api/titles": return apiTitles(request)
        case "/static/site.css": return SiteFiles.css
        case "/static/site.js": return SiteFiles.js
        // Asked by every browser: nothing, rather than a page not found.
        case "/favicon.ico": return HTTPResponse(status: 204, contentType: "image/x-icon", body: [], headers: Self.headers)
        default: break
        }
        if path.hasPrefix("/rules/"), let shown = RulePage(source: source, outline: outline).page(String(path.dropFirst(7))) {
            return page(title: shown.title, query: "", main: shown.main)
        }
        if path.hasPrefix("/api/show/"), let json = show(String(path.dropFirst(10))) {
            return HTTPResponse(contentType: "application/json; charset=utf-8", body: json, headers: Self.headers)
        }
        return notFound(request, api: api)
    }

    private static func russian(_ request: HTTPRequest) -> Bool {
        request.headers["accept-language"]?.lowercased().hasPrefix("ru") == true
    }

    /// This thread's session and records, made again for a new generation of the index.
    private func use(_ now: ServedIndex.Generation) {
        guard now !== generation else { return }
        generation = now
        session = SearchSession(index: now.index, texts: now.texts, engine: served.engine)
        session.vocabulary = now.vocabulary
        source = served.path == nil ? RuleSource() : RuleSource(index: now.index, texts: now.texts)
    }

    // MARK: pages

    private func home() -> String {
        var out = "<main id=\"results\" class=\"home\">\n"
        let chapters = source.chapters()
        if !chapters.isEmpty {
            out += "<h1>\(outline != nil ? "Главы" : "Страницы")</h1>\n<ol class=\"chapters\">\n"
            for chapter in chapters.prefix(1000) {
                out += "<li><a href=\"\(HTML.rulePath(chapter.id))\">\(HTML.escape(chapter.title))</a></li>\n"
            }
            out += "</ol>\n"
        }
        return out + "</main>"
    }

    private func searchPage(_ request: HTTPRequest) -> HTTPResponse {
        let query = request.parameter("q") ?? ""
        guard !query.trimmingCharacters(in: .whitespaces).isEmpty else { return page(title: "", query: query, main: home()) }
        if let problem = Self.tooLong(query) {
            return page(
                status: 400, title: "Запрос слишком длинный", query: "",
                main: "<main id=\"results\"><p class=\"error\">\(HTML.escape(problem.ru))</p></main>")
        }
        // A page that is not there is the first, as the S2 results page has it.
        let asked = Int(request.parameter("page") ?? request.parameter("p") ?? "1") ?? 1
        var result = session.search(Bytes(query.utf8), limit: 10, page: max(asked, 1))
        if result.hits.isEmpty, result.total > 0 { result = session.search(Bytes(query.utf8), limit: 10, page: 1) }
        if !served.advisers.advise(&result, session: session, waiting: false) { complete = false }
        let main = ResultsPage(session: session, outline: outline).main(result)
        return page(title: query, query: query, main: main)
    }

    private func page(status: Int = 200, title: String, query: String, main: String) -> HTTPResponse {
        let html = PageFrame.page(title: HarmlessText.line(title), query: HarmlessText.line(query), rules: outline != nil, main: main)
        return HTTPResponse(status: status, contentType: "text/html; charset=utf-8", body: Array(html.utf8), headers: Self.headers)
    }

    private func notFound(_ request: HTTPRequest, api: Bool) -> HTTPResponse {
        if api {
            return error(request, status: 404, Localized("nothing at this address", ru: "по этому адресу ничего нет"))
        }
        let main =
            "<main id=\"results\"><h1>Нет такой страницы</h1><p>Найдите правило поиском или откройте <a href=\"/\">список глав</a>.</p></main>"
        return page(status: 404, title: "Нет такой страницы", query: "", main: main)
    }

    // MARK: API

    private func apiSearch(_ request: HTTPRequest) -> HTTPResponse {
        guard let query = request.parameter("q") else {
            return error(request, status: 400, Localized("no query: /api/search?q=QUERY", ru: "нет запроса: /api/search?q=ЗАПРОС"))
        }
        if let problem = Self.tooLong(query) { return error(request, status: 400, problem) }
        guard let page = Self.number(request.parameter("page"), default: 1, maximum: Int(Int32.max)),
            let limit = Self.number(request.parameter("limit"), default: 10, maximum: Self.mostResults)
        else {
            return error(
                request, status: 400,
                Localized(
                    "page must be a whole number from 1, limit from 1 to \(Self.mostResults)",
                    ru: "page — целое число от 1, limit — от 1 до \(Self.mostResults)"))
        }
        var result = session.search(Bytes(query.utf8), limit: limit, page: page)
        if !served.advisers.advise(&result, session: session, waiting: false) { complete = false }
        return HTTPResponse(
            contentType: "application/json; charset=utf-8", body: JSONWriter.encode(result, session: session, outline: outline),
            headers: Self.headers)
    }

    private func apiTitles(_ request: HTTPRequest) -> HTTPResponse {
        guard let query = request.parameter("q") else {
            return error(request, status: 400, Localized("no query: /api/titles?q=TEXT", ru: "нет запроса: /api/titles?q=ТЕКСТ"))
        }
        if let problem = Self.tooLong(query) { return error(request, status: 400, problem) }
        return HTTPResponse(
            contentType: "application/json; charset=utf-8", body: JSONWriter.encodeTitles(session.titles(Bytes(query.utf8))),
            headers: Self.headers)
    }

    /// `{"id", "title", "label", "paragraph", "chapter", "url", "text", "children"}`: the
    /// record as `rules show` prints it (`label`: its § or chapter number and title).
    private func show(_ id: String) -> Bytes? {
        guard let page = source.page(id) else { return nil }
        let entry = session.index.entry(ByteKey(Bytes(id.utf8)))
        let place = outline?[id]
        var w = JSONWriter()
        w.raw("{\"id\":")
        w.string(Bytes(id.utf8))
        w.raw(",\"title\":")
        w.value(entry?.field("title") ?? .null)
        w.raw(",\"label\":")
        w.string(Bytes(page.title.utf8))
        w.raw(",\"paragraph\":" + (place?.kind == .paragraph ? String(place!.number) : "null"))
        w.raw(",\"chapter\":")
        if let parent = place?.chapter, let chapter = page.chapter {
            w.raw("{\"id\":")
            w.string(Bytes(parent.utf8))
            w.raw(",\"label\":")
            w.string(Bytes(chapter.utf8))
            w.raw("}")
        } else {
            w.raw("null")
        }
        w.raw(",\"url\":")
        w.value(entry?.field("url") ?? .null)
        w.raw(",\"text\":")
        w.string(Bytes(page.body.utf8))
        w.raw(",\"children\":[")
        for (i, child) in page.children.enumerated() {
            w.raw(i > 0 ? ",{\"id\":" : "{\"id\":")
            w.string(Bytes(child.id.utf8))
            w.raw(",\"label\":")
            w.string(Bytes(child.title.utf8))
            w.raw("}")
        }
        w.raw("]}")
        return w.output
    }

    /// `{"error": …, "status": N}`, in Russian when the client asks for it first.
    private func error(_ request: HTTPRequest, status: Int, _ message: Localized) -> HTTPResponse {
        let russian = Self.russian(request)
        var w = JSONWriter()
        w.raw("{\"error\":")
        w.string(Bytes((russian ? message.ru : message.en).utf8))
        w.raw(",\"status\":\(status)}")
        return HTTPResponse(status: status, contentType: "application/json; charset=utf-8", body: w.output, headers: Self.headers)
    }

    // MARK: helpers

    private static func tooLong(_ query: String) -> Localized? {
        guard query.utf8.count > longestQuery else { return nil }
        return Localized(
            "the query is \(query.utf8.count) bytes long; at most \(longestQuery) are answered",
            ru: "запрос длиной \(query.utf8.count) байт; ответ даётся на запросы не длиннее \(longestQuery)")
    }

    /// A parameter's whole number from 1 to `maximum`, `default` when it is not given;
    /// `nil` when it is not such a number.
    private static func number(_ text: String?, default value: Int, maximum: Int) -> Int? {
        guard let text else { return value }
        guard let n = Int(text), n >= 1, n <= maximum else { return nil }
        return n
    }

    /// Every answer's: no page of it may be framed, sniffed as another type, or run a
    /// script or style from anywhere but this server.
    static let headers: [(name: String, value: String)] = [
        ("X-Content-Type-Options", "nosniff"),
        (
            "Content-Security-Policy",
            "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self'; connect-src 'self'; form-action 'self'; base-uri 'none'; frame-ancestors 'none'"
        ),
        ("Referrer-Policy", "no-referrer"),
        ("Cache-Control", "no-cache"),
    ]
}
