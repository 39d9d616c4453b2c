#!/usr/bin/env python3
"""Seeded queries that try to trip the query filter, the stemmer and the snippet patterns up:
corpus words (cut, upper-cased, capitalised) mixed with punctuation, regex metacharacters,
quotes, entities and tags, and characters outside Russian (Ukrainian, Greek, case-folding
oddities, no-break and zero-width spaces, combining marks, emoji, full-width and Arabic digits).
The companion of ../shared/reference/tools/gen_queries.py, which draws plain words and phrases.
usage: hostile-queries.py corpus.jsonl SEED N > queries.txt
The same seed gives the same queries on one Python version (the golden files: Python 3.11);
another version's Unicode tables may change a case mapping."""
import json, random, re, sys

corpus, seed, n = sys.argv[1], int(sys.argv[2]), int(sys.argv[3])
rnd = random.Random(seed)
sys.stdout.reconfigure(encoding='utf-8')
words = []
for line in open(corpus, encoding='utf-8'):
    if not line.strip():
        continue   # as the corpus reader does
    html = json.loads(line)['html']
    text = re.sub(r'&[a-z]+;', ' ', re.sub(r'<[^>]+>', ' ', html))
    words += [w for w in re.split(r'\s+', text) if w]
if not words:
    sys.exit('hostile-queries: the corpus has no words')

# What a regex, the query filter or the HTML cleanup could take for one of its own.
MARKS = list('()[]{}*+?|^$\\./#~@%&=<>;:!,"\'«»—–-…`') + [
    '\\b', '\\w', '.*', '(?i)', '[^а]', '(?<=о)', '\\1', '$1', '\\\\', '#u', '/u',
    '&amp;', '&nbsp;', '&#1072;', '&lt;b&gt;', '<b>', '</p>', '<br />']
# Characters whose case, width or class differs between engines and languages.
ODD = ['ё', 'Ё', 'і', 'ї', 'є', 'ґ', 'Ї', 'α', 'Ω', 'ß', 'ǅ', 'İ', 'ı', '\u212a', 'ﬁ', '\u00a0',
       '\u200b', '\u00ad', '\u0301', '😀', '👍🏽', '中文', 'ｆｕｌｌ', '١٢٣', '\u2028', '№', '×',
       '½', 'µ', '\u1c80', 'ꙋ']


def word():
    w = rnd.choice(words)
    r = rnd.random()
    if r < 0.15:
        return w.upper()
    if r < 0.25:
        return w.capitalize()
    if r < 0.35:
        return w[:rnd.randrange(1, max(2, len(w)))]
    return w


def piece():
    r = rnd.random()
    if r < 0.55:
        return word()
    if r < 0.75:
        return rnd.choice(MARKS)
    if r < 0.85:
        return rnd.choice(ODD)
    if r < 0.92:
        return word() + rnd.choice(MARKS + ODD) + word()
    return rnd.choice(MARKS) + word() + rnd.choice(MARKS)


SEPARATORS = [' ', ' ', ' ', ',', ', ', ' , ', '  ', '\t', '-', '']
queries = []
while len(queries) < n:
    k = rnd.choice([1, 1, 2, 2, 3, 4, 6, 10])
    q = ''.join(piece() + (rnd.choice(SEPARATORS) if i < k - 1 else '') for i in range(k))
    if rnd.random() < 0.1:
        q = '"' + q + '"'
    if rnd.random() < 0.05:
        q = ' ' + q + ' '
    # One query a line: no line break inside one (U+2028 stays: the readers split at \n).
    q = q.replace('\n', ' ').replace('\r', ' ')
    if q.strip():
        queries.append(q)
for q in queries:
    print(q)
