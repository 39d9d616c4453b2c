#!/usr/bin/env bash
# Refreshing chapters of man-ru, side by side in one hyperfine run: PHP's Indexer::refresh
# (s2ref.php refresh, which writes only the S2 file and does not sync it), rules index
# refresh of the same ids, rules index refresh given no ids (it finds them), and a full
# rules index build of the changed corpus. One chapter changed, then ten.
#   S2_SEARCH_SRC=/path/to/s2_search/_include bench/refresh.sh
source "$(dirname "$0")/common.sh"
need hyperfine "apt-get install hyperfine"
need_php_reference
build_release
corpus=$reference/man-ru/corpus.jsonl
work=$out/refresh
rm -rf "$work" && mkdir -p "$work"

# The changed corpora: a paragraph added to one chapter in the middle, then to ten spread out.
python3 - "$corpus" "$work" <<'PY'
import json, sys
lines = [l for l in open(sys.argv[1], encoding='utf-8') if l.strip()]
for name, picks in (('one', [len(lines) // 2]), ('ten', list(range(5, len(lines), len(lines) // 10))[:10])):
    out, ids = [], []
    for i, line in enumerate(lines):
        r = json.loads(line)
        if i in picks:
            r['html'] += '<p>Новый абзац: файл-сервер, каталог и ещё одна строка.</p>'
            ids.append(str(r['id']))
            line = json.dumps(r, ensure_ascii=False) + '\n'
        out.append(line)
    open(f'{sys.argv[2]}/{name}.jsonl', 'w', encoding='utf-8').write(''.join(out))
    open(f'{sys.argv[2]}/{name}.ids', 'w').write(' '.join(ids))
PY

"$rules" index build --corpus "$corpus" --out "$work/rules0"
mkdir -p "$work/php0" && php "$reference/tools/s2ref.php" index "$corpus" "$work/php0/" >/dev/null 2>&1
for n in one ten; do
    ids=$(cat "$work/$n.ids")
    # The same bytes as PHP before anything is timed.
    rm -rf "$work/php" "$work/rules" && cp -a "$work/php0" "$work/php" && cp -a "$work/rules0" "$work/rules"
    php "$reference/tools/s2ref.php" refresh "$work/$n.jsonl" "$work/php/" $ids 2>/dev/null
    [ "$("$rules" index refresh --dry-run --corpus "$work/$n.jsonl" --out "$work/rules" | tr '\n' ' ')" = "$ids " ] \
        || { echo "bench: rules would refresh other chapters than $ids" >&2; exit 1; }
    "$rules" index refresh --corpus "$work/$n.jsonl" --out "$work/rules"
    cmp -s "$work/php/s2_search_index.php" "$work/rules/s2_search_index.php" \
        || { echo "bench: the refreshed index differs from PHP's ($n)" >&2; exit 1; }
    hyperfine --warmup 2 --runs ${RUNS:-20} --export-json "$out/refresh-$n.json" \
        --prepare "rm -rf $work/php && cp -a $work/php0 $work/php" -n php-refresh \
            "php $reference/tools/s2ref.php refresh $work/$n.jsonl $work/php/ $ids" \
        --prepare "rm -rf $work/rules && cp -a $work/rules0 $work/rules" -n rules-refresh-ids \
            "$rules index refresh --corpus $work/$n.jsonl --out $work/rules $ids" \
        --prepare "rm -rf $work/rules && cp -a $work/rules0 $work/rules" -n rules-refresh \
            "$rules index refresh --corpus $work/$n.jsonl --out $work/rules" \
        --prepare "rm -rf $work/build" -n rules-build \
            "$rules index build --corpus $work/$n.jsonl --out $work/build" >/dev/null
done

python3 - "$out" <<'PY'
import json, statistics, sys
for n in ('one', 'ten'):
    runs = {r['command']: r['times'] for r in json.load(open(f'{sys.argv[1]}/refresh-{n}.json'))['results']}
    med = {k: statistics.median(v) for k, v in runs.items()}
    print(f'man-ru, {n} chapter{"s" if n == "ten" else ""} changed (ms: min / median / max)')
    for k, v in runs.items():
        print(f'  {k:>18}: {min(v) * 1000:6.1f} / {med[k] * 1000:6.1f} / {max(v) * 1000:6.1f}')
    print(f'  rules refresh (no ids) is {med["rules-refresh"] / med["rules-build"]:.2f} of a full build, '
          f'{med["php-refresh"] / med["rules-refresh"]:.2f}x the speed of PHP\'s refresh')
PY
