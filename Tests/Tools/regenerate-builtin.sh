#!/usr/bin/env bash
# Everything made from Fixtures/rules-ru/chapters, in order: the corpus and the questions,
# the index the binary carries, and PHP's golden index and answers for the tests.
#   S2_SEARCH_SRC=/path/to/s2_search/_include Tests/Tools/regenerate-builtin.sh
# The golden files come from the PHP original only (../shared/reference/tools/s2ref.php,
# php8.2-cli and php8.2-mbstring), never from rules: the tests compare rules with them.
# Run it after any change to a chapter file, then `swift test`.
set -euo pipefail
root=$(cd "$(dirname "$0")/../.." && pwd)
tools=${SHARED:-$root/../shared}/reference/tools
[ -n "${S2_SEARCH_SRC:-}" ] || { echo "regenerate-builtin: set S2_SEARCH_SRC (see ../shared/reference/README.md)" >&2; exit 2; }
fixtures=$root/Fixtures/rules-ru
golden=$fixtures/golden
cd "$root"

python3 Tests/Tools/assemble-corpus.py
make build >/dev/null
rm -rf "$fixtures/index"
.build/release/rules index build --corpus "$fixtures/corpus.jsonl" --out "$fixtures/index"
python3 Tests/Tools/embed-builtin.py
# The binary now carries the new index: build it again so that `rules search` answers with it.
make build >/dev/null

rm -f "$golden/s2_search_index.php"
php "$tools/s2ref.php" index "$fixtures/corpus.jsonl" "$golden/"
cut -f1 "$fixtures/questions.tsv" > "$golden/queries.txt"
php "$tools/s2ref.php" search "$fixtures/corpus.jsonl" "$golden/" "$golden/queries.txt" > "$golden/results.jsonl"
python3 Tests/Tools/hostile-queries.py "$fixtures/corpus.jsonl" 2026 120 > "$golden/hostile-queries.txt"
php "$tools/s2ref.php" search "$fixtures/corpus.jsonl" "$golden/" "$golden/hostile-queries.txt" > "$golden/hostile-results.jsonl"
# Where PHP warns (a notice on a one-letter word such as «т. д.») its answer does not bind
# the port; the tests still compare it, and the port gives it. Said, so that it is seen.
warned=$(cat "$golden/results.jsonl" "$golden/hostile-results.jsonl" | { grep -c '"warnings":\[[^]]' || true; })
[ "$warned" = 0 ] || echo "regenerate-builtin: PHP warned on $warned queries (see \"warnings\" in the golden files)" >&2
echo "regenerated: $(wc -l < "$fixtures/corpus.jsonl") records, $(wc -l < "$golden/queries.txt") questions"
