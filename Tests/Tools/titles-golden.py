#!/usr/bin/env python3
"""Golden data for `rules titles` (TitleFinder::find), made by the PHP original only.

  S2_SEARCH_SRC=/path/to/s2_search/_include python3 Tests/Tools/titles-golden.py

For each PHP-made index below, asks PHP's TitleFinder a broad set of needles drawn from the
corpus's own titles: whole and partial titles, single letters, the same in capitals, pieces
that run from one title into the next (which must not be found), ё and Ё, spaces, marks and
words no title has. Writes Tests/RulesSearchTests/Fixtures/titles/NAME.jsonl, a line per
needle: {"needle": ..., "chapters": [ids in PHP's order]}.
"""
import json, os, random, subprocess, sys, tempfile

root = os.path.join(os.path.dirname(os.path.abspath(__file__)), '..', '..')
if not os.environ.get('S2_SEARCH_SRC'):
    sys.exit('titles-golden: set S2_SEARCH_SRC (see ../shared/reference/README.md)')
fixtures = os.path.join(root, 'Tests', 'RulesSearchTests', 'Fixtures')
indexes = {
    'adversarial': os.path.join(fixtures, 'adversarial'),
    'rules-ru': os.path.join(root, 'Fixtures', 'rules-ru', 'golden'),
}
corpora = {
    'adversarial': os.path.join(fixtures, 'adversarial', 'corpus.jsonl'),
    'rules-ru': os.path.join(root, 'Fixtures', 'rules-ru', 'corpus.jsonl'),
}

# PHP's TitleFinder over the S2 file of a folder, one needle a line of a JSON array.
finder = r'''<?php
namespace s2_extensions\s2_search;
mb_internal_encoding('UTF-8');
function utf8_strtolower($s) { return mb_strtolower($s); }
$src = getenv('S2_SEARCH_SRC');
require $src . '/Worker.php';
require $src . '/TitleFinder.php';
$finder = new TitleFinder($argv[1] . '/');
foreach (json_decode(file_get_contents($argv[2]), true) as $needle) {
    $found = array_map('strval', array_keys($finder->find($needle)));
    echo json_encode(['needle' => $needle, 'chapters' => $found], JSON_UNESCAPED_UNICODE), "\n";
}
'''

def needles(titles, rng):
    out = ['', ' ', 'а', 'А', 'ё', 'Ё', 'е', '§', '.', ',', '-', '—', '«', 'xyzzy', 'несуществующее слово', '0', '1']
    for t in rng.sample(titles, min(60, len(titles))):
        out.append(t)
        out.append(t.upper())
        n = len(t)
        if n == 0:
            continue
        for _ in range(3):
            a = rng.randrange(n)
            b = min(n, a + rng.randint(1, 12))
            piece = t[a:b]
            out.append(piece)
            out.append(piece.upper() if rng.random() < 0.5 else piece.capitalize())
    # The end of one title and the start of the next: never a title's own text.
    for i in rng.sample(range(len(titles) - 1), min(30, len(titles) - 1)):
        out.append(titles[i][-3:] + titles[i + 1][:3])
        out.append(titles[i][-1:] + titles[i + 1][:1])
    seen, unique = set(), []
    for n in out:
        if n not in seen:
            seen.add(n)
            unique.append(n)
    return unique

os.makedirs(os.path.join(fixtures, 'titles'), exist_ok=True)
with tempfile.TemporaryDirectory() as tmp:
    script = os.path.join(tmp, 'titles.php')
    open(script, 'w').write(finder)
    for name, folder in indexes.items():
        titles = [json.loads(l)['title'] for l in open(corpora[name], encoding='utf-8') if l.strip()]
        titles = [t if isinstance(t, str) else str(t) for t in titles]
        asked = os.path.join(tmp, name + '.json')
        json.dump(needles(titles, random.Random(2026)), open(asked, 'w'), ensure_ascii=False)
        result = subprocess.run(['php', script, folder, asked], capture_output=True, text=True, check=True)
        if result.stderr:
            sys.exit(f'titles-golden: PHP said: {result.stderr}')
        out = os.path.join(fixtures, 'titles', name + '.jsonl')
        open(out, 'w', encoding='utf-8').write(result.stdout)
        print(out, result.stdout.count('\n'))
