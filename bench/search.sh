#!/usr/bin/env bash
# Search speed on man-ru, PHP original next to rules: one query end to end (process start
# to last byte), and the 500 reference queries in batch (PHP reading its index once).
#   S2_SEARCH_SRC=/path/to/s2_search/_include bench/search.sh
source "$(dirname "$0")/common.sh"
need hyperfine "apt-get install hyperfine"
need_php_reference
build_release
dir=$reference/man-ru
idx=$out/idx-search
rm -rf "$idx" && "$rules" index build --corpus "$dir/corpus.jsonl" --out "$idx"
echo "запятая" > "$out/one.txt"
queries=$dir/queries.txt

hyperfine --warmup 3 --runs ${RUNS:-30} -N --export-json "$out/one.json" \
    -n php "php $reference/tools/s2ref.php search $dir/corpus.jsonl $dir/ $out/one.txt" \
    -n pcre2 "$rules search --json --index $idx запятая" \
    -n foundation "$rules search --json --engine foundation --index $idx запятая"

hyperfine --warmup 1 --runs ${RUNS_BATCH:-5} --export-json "$out/batch.json" \
    -n php "S2_REUSE=1 php $reference/tools/s2ref.php search $dir/corpus.jsonl $dir/ $queries > /dev/null" \
    -n pcre2 "$rules search --batch --json --index $idx < $queries > /dev/null" \
    -n foundation "$rules search --batch --json --engine foundation --index $idx < $queries > /dev/null"

python3 - "$out/one.json" "$out/batch.json" "$(grep -c . "$queries")" <<'PY'
import json, sys
one = {r["command"]: r["mean"] for r in json.load(open(sys.argv[1]))["results"]}
batch = {r["command"]: r["mean"] for r in json.load(open(sys.argv[2]))["results"]}
n = int(sys.argv[3])
for name in one:
    print(f"one query {name:>10}: {one[name] * 1000:6.1f} ms   batch: {n / batch[name]:7.0f} queries/s")
print(f"one query: pcre2 {one['php'] / one['pcre2']:.1f}x faster than php; batch: pcre2 {batch['php'] / batch['pcre2']:.1f}x")
PY
