#!/usr/bin/env python3
"""Golden data for `rules index refresh` given no ids (#18), made by the PHP original only.

  S2_SEARCH_SRC=/path/to/s2_search/_include \
    python3 Tests/Tools/refresh-changed-golden.py BASE.jsonl QUERIES.txt OUTDIR [--seed N]

Two rounds of changes are drawn from BASE.jsonl with a seeded generator: texts edited
(a paragraph added with ё, hyphens and words the index excludes, one taken out, a word
replaced), titles, keywords, descriptions, urls and times changed (a time of 5 made "5"),
chapters removed and new ones put in among the others (numeric and string ids), and
records changed only where the index does not look (an extra field, the order of the
fields) that must not count as changed. The second round edits chapters of the first
again, brings back a removed id and removes a new one.

For each round the list to refresh is worked out here, from the records alone, in the
order `rules index refresh` states (RefreshPlan): the chapters of the index's table of
contents, in its order, whose title, html, keywords, description, time or url differ or
that are gone, then the new ones in the corpus's order. PHP indexes BASE (s2ref.php
index) and refreshes each round's list from that round's corpus (s2ref.php refresh,
Indexer::refresh), and searches the final index with the final corpus (s2ref.php search).

OUTDIR gets, for round N (1, 2):
  roundN.order    the ids of that round's corpus, one a line, in its order
  roundN.jsonl    the lines of that round's corpus that are not lines of the round before
                  (BASE.jsonl before round 1): the corpus is, for each id of roundN.order,
                  its line here, else its line in the round before
  roundN.list     the ids to refresh, one a line, in order
  roundN.tsv      sha256<TAB>bytes of s2_search_index.php after PHP refreshed that list
and results.jsonl, PHP's answers (with snippets) to QUERIES.txt on the final index.
"""
import hashlib, json, os, random, shutil, subprocess, sys, tempfile

root = os.path.join(os.path.dirname(os.path.abspath(__file__)), '..', '..')
s2ref = os.path.join(os.environ.get('SHARED', os.path.join(root, '..', 'shared')), 'reference', 'tools', 's2ref.php')
if not os.environ.get('S2_SEARCH_SRC'):
    sys.exit('refresh-changed-golden: set S2_SEARCH_SRC (see ../shared/reference/README.md)')
base_path, queries_path, out = sys.argv[1], sys.argv[2], sys.argv[3]
seed = int(sys.argv[sys.argv.index('--seed') + 1]) if '--seed' in sys.argv else 18
rng = random.Random(seed)

def key(record):
    # The id as PHP makes it a string: JSON integers as digits, strings as they are.
    return str(record['id'])

def read(path):
    """The records and, by id, the line each was read from."""
    records, order, lines = {}, [], {}
    for line in open(path, encoding='utf-8'):
        if not line.strip():
            continue
        r = json.loads(line)
        if key(r) not in records:
            order.append(key(r))
        records[key(r)] = r   # a later line with the same id replaces the earlier in its place
        lines[key(r)] = line.rstrip('\n')
    return [records[k] for k in order], lines

FIELDS = [('title', ''), ('html', ''), ('keywords', ''), ('description', ''), ('time', 0), ('url', '')]

def indexed(record):
    """What GenericFetcher::chapter gives the indexer, with the JSON types kept."""
    values = [record.get(f) if record.get(f) is not None else d for f, d in FIELDS]   # null is the default
    return [(type(v).__name__, v) for v in values]

ADDED = ['<p>Ещё одна фраза: всё это написано на северо-западе, и ёлка тоже обновлена.</p>',
         '<p>Новое предложение: запятая, точка и тире — знаки препинания; кто-то их путает.</p>',
         '<p>Это и то, и другое; он сказал, что придёт, но не пришёл.</p>',
         '<p>Файл-сервер и клиент-сервер обмениваются данными по сети.</p>']
WORDS = ['обновление', 'переписанный', 'ёжик', 'пол-лимона', 'и', 'не', 'запятая', 'правописание']

def edit_html(html):
    kind = rng.randrange(3)
    if kind == 0:
        return html + rng.choice(ADDED)
    parts = html.split('</p>')
    if kind == 1 and len(parts) > 2:
        del parts[rng.randrange(len(parts) - 1)]
        return '</p>'.join(parts)
    words = html.split(' ')
    words[rng.randrange(len(words))] = rng.choice(WORDS)
    return ' '.join(words)

def mutate(records, round_number, previous_removed, previous_new):
    records = [dict(r) for r in records]
    ids = [key(r) for r in records]
    n = len(records)
    picks = rng.sample(range(n), max(6, n // 8))
    for i in picks:
        r = records[i]
        what = rng.randrange(8)
        if what <= 2:
            r['html'] = edit_html(r['html'])
        elif what == 3:
            r['title'] = r['title'] + ' (правка %d)' % round_number
        elif what == 4:
            r['keywords'] = rng.choice(['новое ключевое слово', 'запятая, тире', '', 'обновлённое'])
        elif what == 5:
            r['description'] = 'Описание, изменённое в правке %d' % round_number
        elif what == 6:
            t = r.get('time', 0)
            r['time'] = str(t) if isinstance(t, int) else 5
        else:
            r['url'] = '/changed/%d/%s' % (round_number, key(r))
    # Changed where the index does not look: an extra field; the fields in another order.
    untouched = [i for i in range(n) if i not in picks]
    for i in rng.sample(untouched, 2):
        records[i]['note'] = 'поле, которое индекс не читает'
    i = rng.choice([i for i in untouched if 'note' not in records[i]])
    records[i] = dict([('id', records[i]['id'])] + list(reversed([(k, v) for k, v in records[i].items() if k != 'id'])))
    removed = set(rng.sample([i for i in range(n) if i not in picks], max(2, n // 40)))
    kept = [r for i, r in enumerate(records) if i not in removed]
    numeric = [int(k) for k in ids if k.isdigit()] + [int(k) for k in previous_new if k.isdigit()]
    next_number = (max(numeric) + 1) if numeric else 1000 + 10 * round_number
    new = [{'id': next_number, 'title': 'Новая глава %d' % round_number, 'html': rng.choice(ADDED) + rng.choice(ADDED),
            'keywords': 'новая глава', 'description': '', 'time': 0, 'url': '/new/%d' % next_number},
           {'id': 'new-%d-a' % round_number, 'title': 'Ещё одна новая глава', 'html': rng.choice(ADDED),
            'keywords': '', 'description': 'Новая', 'time': 1700000000 + round_number, 'url': '/new/a'},
           {'id': 'new-%d-b' % round_number, 'title': 'Глава-дополнение', 'html': '<p>глава, глава, глава: слова повторяются</p>'}]
    for r in previous_removed[:1]:   # an id removed before comes back
        new.append(dict(r, title=r['title'] + ' (возвращена)'))
    for r in new:
        kept.insert(rng.randrange(len(kept) + 1), r)
    if previous_new:   # a chapter new in the last round goes again
        gone = previous_new[0]
        kept = [r for r in kept if key(r) != gone]
    return kept, [records[i] for i in sorted(removed)], [key(r) for r in new]

def plan(toc, before, after):
    """RefreshPlan, worked out from the records: the table of contents' chapters changed or
    gone, in its order, then the new ones in the corpus's order."""
    old = {key(r): indexed(r) for r in before}
    now = {key(r): r for r in after}
    listed = [k for k in toc if k not in now or indexed(now[k]) != old.get(k)]
    listed += [key(r) for r in after if key(r) not in toc]
    return listed

def toc_after(toc, listed, corpus):
    """The table of contents after refreshing `listed`: each refreshed chapter that is still
    in the corpus moves to the end."""
    now = {key(r) for r in corpus}
    for k in listed:
        if k in toc:
            toc.remove(k)
        if k in now:
            toc.append(k)
    return toc

base, lines = read(base_path)
work = tempfile.mkdtemp(prefix='refresh-changed-golden-')
try:
    index = os.path.join(work, 'index') + '/'
    os.makedirs(index)
    subprocess.run(['php', s2ref, 'index', base_path, index], check=True, stdout=subprocess.DEVNULL)
    os.makedirs(out, exist_ok=True)
    toc = [key(r) for r in base]
    before, removed, new = base, [], []
    for round_number in (1, 2):
        corpus, removed, new = mutate(before, round_number, removed, new)
        # A record as it was keeps its line; one changed or new gets a line of its own.
        previous = {key(r): r for r in before}
        fresh = {}
        for r in corpus:
            if key(r) not in previous or list(r.items()) != list(previous[key(r)].items()):
                fresh[key(r)] = json.dumps(r, ensure_ascii=False)
        lines = {k: fresh.get(k, lines.get(k)) for k in (key(r) for r in corpus)}
        path = os.path.join(work, 'round%d.jsonl' % round_number)
        with open(path, 'w', encoding='utf-8') as f:
            for r in corpus:
                f.write(lines[key(r)] + '\n')
        with open(os.path.join(out, 'round%d.order' % round_number), 'w', encoding='utf-8') as f:
            f.write(''.join(key(r) + '\n' for r in corpus))
        with open(os.path.join(out, 'round%d.jsonl' % round_number), 'w', encoding='utf-8') as f:
            f.write(''.join(fresh[key(r)] + '\n' for r in corpus if key(r) in fresh))
        listed = plan(toc, before, corpus)
        with open(os.path.join(out, 'round%d.list' % round_number), 'w', encoding='utf-8') as f:
            f.write(''.join(k + '\n' for k in listed))
        subprocess.run(['php', s2ref, 'refresh', path, index] + listed, check=True, stderr=subprocess.DEVNULL)
        data = open(os.path.join(index, 's2_search_index.php'), 'rb').read()
        with open(os.path.join(out, 'round%d.tsv' % round_number), 'w') as f:
            f.write('%s\t%d\n' % (hashlib.sha256(data).hexdigest(), len(data)))
        toc = toc_after(toc, listed, corpus)
        before = corpus
        print('round', round_number, len(listed), 'ids to refresh')
    with open(os.path.join(out, 'results.jsonl'), 'wb') as f:
        subprocess.run(['php', s2ref, 'search', os.path.join(work, 'round2.jsonl'), index, queries_path],
                       check=True, stdout=f)
finally:
    shutil.rmtree(work)
