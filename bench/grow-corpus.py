#!/usr/bin/env python3
"""A corpus N times as large as the one given, for bench/run's growth figures: every
chapter N times, each copy with an id of its own and its paragraphs' sentences shuffled (so
that the copies are not one text repeated), in shuffled order.

  python3 bench/grow-corpus.py CORPUS.jsonl N OUT.jsonl [SEED]
"""
import json, random, re, sys

source, times, out = sys.argv[1], int(sys.argv[2]), sys.argv[3]
rng = random.Random(int(sys.argv[4]) if len(sys.argv) > 4 else 21)
chapters = [json.loads(line) for line in open(source, encoding='utf-8') if line.strip()]
sentence_end = re.compile(r'(?<=[.!?])\s+')

def shuffled(html):
    # Sentences shuffled within each paragraph; tags that span sentences are left alone.
    def paragraph(m):
        sentences = sentence_end.split(m.group(2))
        rng.shuffle(sentences)
        return m.group(1) + ' '.join(sentences) + m.group(3)
    return re.sub(r'(<p>)([^<]*)(</p>)', paragraph, html)

copies = []
for k in range(times):
    for c in chapters:
        copy = dict(c)
        copy['id'] = f"{c['id']}~{k}" if k else c['id']
        if k:
            copy['html'] = shuffled(c['html'])
            copy['url'] = f"{c.get('url', '')}~{k}"
        copies.append(copy)
rng.shuffle(copies)
with open(out, 'w', encoding='utf-8') as f:
    for c in copies:
        f.write(json.dumps(c, ensure_ascii=False) + '\n')
