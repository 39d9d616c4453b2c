#!/usr/bin/python3
"""Index a corpus (JSON Lines, as `rules index build` takes it) into a Xapian database, for
the peer in bench/run: each chapter a document of its title (weighted as a title is), its
keywords and its text without tags, stemmed with Xapian's Russian stemmer, with positions
(so phrase queries work), the id as its data. Needs Debian's python3-xapian (run with
/usr/bin/python3, whose packages it is among).

  /usr/bin/python3 bench/xapian-index.py CORPUS.jsonl DBDIR
"""
import html, json, re, shutil, sys
import xapian

corpus, out = sys.argv[1], sys.argv[2]
shutil.rmtree(out, ignore_errors=True)
db = xapian.WritableDatabase(out, xapian.DB_CREATE_OR_OVERWRITE)
generator = xapian.TermGenerator()
generator.set_stemmer(xapian.Stem('russian'))
tags = re.compile(r'<[^>]*>')
with open(corpus, encoding='utf-8') as f:
    for line in f:
        if not line.strip():
            continue
        chapter = json.loads(line)
        document = xapian.Document()
        generator.set_document(document)
        generator.index_text(str(chapter.get('title', '')), 5)
        generator.increase_termpos()
        generator.index_text(str(chapter.get('keywords', '') or ''), 3)
        generator.increase_termpos()
        generator.index_text(html.unescape(tags.sub(' ', str(chapter.get('html', '')))))
        document.set_data(str(chapter['id']))
        db.add_document(document)
db.commit()
print(f'{out}: {db.get_doccount()} documents')
