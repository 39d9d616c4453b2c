import RulesServe

/// The page's style and script, in the binary: nothing is fetched from anywhere else.
/// The page works without the script (a form and links); with it, results and title
/// suggestions follow the query as it is typed (``script``).
enum SiteFiles {
    static let css = file(style, type: "text/css; charset=utf-8")
    static let js = file(script, type: "text/javascript; charset=utf-8")

    private static func file(_ text: String, type: String) -> HTTPResponse {
        HTTPResponse(
            contentType: type, body: Array(text.utf8),
            headers: Site.headers.filter { $0.name != "Cache-Control" } + [("Cache-Control", "public, max-age=3600")])
    }

    /// Readable on a phone (one column, nothing wider than the screen), printed without
    /// the search box; system fonts only.
    static let style = """
        :root { color-scheme: light dark; --accent: #1d5fa8; --muted: #666; --mark: #fff1a8; --line: #ddd; }
        @media (prefers-color-scheme: dark) { :root { --accent: #8cb8ff; --muted: #aaa; --mark: #5a4d00; --line: #444; } }
        * { box-sizing: border-box; }
        body { margin: 0 auto; max-width: 46rem; padding: 0 1rem 2rem; font: 17px/1.5 system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; overflow-wrap: anywhere; }
        header { position: sticky; top: 0; padding: .75rem 0 .5rem; background: Canvas; border-bottom: 1px solid var(--line); z-index: 1; }
        .home { display: block; font-weight: 600; color: inherit; text-decoration: none; margin-bottom: .4rem; }
        form.search { position: relative; display: flex; gap: .5rem; }
        form.search input { flex: 1; min-width: 0; font: inherit; padding: .45rem .6rem; border: 1px solid var(--muted); border-radius: .4rem; }
        form.search button { font: inherit; padding: .45rem .9rem; border-radius: .4rem; border: 1px solid var(--accent); background: var(--accent); color: Canvas; }
        .titles { position: absolute; top: 100%; left: 0; right: 0; margin: .2rem 0 0; padding: 0; list-style: none; background: Canvas; border: 1px solid var(--line); border-radius: .4rem; box-shadow: 0 4px 12px rgba(0,0,0,.15); max-height: 60vh; overflow-y: auto; }
        .titles li a { display: block; padding: .35rem .6rem; color: inherit; text-decoration: none; }
        .titles li a.current, .titles li a:hover { background: var(--line); }
        .titles em { font-style: normal; font-weight: 600; }
        a { color: var(--accent); }
        main { padding-top: .5rem; }
        .found, .not-found, .suggest, .jump { margin: .6rem 0; }
        .jump a { font-weight: 600; }
        ol.hits { padding-left: 1.6rem; }
        .hit { margin: 0 0 1.1rem; }
        .hit .title { font-weight: 600; }
        .hit .chapter, .hit .url, .rule .url { color: var(--muted); font-size: .9em; }
        .hit .chapter a, nav.chapter a { color: inherit; }
        .hit .text { margin: .2rem 0 0; }
        mark { background: var(--mark); color: inherit; padding: 0 .1em; border-radius: .15em; }
        .paging { margin: 1.2rem 0; display: flex; flex-wrap: wrap; gap: .4rem; align-items: baseline; }
        .paging a, .paging span { padding: .2rem .5rem; }
        .paging .current { font-weight: 600; border: 1px solid var(--line); border-radius: .3rem; }
        .rule h1 { font-size: 1.35rem; line-height: 1.3; }
        .home h1 { font-size: 1.2rem; }
        .error { color: #b00020; }
        footer { margin-top: 2rem; color: var(--muted); font-size: .8em; }
        @media print {
          header, footer, .paging, .titles { display: none; }
          body { max-width: none; font-size: 12pt; color: #000; background: #fff; }
          a { color: inherit; text-decoration: none; }
          mark { background: none; font-weight: 600; }
        }
        """

    /// Search as one types, as the app and the site's autosearch did: the results (the
    /// server's own page, its `<main>` taken whole, so that they are escaped where they are
    /// made) and the titles that contain the query (`/api/titles`, written as text, never
    /// as HTML) follow each key; the address follows the query, so that Back and Forward
    /// go through the queries. Up and Down choose a title, Enter opens it, Escape hides them.
    static let script = """
        (function () {
          'use strict';
          var input = document.getElementById('q');
          var list = document.getElementById('titles');
          if (!input || !list || !window.fetch || !window.history.replaceState) return;
          var rules = document.body.hasAttribute('data-rules');
          var timer = 0, asked = 0, lastPush = 0, current = -1;

          function label(item) {
            if (!rules) return '';
            if (/^[0-9]+$/.test(item.id)) return '§ ' + item.id + '. ';
            var m = /^ch([0-9]+)$/.exec(item.id);
            return m ? 'Глава ' + m[1] + '. ' : '';
          }

          function titleNodes(title, query) {
            var nodes = [], lower = title.toLowerCase(), needle = query.toLowerCase(), at = 0;
            // (Only where lowercasing keeps every position: İ lowercases to two characters.)
            if (needle && lower.length === title.length) {
              for (var k = lower.indexOf(needle); k >= 0; k = lower.indexOf(needle, k + needle.length)) {
                if (k > at) nodes.push(document.createTextNode(title.slice(at, k)));
                var em = document.createElement('em');
                em.textContent = title.slice(k, k + needle.length);
                nodes.push(em);
                at = k + needle.length;
              }
            }
            nodes.push(document.createTextNode(title.slice(at)));
            return nodes;
          }

          function showTitles(items, query) {
            list.textContent = '';
            current = -1;
            items.slice(0, 10).forEach(function (item) {
              var li = document.createElement('li');
              var a = document.createElement('a');
              a.href = '/rules/' + (/^\\.+$/.test(item.id) ? item.id.replace(/\\./g, '%2E') : encodeURIComponent(item.id));
              a.setAttribute('role', 'option');
              a.appendChild(document.createTextNode(label(item)));
              titleNodes(String(item.title), query).forEach(function (n) { a.appendChild(n); });
              li.appendChild(a);
              list.appendChild(li);
            });
            list.hidden = list.children.length === 0;
          }

          function address(query) {
            return query.trim() === '' ? '/' : '/search?q=' + encodeURIComponent(query);
          }

          function load(query, remember) {
            var mine = ++asked;
            // A query the server answers no more than 2,000 bytes of: none longer is asked
            // (its address would be refused whole); the page says so.
            if (new TextEncoder().encode(query).length > 2000) {
              var main = document.querySelector('main');
              if (main) {
                var note = document.createElement('main');
                note.id = 'results';
                var p = document.createElement('p');
                p.className = 'error';
                p.textContent = 'Запрос длиннее 2000 байт: сократите его.';
                note.appendChild(p);
                main.replaceWith(note);
              }
              list.hidden = true;
              return;
            }
            var url = address(query);
            var page = fetch(url, { headers: { 'Accept': 'text/html' } }).then(function (r) { return r.text(); });
            var titles = query.trim() === '' ? Promise.resolve([])
              : fetch('/api/titles?q=' + encodeURIComponent(query)).then(function (r) { return r.ok ? r.json() : []; });
            Promise.all([page, titles]).then(function (answers) {
              if (mine !== asked) return;
              var doc = new DOMParser().parseFromString(answers[0], 'text/html');
              var fresh = doc.querySelector('main');
              var old = document.querySelector('main');
              if (fresh && old) old.replaceWith(document.adoptNode(fresh));
              document.title = doc.title;
              if (remember) {
                var now = Date.now();
                if (now - lastPush > 1500) history.pushState({ q: query }, '', url);
                else history.replaceState({ q: query }, '', url);
                lastPush = now;
              }
              if (document.activeElement === input) showTitles(answers[1], query);
            }).catch(function () {});
          }

          input.addEventListener('input', function () {
            clearTimeout(timer);
            timer = setTimeout(function () { load(input.value, true); }, 120);
          });

          function choose(k) {
            var links = list.querySelectorAll('a');
            if (links.length === 0) return;
            if (current >= 0 && links[current]) links[current].classList.remove('current');
            current = (k + links.length) % links.length;
            links[current].classList.add('current');
            links[current].scrollIntoView({ block: 'nearest' });
          }

          input.addEventListener('keydown', function (e) {
            if (e.key === 'ArrowDown' && !list.hidden) { choose(current + 1); e.preventDefault(); }
            else if (e.key === 'ArrowUp' && !list.hidden) { choose(current - 1); e.preventDefault(); }
            else if (e.key === 'Enter' && current >= 0 && !list.hidden) {
              var links = list.querySelectorAll('a');
              if (links[current]) { e.preventDefault(); location.href = links[current].href; }
            } else if (e.key === 'Escape') { list.hidden = true; current = -1; }
          });

          input.addEventListener('blur', function () { setTimeout(function () { list.hidden = true; }, 200); });

          window.addEventListener('popstate', function () {
            var query = new URLSearchParams(location.search).get('q') || '';
            if (location.pathname !== '/' && location.pathname !== '/search') { location.reload(); return; }
            input.value = query;
            list.hidden = true;
            load(query, false);
          });
        })();
        """
}
