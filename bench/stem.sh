#!/usr/bin/env bash
# Words per second of `rules stem` with each engine next to the PHP original's
# Stemmer::stem_word, on the reference word list (159,498 words), measured side by side
# in one hyperfine run. Output to /dev/null; every run's output is checked first.
#   S2_SEARCH_SRC=/path/to/s2_search/_include bench/stem.sh
source "$(dirname "$0")/common.sh"
need hyperfine "apt-get install hyperfine"
need_php_reference
build_release

words=$out/words.txt
cut -f1 "$reference/stems.tsv" > "$words"
count=$(wc -l < "$words")

for engine in pcre2 foundation; do
    "$rules" stem --engine $engine < "$words" | cmp -s - "$reference/stems.tsv" \
        || { echo "bench: rules stem --engine $engine does not reproduce stems.tsv" >&2; exit 1; }
done

hyperfine --warmup 2 --runs ${RUNS:-10} --export-json "$out/stem.json" \
    -n php "php $reference/tools/s2ref.php stem $words > /dev/null" \
    -n pcre2 "$rules stem --engine pcre2 < $words > /dev/null" \
    -n foundation "$rules stem --engine foundation < $words > /dev/null"

python3 - "$out/stem.json" "$count" <<'PY'
import json, sys
runs = {r["command"]: r["mean"] for r in json.load(open(sys.argv[1]))["results"]}
n = int(sys.argv[2])
for name, mean in runs.items():
    print(f"{name:>11}: {n / mean:>10,.0f} words/s  ({mean * 1000:.0f} ms for {n} words)")
print(f"pcre2 / php: {runs['php'] / runs['pcre2']:.2f}x   foundation / pcre2: {runs['foundation'] / runs['pcre2']:.2f}x slower")
PY
