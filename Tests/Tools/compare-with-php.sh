#!/usr/bin/env bash
# Builds an index of CORPUS with the PHP original and with rules (both engines), checks the
# S2 files are byte-identical, then compares rules' answers to PHP's on N generated queries
# (seed SEED): ranked results, and snippets of the first ten. KIND is `plain` for the
# reference's gen_queries.py (words and phrases of the corpus, edge cases first) or `hostile`
# for Tests/Tools/hostile-queries.py (words mixed with punctuation, regex metacharacters,
# entities and odd Unicode).
#   S2_SEARCH_SRC=/path/to/s2_search/_include Tests/Tools/compare-with-php.sh CORPUS [SEED] [N] [KIND]
# Corpora to try it on: ../shared/reference/tools/man2corpus.py (manual pages) and
# Tests/Tools/adversarial-corpus.py. Needs php8.2-cli, php8.2-mbstring and python3.
set -euo pipefail
root=$(cd "$(dirname "$0")/../.." && pwd)
tools=${SHARED:-$root/../shared}/reference/tools
corpus=$(realpath "$1"); seed=${2:-1}; count=${3:-500}; kind=${4:-plain}
case $kind in
    plain) generator=$tools/gen_queries.py ;;
    hostile) generator=$root/Tests/Tools/hostile-queries.py ;;
    *) echo "compare-with-php: KIND is plain or hostile, not '$kind'" >&2; exit 2 ;;
esac
[ -n "${S2_SEARCH_SRC:-}" ] || { echo "compare-with-php: set S2_SEARCH_SRC (see ../shared/reference/README.md)" >&2; exit 2; }
(cd "$root" && make build >/dev/null)
rules=$root/.build/release/rules
work=$(mktemp -d); trap 'rm -rf "$work"' EXIT

php "$tools/s2ref.php" index "$corpus" "$work/php/" 2>/dev/null
status=0
for engine in pcre2 foundation; do
    "$rules" index build --engine $engine --corpus "$corpus" --out "$work/$engine"
    if cmp -s "$work/$engine/s2_search_index.php" "$work/php/s2_search_index.php"; then
        echo "$engine: index identical"
    else
        echo "$engine: INDEX DIFFERS"; status=1
    fi
done
python3 "$generator" "$corpus" "$seed" "$count" > "$work/queries.txt"
php "$tools/s2ref.php" search "$corpus" "$work/php/" "$work/queries.txt" > "$work/results.jsonl"
cp "$corpus" "$work/php/corpus.jsonl"   # the texts of the PHP-built index, for snippets

for run in "pcre2 $work/pcre2" "foundation $work/foundation" "pcre2 $work/php/s2_search_index.php"; do
    set -- $run
    # Exit status 1 says only that some query found nothing.
    "$rules" search --batch --json --all --engine "$1" --index "$2" < "$work/queries.txt" > "$work/ours.jsonl" \
        || [ $? -eq 1 ]
    python3 - "$work/results.jsonl" "$work/ours.jsonl" "$1 on $(basename "$2")" <<'PY' || status=1
import json, sys
refs = [json.loads(l) for l in open(sys.argv[1])]
ours = [json.loads(l) for l in open(sys.argv[2])]
assert len(refs) == len(ours), (len(refs), len(ours))
bad = 0
for r, o in zip(refs, ours):
    same = [(c, float(w)) for c, w in r["results"]] == [(h["id"], float(h["weight"])) for h in o["results"]]
    for s, h in zip(r["snippets"], o["results"][:10]):
        rel = (s["rel"] is None) == (h["rel"] is None) and (s["rel"] is None or abs(float(s["rel"]) - float(h["rel"])) <= 1e-12)
        same = same and s["snippet"] == h["snippet_html"] and s["start_text"] == h["start_text"] and rel
    if not same:
        bad += 1
        if bad <= 5: print("  differs:", repr(r["query"]))
print(f"{sys.argv[3]}: {len(refs) - bad} of {len(refs)} queries as PHP answers them"
      f" ({sum(1 for r in refs if r['warnings'])} with PHP warnings)")
sys.exit(1 if bad else 0)
PY
done
exit $status
