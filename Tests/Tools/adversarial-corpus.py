#!/usr/bin/env python3
"""A corpus made to trip an indexer up, for comparing rules with the PHP original: HTML with
comments, scripts, unclosed and broken tags, quotes hiding '>', entities known, unknown and
too long, tabs and CR LF, no-break spaces, Cyrillic in every case with ё, Latin, Greek,
Ukrainian, emoji, soft hyphens and zero-width spaces, hyphenated words, numeric-looking and
repeated ids, and keywords of every kind (single words, phrases, __stem__, empty ones).

usage: adversarial-corpus.py SEED N [MAXBLOCKS] > corpus.jsonl
(MAXBLOCKS: no chapter has more blocks; without it, one chapter in 25 has hundreds.)

Tests/RulesSearchTests/Fixtures/adversarial was made with seed 7, N 60, MAXBLOCKS 6, then
the PHP original on it (../shared/reference/tools/s2ref.php, PHP 8.2): `index` for
s2_search_index.php, and `search` over queries.txt (gen_queries.py, seed 37, 100 queries)
for results.jsonl.
"""
import json, random, sys

seed, n = int(sys.argv[1]), int(sys.argv[2])
max_blocks = int(sys.argv[3]) if len(sys.argv) > 3 else None
rnd = random.Random(seed)

ru = ("запятая точка тире двоеточие предложение союз частица причастие деепричастие оборот обращение "
      "вводное слово правописание приставка суффикс окончание корень ударение гласная согласная "
      "пишется ставится выделяется запятыми однородные члены сложносочинённое сложноподчинённое "
      "ёлка ещё её всё шёлк пчёлы зелёный жёлтый чёрный учёный стекло стеклянный оловянный деревянный "
      "бежать бегущий бегая бежавший читать читающий прочитав прочитанный красивейший нежнейшая "
      "не ни и или а но что чтобы как когда если хотя пусть ли же бы то либо нибудь кое "
      "кто-то что-нибудь файл-сервер интернет-магазин северо-запад бело-розовый по-русски "
      "пользователь пользователи пользователей пользователям файл файлы файлов каталог каталоги").split()
la = "file server the and config utf-8 UTF8 ls -l man(1) C++ c# a|b x\\y path/to/file 0x1f 1956 2024 v1.2.3".split()
other = ["Ёжик", "ЁЛКА", "ПРАВИЛО", "Запятая", "ТИРЕ", "Їжак", "ґанок", "єдність", "і", "Ω", "σοφία", "ǅ",
         "İstanbul", "straße", "naïve", "café", "ﬁle", "😀", "𝔘", "a\u0301", "\u200bслово", "сло\u00adво", "№5",
         "«кавычки»", "„лапки“", "—", "–", "…", "...", "?!", "!!", ";", ":", "(скобки)", "[a-z]", "{x}", "^", "$HOME",
         "%", "&", "@", "#", "100%", "1,5", "1.5", "-5", "+7", "слово.", ".слово", "-флаг", "флаг-", "--help", "---"]
entities = ["&amp;", "&nbsp;", "&mdash;", "&ndash;", "&laquo;", "&raquo;", "&lt;", "&gt;", "&quot;", "&#1025;",
            "&#x451;", "&copy;", "&hellip;", "&foo;", "&abcdefghijklmnopqrstuvwxyz;", "&;", "&amp", "& ", "&&;"]
spaces = [" ", " ", " ", " ", "  ", "\n", "\t", "\r\n", "\u00a0", " \n ", ""]


def word():
    r = rnd.random()
    if r < 0.70:
        w = rnd.choice(ru)
        if rnd.random() < 0.08:
            w = w.upper()
        elif rnd.random() < 0.1:
            w = w.capitalize()
        return w
    if r < 0.82:
        return rnd.choice(la)
    if r < 0.92:
        return rnd.choice(other)
    return rnd.choice(entities)


def sentence(k):
    s = ""
    for i in range(k):
        s += word() + rnd.choice(spaces)
    return s.rstrip() + rnd.choice([".", ".", "!", "?", ";", "…", ":", "", ". "])


def inline(text):
    r = rnd.random()
    if r < 0.1:
        return f"<b>{text}</b>"
    if r < 0.15:
        return f"<i>{text}</i>"
    if r < 0.2:
        return f'<a href="/x?a=1&amp;b=2" title="a > b">{text}</a>'
    if r < 0.22:
        return f"<span class='x'>{text}</span>"
    return text


def block():
    r = rnd.random()
    body = " ".join(inline(sentence(rnd.randint(1, 14))) for _ in range(rnd.randint(1, 4)))
    if r < 0.45:
        return f"<p>{body}</p>"
    if r < 0.55:
        return f"<h{rnd.randint(1, 4)}>{sentence(rnd.randint(1, 5))}</h{rnd.randint(1, 4)}>"
    if r < 0.62:
        return "<ul>" + "".join(f"<li>{sentence(rnd.randint(1, 6))}</li>" for _ in range(rnd.randint(1, 4))) + "</ul>"
    if r < 0.67:
        return f"<pre>{sentence(rnd.randint(1, 8))}\n  {sentence(3)}</pre>"
    if r < 0.70:
        return f"<blockquote>{body}</blockquote>"
    if r < 0.72:
        return f"<!-- {sentence(3)} --><p>{body}</p>"
    if r < 0.74:
        return f"<script>var a = 1 < 2 && b > 3; // {sentence(2)}</script>"
    if r < 0.76:
        return f"<style>p {{ color: red }}</style>{body}"
    if r < 0.78:
        return f"a < b и c > d: {body}"
    if r < 0.80:
        return f"<p>{body}<br>{sentence(3)}<br />{sentence(2)}</p>"
    if r < 0.82:
        return f"<table><tr><td>{sentence(2)}</td><td>{sentence(2)}</td></tr></table>"
    if r < 0.84:
        return f"<?php echo 1; ?>{body}"
    if r < 0.86:
        return f'<img src="a.png" alt="{sentence(2)}">{body}'
    if r < 0.88:
        return f"<p>{body}"   # unclosed
    if r < 0.90:
        return rnd.choice(["<p <b>", "<a href=\"x>y\">", "<<", "<>", "< p>", "</p >", "<br/>", "<BR>", "<P>",
                           "<p class=\"x\">", "<a title='a>b'>", "<!---->", "<!-- a -- b -->", "<br\r>",
                           "&NBSP;", "&Amp;", "\r", "\r\n", "&nbsp;&nbsp;", "\u00a0\u00a0"]) + body
    if r < 0.91:
        return f"<h2>{sentence(3)}</h2>\n<pre>" + "\n".join(sentence(rnd.randint(2, 9)) for _ in range(40)) + "</pre>"
    return body


ids = []
lines = []
for i in range(n):
    r = rnd.random()
    if r < 0.5:
        cid = f"ch{i}"
    elif r < 0.6:
        cid = str(rnd.randint(0, 500))
    elif r < 0.65:
        cid = rnd.choice(["012", "-5", "1.5", "0", "00", "+7", "7.0", "1e3", "9223372036854775807", "9223372036854775808"])
    elif r < 0.75:
        cid = rnd.choice(ru) + "-" + str(i)
    elif r < 0.8 and ids:
        cid = rnd.choice(ids)   # a repeated id replaces the earlier line
    else:
        cid = f"§{i}.{rnd.randint(1, 9)}"
    ids.append(cid)
    title = sentence(rnd.randint(0, 6))
    if rnd.random() < 0.2:
        title = inline(title) + rnd.choice(entities)
    if rnd.random() < 0.05:
        title = ""
    blocks = rnd.randint(0, 25) if rnd.random() > 0.04 else rnd.randint(300, 900)
    html = "\n".join(block() for _ in range(min(blocks, max_blocks) if max_blocks is not None else blocks))
    if rnd.random() < 0.03:
        html = ""
    kw = []
    for _ in range(rnd.randint(0, 5)):
        k = rnd.random()
        if k < 0.4:
            kw.append(rnd.choice(ru))
        elif k < 0.6:
            kw.append(rnd.choice(ru) + " " + rnd.choice(ru))
        elif k < 0.75:
            kw.append("__" + rnd.choice(ru) + "__")
        elif k < 0.85:
            kw.append(rnd.choice(ru).upper())
        elif k < 0.9:
            kw.append("")
        else:
            kw.append(rnd.choice(other))
    sep = rnd.choice([", ", ", ", ",", " , ", ",  "])
    # A line break in a table-of-contents field splits the index file's line: PHP's reader
    # then fails (a fatal error), so there is no reference to compare with.
    title = title.replace("\r", " ").replace("\n", " ")
    row = {"id": cid, "title": title, "html": html, "keywords": sep.join(kw),
           "description": sentence(rnd.randint(0, 5)).replace("\r", " ").replace("\n", " "), "time": rnd.choice([0, 1700000000, rnd.randint(0, 10**9)]),
           "url": f"/r/{i}"}
    if rnd.random() < 0.05:
        row["extra"] = {"nested": [1, 2]}
    if rnd.random() < 0.05:
        del row["keywords"]
    if rnd.random() < 0.03:
        del row["description"]
    lines.append(json.dumps(row, ensure_ascii=rnd.random() < 0.3))
print("\n".join(lines))
