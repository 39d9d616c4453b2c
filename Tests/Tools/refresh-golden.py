#!/usr/bin/env python3
"""Golden data for `rules index refresh` (#18), made by the PHP original only.

  S2_SEARCH_SRC=/path/to/s2_search/_include \
    python3 Tests/Tools/refresh-golden.py BASE.jsonl OUTDIR [--keep-final]

PHP indexes BASE.jsonl (s2ref.php index), then refreshes one ID at a time from a changed
corpus (s2ref.php refresh, Indexer::refresh): a chapter whose text changed (with a ё word,
a hyphenated word and words the index excludes), one whose title and keywords changed,
one removed, one added with a numeric id and one with a string id, one unchanged (it
moves to the end of the table of contents), the first again, and an id in neither corpus.
OUTDIR gets:
  changes.jsonl   the records of the changed corpus that differ from BASE or are new
  removed.txt     the ids the changed corpus no longer has
  sequence.tsv    id<TAB>sha256<TAB>bytes of s2_search_index.php after each refresh, in order
  s2_search_index.php (with --keep-final) the file after the last refresh
The changed corpus is BASE with each record of changes.jsonl in place of the one with its
id (or added at the end) and the removed ids left out.
"""
import hashlib, json, os, shutil, subprocess, sys, tempfile

root = os.path.join(os.path.dirname(os.path.abspath(__file__)), '..', '..')
s2ref = os.path.join(os.environ.get('SHARED', os.path.join(root, '..', 'shared')), 'reference', 'tools', 's2ref.php')
if not os.environ.get('S2_SEARCH_SRC'):
    sys.exit('refresh-golden: set S2_SEARCH_SRC (see ../shared/reference/README.md)')
base_path, out = sys.argv[1], sys.argv[2]
keep_final = '--keep-final' in sys.argv[3:]
records = [json.loads(l) for l in open(base_path, encoding='utf-8') if l.strip()]

changed = {}
a, b, c, unchanged = records[1], dict(records[2]), records[3], records[4]
a = dict(a)
a['html'] = a['html'] + '<p>Ещё одна фраза: всё это написано на северо-западе, и ёлка тоже обновлена.</p>'
changed[str(a['id'])] = a
b['title'] = b['title'] + ' (обновлено)'
b['keywords'] = 'обновлённое ключевое слово, обновление'
changed[str(b['id'])] = b
numeric = [int(r['id']) for r in records if isinstance(r['id'], int) or str(r['id']).isdigit()]
new_number = (max(numeric) + 1) if numeric else 900
new_numeric = {'id': new_number, 'title': 'Новая глава с числовым номером', 'html': '<p>Проверка обновления: новая глава, и в ней всё по-новому.</p>',
               'keywords': 'новая глава', 'description': '', 'time': 0, 'url': '/new/%d' % new_number}
new_string = {'id': 'refresh-new', 'title': 'Новая глава со строковым номером', 'html': '<p>Ещё одна новая глава; слова в ней повторяются: глава, глава.</p>',
              'keywords': '', 'description': 'Описание новой главы', 'time': 0, 'url': '/new/refresh-new'}
changed[str(new_number)] = new_numeric
changed['refresh-new'] = new_string
removed = [str(c['id'])]

lines = []
for r in records:
    key = str(r['id'])
    if key in removed:
        continue
    lines.append(json.dumps(changed.get(key, r), ensure_ascii=False))
lines += [json.dumps(new_numeric, ensure_ascii=False), json.dumps(new_string, ensure_ascii=False)]
sequence = [str(a['id']), str(b['id']), str(c['id']), str(new_number), 'refresh-new', str(unchanged['id']), str(a['id']), 'nowhere-42']

work = tempfile.mkdtemp(prefix='refresh-golden-')
try:
    index = os.path.join(work, 'index') + '/'
    os.makedirs(index)
    subprocess.run(['php', s2ref, 'index', base_path, index], check=True, stdout=subprocess.DEVNULL)
    changed_path = os.path.join(work, 'changed.jsonl')
    with open(changed_path, 'w', encoding='utf-8') as f:
        f.write('\n'.join(lines) + '\n')
    rows = []
    for id in sequence:
        subprocess.run(['php', s2ref, 'refresh', changed_path, index, id], check=True, stderr=subprocess.DEVNULL)
        data = open(os.path.join(index, 's2_search_index.php'), 'rb').read()
        rows.append('%s\t%s\t%d' % (id, hashlib.sha256(data).hexdigest(), len(data)))
    os.makedirs(out, exist_ok=True)
    with open(os.path.join(out, 'changes.jsonl'), 'w', encoding='utf-8') as f:
        for key in [str(a['id']), str(b['id']), str(new_number), 'refresh-new']:
            f.write(json.dumps(changed[key], ensure_ascii=False) + '\n')
    with open(os.path.join(out, 'removed.txt'), 'w') as f:
        f.write('\n'.join(removed) + '\n')
    with open(os.path.join(out, 'sequence.tsv'), 'w') as f:
        f.write('# id\tsha256 of s2_search_index.php after refreshing it\tbytes (PHP Indexer::refresh, in this order)\n')
        f.write('\n'.join(rows) + '\n')
    if keep_final:
        shutil.copy(os.path.join(index, 's2_search_index.php'), os.path.join(out, 's2_search_index.php'))
finally:
    shutil.rmtree(work)
print(out, len(sequence), 'refreshes')
