#!/usr/bin/python3
"""Search with snippets in Xapian, the peer of `rules search --batch --json` (whose every hit
carries a snippet): for each query, the ten best hits and a highlighted snippet of each one's
text. The database is the one bench/xapian-index.py makes of the same corpus; the chapters'
texts are read into memory before timing (rules maps its file of texts), so only the search
and the snippets are timed, in this process. Prints one JSON line: the queries, the hits
shown (at most ten a query), the snippets made, the best loop's seconds and every loop's.
Needs Debian's python3-xapian (run with /usr/bin/python3, whose packages it is among).

  /usr/bin/python3 bench/xapian-snippets.py CORPUS.jsonl DBDIR QUERIES.txt [--repeat N] [--length BYTES]
      [--flags exhaustive|none]
"""
import argparse, html, json, re, sys, time
import xapian

# Xapian aims its snippets at a length in bytes, and overshoots a little. rules' snippets on
# man-ru's 500 reference queries (`rules search --batch --json` on an index of man-ru's corpus,
# the "snippet" field of the 3,050 of its 3,400 hits that have one) average 159.5 characters
# (248 bytes of UTF-8); with 240 bytes Xapian's snippets of the same queries average 158.9
# characters (tags taken out, entities unescaped, its '...' counted), the nearest.
parser = argparse.ArgumentParser()
parser.add_argument('corpus')
parser.add_argument('db')
parser.add_argument('queries')
parser.add_argument('--repeat', type=int, default=5)
parser.add_argument('--length', type=int, default=240)
parser.add_argument('--flags', choices=('exhaustive', 'none'), default='exhaustive',
                    help="'none': Xapian's quickest snippets, from the first good-enough place")
args = parser.parse_args()
if args.repeat < 1:
    parser.error('--repeat must be at least 1')

# Each chapter's text as xapian-index.py indexes it: tags to spaces, entities unescaped.
tags = re.compile(r'<[^>]*>')
texts = {}
with open(args.corpus, encoding='utf-8') as f:
    for line in f:
        if line.strip():
            chapter = json.loads(line)
            texts[str(chapter['id'])] = html.unescape(tags.sub(' ', str(chapter.get('html', ''))))
with open(args.queries, encoding='utf-8') as f:
    queries = [q.strip() for q in f if q.strip()]

# The query parser as `quest -s russian` sets it up (xapian-tools' quest.cc): the database,
# the stemmer, STEM_SOME, quest's English stopword list, FLAG_DEFAULT, and the default
# operator OR; so the hits are those of quest in bench/run.
db = xapian.Database(args.db)
stemmer = xapian.Stem('russian')
stopper = xapian.SimpleStopper()
for word in ('a about an and are as at be by en for from how i in is it of on or that the '
             'this to was what when where which who why will with').split():
    stopper.add(word)
qp = xapian.QueryParser()
qp.set_database(db)
qp.set_stemmer(stemmer)
qp.set_stemming_strategy(xapian.QueryParser.STEM_SOME)
qp.set_stopper(stopper)
qp.set_default_op(xapian.Query.OP_OR)

# SNIPPET_EXHAUSTIVE alone: rules reads every match of the found words in the whole text and
# keeps the lines that hold the most of them, so Xapian too looks through the whole text
# (without the flag it stops at a snippet it deems good enough), and without the background
# model (Xapian's default adds it), since rules weighs the query's words and nothing else.
flags = xapian.MSet.SNIPPET_EXHAUSTIVE if args.flags == 'exhaustive' else 0
loops, rejected = [], 0
for loop in range(args.repeat):
    hits = snippets = rejected = 0
    start = time.perf_counter()
    for q in queries:
        try:
            query = qp.parse_query(q, xapian.QueryParser.FLAG_DEFAULT)
        except xapian.QueryParserError:
            rejected += 1
            continue
        enquire = xapian.Enquire(db)
        enquire.set_query(query)
        mset = enquire.get_mset(0, 10)
        for match in mset:
            hits += 1
            text = texts.get(match.document.get_data().decode('utf-8'))
            if text is not None:
                mset.snippet(text, args.length, stemmer, flags, '<i>', '</i>', '...')
                snippets += 1
    loops.append(time.perf_counter() - start)
    print(f'loop {loop + 1}: {loops[-1]:.3f} s', file=sys.stderr)
if rejected:
    print(f'{rejected} queries rejected by the query parser, skipped', file=sys.stderr)
print(json.dumps({'queries': len(queries), 'hits': hits, 'snippets': snippets,
                  'seconds': min(loops), 'all': loops}))
