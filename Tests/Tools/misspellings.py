#!/usr/bin/env python3
"""Misspelled queries of the built-in rules' words, with the query meant, for the test of
suggestions (#19): the typical errors of Russian spelling and typing, drawn with a seed.

  python3 Tests/Tools/misspellings.py Fixtures/rules-ru/corpus.jsonl [N] [SEED] > generated.tsv

A word of the corpus (its text without tags and without the wrong forms struck out, lower
case, not a piece of a word between hyphens) gets one error: an unstressed
vowel for another (а/о, е/и, е/я), a doubled consonant made single or a single one doubled,
ь or ъ dropped or swapped, з/с in a prefix, ё as е or о, two neighbouring letters swapped,
a letter dropped or typed twice, a neighbouring key of the Russian keyboard, or the whole
word typed with the Latin layout on. A result that is itself a word of the corpus is drawn
again. Each line: typed<TAB>meant<TAB>kind.
"""
import collections, json, random, re, sys

corpus = sys.argv[1]
n = int(sys.argv[2]) if len(sys.argv) > 2 else 120
rng = random.Random(int(sys.argv[3]) if len(sys.argv) > 3 else 19)
counts = collections.Counter()
for line in open(corpus, encoding='utf-8'):
    if not line.strip():
        continue
    r = json.loads(line)
    # Not the wrong forms a rule strikes out, nor the pieces of words it names between
    # hyphens (-ёнк-, стеклян-ный): nobody means them.
    html = re.sub(r'<s>.*?</s>', ' ', r['html'])
    text = re.sub(r'<[^>]+>', ' ', r['title'] + ' ' + html).lower()
    for w in re.findall(r'[а-яё-]+', text):
        if '-' not in w:
            counts[w] += 1
vocabulary = set(counts)
folded = {w.replace('ё', 'е') for w in vocabulary}
words = sorted(w for w, c in counts.items() if c >= 2 and len(w) >= 5)

VOWELS = [('а', 'о'), ('о', 'а'), ('е', 'и'), ('и', 'е'), ('е', 'я'), ('я', 'е')]
ROWS = ['йцукенгшщзхъ', 'фывапролджэ', 'ячсмитьбю']
LATIN = dict(zip('йцукенгшщзхъфывапролджэячсмитьбюё', "qwertyuiop[]asdfghjkl;'zxcvbnm,.`"))
CONSONANTS = set('бвгджзклмнпрстфхцчшщ')

def neighbours(c):
    for row in ROWS:
        i = row.find(c)
        if i >= 0:
            return [row[j] for j in (i - 1, i + 1) if 0 <= j < len(row)]
    return []

def one_error(w):
    kind = rng.choice(['vowel', 'vowel', 'double', 'soft', 'prefix', 'yo', 'swap', 'drop', 'repeat', 'key', 'layout'])
    i = rng.randrange(1, len(w))   # the first letter is seldom the mistake
    if kind == 'vowel':
        spots = [(k, b) for k, c in enumerate(w) if k > 0 for a, b in VOWELS if c == a]
        if not spots: return None
        k, b = rng.choice(spots)
        return w[:k] + b + w[k + 1:], kind
    if kind == 'double':
        doubled = [k for k in range(1, len(w)) if w[k] == w[k - 1] and w[k] in CONSONANTS]
        if doubled:
            k = rng.choice(doubled)
            return w[:k] + w[k + 1:], kind
        k = rng.choice([k for k in range(1, len(w)) if w[k] in CONSONANTS] or [None])
        return (w[:k] + w[k] + w[k:], kind) if k else None
    if kind == 'soft':
        spots = [k for k, c in enumerate(w) if c in 'ьъ']
        if not spots: return None
        k = rng.choice(spots)
        return (w[:k] + w[k + 1:] if rng.random() < 0.5 else w[:k] + ('ъ' if w[k] == 'ь' else 'ь') + w[k + 1:]), kind
    if kind == 'prefix':
        for a, b in (('без', 'бес'), ('бес', 'без'), ('раз', 'рас'), ('рас', 'раз'), ('из', 'ис'), ('ис', 'из'), ('воз', 'вос'), ('вос', 'воз')):
            if w.startswith(a) and len(w) > len(a) + 2:
                return b + w[len(a):], kind
        return None
    if kind == 'yo':
        if 'ё' not in w: return None
        return w.replace('ё', rng.choice(['е', 'о']), 1), kind
    if kind == 'swap':
        if i + 1 >= len(w): return None
        return w[:i] + w[i + 1] + w[i] + w[i + 2:], kind
    if kind == 'drop':
        return w[:i] + w[i + 1:], kind
    if kind == 'repeat':
        return w[:i] + w[i] + w[i:], kind
    if kind == 'key':
        options = neighbours(w[i])
        if not options: return None
        return w[:i] + rng.choice(options) + w[i + 1:], kind
    return ''.join(LATIN.get(c, c) for c in w), kind

made, seen = [], set()
while len(made) < n:
    w = rng.choice(words)
    got = one_error(w)
    if not got:
        continue
    typed, kind = got
    if typed in vocabulary or typed.replace('ё', 'е') in folded or typed in seen:
        continue
    seen.add(typed)
    made.append((typed, w, kind))
for typed, w, kind in made:
    print(f'{typed}\t{w}\t{kind}')
