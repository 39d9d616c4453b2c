#!/usr/bin/env bash
# What a suggestion costs: one query end to end with a known word and with the same word
# misspelled (which reads the vocabulary and corrects it), on the built-in rules and on
# man-ru, side by side in one hyperfine run each, with `rules --version` as the floor.
#   bench/suggest.sh
source "$(dirname "$0")/common.sh"
need hyperfine "apt-get install hyperfine"
build_release
corpus=$reference/man-ru/corpus.jsonl
rm -rf "$out/idx-suggest" && "$rules" index build --corpus "$corpus" --out "$out/idx-suggest"

hyperfine -N --warmup 5 --runs ${RUNS:-60} --export-json "$out/suggest-builtin.json" -i \
    -n floor "$rules --version" \
    -n known "$rules search --json запятая" \
    -n misspelled "$rules search --json запитая" \
    -n layout "$rules search --json pfgznfz" >/dev/null
hyperfine -N --warmup 5 --runs ${RUNS:-60} --export-json "$out/suggest-man-ru.json" -i \
    -n known "$rules search --json --index $out/idx-suggest каталог" \
    -n misspelled "$rules search --json --index $out/idx-suggest католог" >/dev/null

python3 - "$out" <<'PY'
import json, statistics, sys
for name in ('builtin', 'man-ru'):
    runs = {r['command']: r['times'] for r in json.load(open(f'{sys.argv[1]}/suggest-{name}.json'))['results']}
    med = {k: statistics.median(v) * 1000 for k, v in runs.items()}
    print(f'{name} (ms: min / median / max)')
    for k, v in runs.items():
        print(f'  {k:>10}: {min(v) * 1000:6.2f} / {med[k]:6.2f} / {max(v) * 1000:6.2f}')
    for k in med:
        if k not in ('known', 'floor'):
            print(f'  {k} costs {med[k] - med["known"]:+.2f} ms against the known word (medians)')
PY
