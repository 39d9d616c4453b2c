#!/usr/bin/env bash
# Index build time for the man-ru corpus, PHP original next to rules (both engines), in one
# hyperfine run, and rules rebuilding over its previous index; then the load time of the
# binary form against the S2 file alone.
#   S2_SEARCH_SRC=/path/to/s2_search/_include bench/index.sh
source "$(dirname "$0")/common.sh"
need hyperfine "apt-get install hyperfine"
need_php_reference
build_release
corpus=$reference/man-ru/corpus.jsonl

for engine in pcre2 foundation; do
    rm -rf "$out/idx-$engine"
    "$rules" index build --engine $engine --corpus "$corpus" --out "$out/idx-$engine"
    cmp -s "$out/idx-$engine/s2_search_index.php" "$reference/man-ru/s2_search_index.php" \
        || { echo "bench: the $engine index differs from the reference" >&2; exit 1; }
done

# Each build goes into an empty folder, for PHP and rules alike: removing the previous
# run's output (`--prepare`) is not part of the build.
hyperfine --warmup 1 --runs ${RUNS:-10} --export-json "$out/index.json" \
    --prepare "rm -rf $out/idx-php" -n php "php $reference/tools/s2ref.php index $corpus $out/idx-php/ 2>/dev/null" \
    --prepare "rm -rf $out/idx-pcre2" -n pcre2 "$rules index build --engine pcre2 --corpus $corpus --out $out/idx-pcre2" \
    --prepare "rm -rf $out/idx-foundation" -n foundation "$rules index build --engine foundation --corpus $corpus --out $out/idx-foundation"

# A rebuild over the previous index also frees the files it replaces (7.6 MB for man-ru).
hyperfine --warmup 1 --runs ${RUNS:-10} --export-json "$out/rebuild.json" \
    -n pcre2-rebuild "$rules index build --engine pcre2 --corpus $corpus --out $out/idx-pcre2"

# Load: a query that finds nothing, so that loading the index is most of the work.
rm -rf "$out/idx-s2only" && mkdir -p "$out/idx-s2only"
cp "$out/idx-pcre2/s2_search_index.php" "$out/idx-s2only/"
hyperfine --warmup 3 --runs ${RUNS:-30} -N --export-json "$out/load.json" \
    -n binary "$rules search --index $out/idx-pcre2 qqqzzzx" \
    -n s2-file "$rules search --index $out/idx-s2only qqqzzzx" -i

python3 - "$out/index.json" "$out/load.json" "$out/rebuild.json" <<'PY'
import json, sys
runs = {r["command"]: r["mean"] for r in json.load(open(sys.argv[1]))["results"]}
load = {r["command"]: r["mean"] for r in json.load(open(sys.argv[2]))["results"]}
rebuild = {r["command"]: r["mean"] for r in json.load(open(sys.argv[3]))["results"]}
for name, mean in runs.items():
    print(f"index {name:>10}: {mean * 1000:7.1f} ms")
print(f"pcre2 is {runs['php'] / runs['pcre2']:.1f}x faster than php, foundation {runs['php'] / runs['foundation']:.1f}x")
print(f"pcre2 rebuilding over its previous index: {rebuild['pcre2-rebuild'] * 1000:.1f} ms")
print(f"load: binary {load['binary'] * 1000:.1f} ms, S2 file {load['s2-file'] * 1000:.1f} ms ({load['s2-file'] / load['binary']:.1f}x)")
PY
