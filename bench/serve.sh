#!/usr/bin/env bash
# `rules serve` under load, side by side with the reference served the way it was: PHP's
# own search (s2_search's Finder) under `php -S` with as many workers as cores
# (bench/serve-php-router.php), on the same corpus (the built-in rules) and the same
# queries (the 1,103 of Fixtures/rules-ru/golden/queries.txt, each request the next, round
# and round: no one answer is asked over and over). wrk (Debian's) with 64 connections on
# loopback, ROUNDS rounds of SECONDS seconds each, the spread beside each figure; then the
# server's memory before and after 200,000 requests. "cold" is a server that keeps no
# answers (--cache 0), so that every request is searched; the other has asked every query
# once before it is measured, as a site's popular questions are.
#
#   S2_SEARCH_SRC=/path/to/s2_search/_include bench/serve.sh
#   ROUNDS=3 SECONDS_EACH=10 (the defaults)
source "$(dirname "$0")/common.sh"
need wrk "apt-get install wrk"
need_php_reference
build_release
rounds=${ROUNDS:-3}
seconds=${SECONDS_EACH:-10}
b=$out/serve
rm -rf "$b"
mkdir -p "$b/texts"
corpus=$root/Fixtures/rules-ru/corpus.jsonl
php "$reference/tools/s2ref.php" index "$corpus" "$b/php-index/" 2>/dev/null
python3 - "$corpus" "$b" "$root/Fixtures/rules-ru/golden/queries.txt" <<'PY'
import json, sys, urllib.parse
corpus, b, queries = sys.argv[1:]
for line in open(corpus, encoding="utf-8"):
    r = json.loads(line)
    open(f"{b}/texts/{urllib.parse.quote(str(r['id']), safe='')}.html", "w", encoding="utf-8").write(r["html"])
qs = [q for q in open(queries, encoding="utf-8").read().split("\n") if q.strip()]
for name, path in [("api", "/api/search?q="), ("page", "/search?q=")]:
    with open(f"{b}/{name}-paths.txt", "w") as f:
        for q in qs:
            f.write(path + urllib.parse.quote(q, safe="") + "\n")
PY

"$rules" serve --listen 127.0.0.1:0 > "$b/rules.out" 2> "$b/rules.err" &
rules_pid=$!
# The same without its cache of answers: every request searched.
"$rules" serve --listen 127.0.0.1:0 --cache 0 > "$b/cold.out" 2> "$b/cold.err" &
cold_pid=$!
S2_INDEX_DIR=$b/php-index S2_TEXTS_DIR=$b/texts PHP_CLI_SERVER_WORKERS=$(nproc) \
    php -S 127.0.0.1:18765 "$root/bench/serve-php-router.php" > "$b/php.log" 2>&1 &
php_pid=$!
trap 'kill $rules_pid $cold_pid $php_pid 2>/dev/null; wait 2>/dev/null' EXIT
sleep 1
rules_url=$(sed -n 's/.*: \(http:[^ ]*\)\/$/\1/p' "$b/rules.out")
cold_url=$(sed -n 's/.*: \(http:[^ ]*\)\/$/\1/p' "$b/cold.out")
php_url=http://127.0.0.1:18765
[ -n "$rules_url" ] || { echo "bench: rules serve did not start: $(cat "$b/rules.err")" >&2; exit 2; }
curl -sf "$php_url/api/search?q=%D1%82%D0%B8%D1%80%D0%B5" > /dev/null || { echo "bench: the PHP server does not answer: $(tail -3 "$b/php.log")" >&2; exit 2; }

# One wrk run: requests a second, p99 latency (ms) and errors, on a line.
load() {   # name url paths connections
    WRK_PATHS=$3 wrk -t2 -c"$4" -d"${seconds}s" --timeout 10s --latency -s "$root/bench/serve-queries.lua" "$2" > "$b/wrk.txt" 2> "$b/wrk.err"
    python3 - "$1" "$b/wrk.txt" "$b/wrk.err" <<'PY'
import re, sys
name, text, err = sys.argv[1], open(sys.argv[2]).read(), open(sys.argv[3]).read()
rps = float(re.search(r"Requests/sec:\s+([\d.]+)", text).group(1))
m = re.search(r"99%\s+([\d.]+)(us|ms|s)\b", text)
p99 = float(m.group(1)) * {"us": 0.001, "ms": 1, "s": 1000}[m.group(2)]
# Errors: timeouts and answers not 2xx. (A read error is a connection the server closed
# after its answer: php -S keeps none open, and wrk counts each close.)
m = re.search(r"status (\d+), timeout (\d+)", err)
non2xx = re.search(r"Non-2xx or 3xx responses: (\d+)", text)
print(f"{name}\t{rps:.0f}\t{p99:.2f}\t{int(m.group(1)) + int(m.group(2)) + (int(non2xx.group(1)) if non2xx else 0)}")
PY
}

results=$b/results.tsv
: > "$results"
# The kept answers warmed first: every query asked once.
WRK_PATHS=$b/api-paths.txt wrk -t1 -c1 -d5s -s "$root/bench/serve-queries.lua" "$rules_url" > /dev/null 2>&1
WRK_PATHS=$b/page-paths.txt wrk -t1 -c1 -d5s -s "$root/bench/serve-queries.lua" "$rules_url" > /dev/null 2>&1
for round in $(seq "$rounds"); do
    load "rules /api/search" "$rules_url" "$b/api-paths.txt" 64 >> "$results"
    load "rules /search (page)" "$rules_url" "$b/page-paths.txt" 64 >> "$results"
    load "rules /api/search, cold" "$cold_url" "$b/api-paths.txt" 64 >> "$results"
    load "rules /search, cold" "$cold_url" "$b/page-paths.txt" 64 >> "$results"
    load "PHP /api/search" "$php_url" "$b/api-paths.txt" 64 >> "$results"
done

# Memory over 200,000 requests (the API and the page in turn).
rss() { awk '/VmRSS/ {print $2}' "/proc/$rules_pid/status"; }
before=$(rss)
count=0
while [ "$count" -lt 200000 ]; do
    WRK_PATHS=$b/api-paths.txt wrk -t2 -c64 -d10s --timeout 10s -s "$root/bench/serve-queries.lua" "$rules_url" > "$b/wrk.txt" 2> "$b/wrk.err"
    count=$((count + $(sed -n 's/^wrk: \([0-9]*\) requests.*/\1/p' "$b/wrk.err")))
    echo "memory: $count requests, $(rss) kB" >&2
done
after=$(rss)

python3 - "$results" "$rounds" "$before" "$after" "$count" <<'PY'
import statistics, sys
rows = [l.split("\t") for l in open(sys.argv[1]).read().splitlines()]
names = list(dict.fromkeys(r[0] for r in rows))
print(f"bench/serve: {sys.argv[2]} rounds; wrk -t2 -c64, the 1,103 golden queries in turn; min / median / max")
print(f"{'':24}{'requests/s':>26}{'p99 ms':>26}{'errors':>8}")
medians = {}
for n in names:
    rs = sorted(float(r[1]) for r in rows if r[0] == n)
    ps = sorted(float(r[2]) for r in rows if r[0] == n)
    es = sum(int(r[3]) for r in rows if r[0] == n)
    medians[n] = statistics.median(rs)
    print(f"{n:24}{f'{rs[0]:.0f} / {statistics.median(rs):.0f} / {rs[-1]:.0f}':>26}{f'{ps[0]:.1f} / {statistics.median(ps):.1f} / {ps[-1]:.1f}':>26}{es:>8}")
php = medians.get("PHP /api/search")
if php:
    print(f"rules /api/search is {medians['rules /api/search'] / php:.0f}x PHP's requests a second, "
          f"{medians['rules /api/search, cold'] / php:.1f}x without its kept answers (median against median)")
print(f"memory: {int(sys.argv[3]) // 1024} MB before, {int(sys.argv[4]) // 1024} MB after {sys.argv[5]} requests")
PY
