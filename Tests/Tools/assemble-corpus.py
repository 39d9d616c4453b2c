#!/usr/bin/env python3
"""Assemble the built-in corpus from Fixtures/rules-ru/chapters/*.json (the project's own
text, one file a chapter) into the index's corpus format and the list of test questions.

  python3 Tests/Tools/assemble-corpus.py

Writes Fixtures/rules-ru/corpus.jsonl (one record a line: id, title, html, keywords,
description, time, url, kind, parent, number) and Fixtures/rules-ru/questions.tsv
(question <TAB> id of the paragraph that answers it). Paragraphs are numbered 1, 2, ...
through the chapters in file order; chapters are ch1, ch2, ...
"""
import glob, html, json, os

root = os.path.join(os.path.dirname(os.path.abspath(__file__)), '..', '..')
fixtures = os.path.join(root, 'Fixtures', 'rules-ru')
files = sorted(glob.glob(os.path.join(fixtures, 'chapters', '*.json')))

records, questions, number = [], [], 0
for chapter_number, path in enumerate(files, 1):
    source = json.load(open(path, encoding='utf-8'))
    chapter = source['chapter']
    chapter_id = f'ch{chapter_number}'
    numbers = {}
    paragraphs = []
    for p in source['paragraphs']:
        number += 1
        numbers[p['key']] = number
        paragraphs.append(p)
    contents = ''.join(f'<li>§ {numbers[p["key"]]}. {html.escape(p["title"], quote=False)}</li>' for p in paragraphs)
    records.append({
        'id': chapter_id, 'title': chapter['title'],
        'html': chapter['intro_html'] + f'<ul>{contents}</ul>',
        'keywords': chapter['keywords'], 'description': chapter['description'],
        'time': 0, 'url': f'/rules/{chapter_id}', 'kind': 'chapter', 'parent': None, 'number': chapter_number,
    })
    for p in paragraphs:
        n = numbers[p['key']]
        records.append({
            'id': str(n), 'title': p['title'], 'html': p['html'], 'keywords': p['keywords'],
            'description': p['description'], 'time': 0, 'url': f'/rules/{n}',
            'kind': 'paragraph', 'parent': chapter_id, 'number': n,
        })
    for q in source['queries']:
        questions.append((q['q'], str(numbers[q['answer']])))

with open(os.path.join(fixtures, 'corpus.jsonl'), 'w', encoding='utf-8') as out:
    for r in records:
        out.write(json.dumps(r, ensure_ascii=False) + '\n')
with open(os.path.join(fixtures, 'questions.tsv'), 'w', encoding='utf-8') as out:
    for q, answer in questions:
        out.write(f'{q}\t{answer}\n')
print(f'{len(files)} chapters, {number} paragraphs, {len(questions)} questions')
