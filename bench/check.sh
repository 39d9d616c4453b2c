#!/usr/bin/env bash
# `rules check` side by side with Hunspell's own command on the same texts, in one
# hyperfine run: 1 MB of correct Russian (the lines of Debian's fortunes-ru in which
# `hunspell -l` finds no word it lacks) and the same megabyte as written (with the
# mistakes and the slang a collection of sayings has). `hunspell -l` only lists the
# words it lacks; `rules check` also corrects each and names its rule, and `hunspell -a`,
# which corrects too, is timed once beside them (minutes).
#   bench/check.sh
source "$(dirname "$0")/common.sh"
need hyperfine "apt-get install hyperfine"
need hunspell "apt-get install hunspell hunspell-ru"
[ -d /usr/share/games/fortunes/ru ] || { echo "bench: needs fortunes-ru (apt-get install fortunes-ru)" >&2; exit 2; }
build_release

written=$out/fortunes-1mb.txt
correct=$out/correct-1mb.txt
cat /usr/share/games/fortunes/ru/*.u8 > "$out/fortunes-all.txt"
head -c 1000000 "$out/fortunes-all.txt" > "$written"
python3 - "$out/fortunes-all.txt" "$correct" <<'PY'
import re, subprocess, sys
lines = open(sys.argv[1], encoding="utf-8").read().split("\n")
unknown = set(subprocess.run(["hunspell", "-l", "-d", "ru_RU"], input="\n".join(lines).encode(),
                             capture_output=True).stdout.decode().split("\n"))
kept, size = [], 0
for line in lines:
    if any(w in unknown for w in re.findall(r"[A-Za-zА-Яа-яЁё]+", line)):
        continue
    kept.append(line)
    size += len(line.encode()) + 1
    if size >= 1_000_000:
        break
open(sys.argv[2], "w", encoding="utf-8").write("\n".join(kept) + "\n")
PY
words() { python3 -c 'import re,sys; print(len(re.findall(r"[А-Яа-яЁё]+(?:-[А-Яа-яЁё]+)*", open(sys.argv[1]).read())))' "$1"; }
echo "bench/check: correct $(wc -c < "$correct") bytes, $(words "$correct") words; as written $(wc -c < "$written") bytes, $(words "$written") words" >&2
echo "rules check finds $("$rules" check --file "$correct" | wc -l) in the correct text, $("$rules" check --file "$written" | wc -l) as written; hunspell -l lists $(hunspell -l -d ru_RU "$written" | wc -l)" >&2

hyperfine --warmup 1 --runs ${RUNS:-10} --export-json "$out/check.json" \
    -n "rules check, correct" "$rules check --file $correct > /dev/null; true" \
    -n "hunspell -l, correct" "hunspell -l -d ru_RU $correct > /dev/null" \
    -n "rules check, as written" "$rules check --file $written > /dev/null; true" \
    -n "hunspell -l, as written" "hunspell -l -d ru_RU $written > /dev/null"

if [ -n "${WITH_HUNSPELL_A:-}" ]; then
    /usr/bin/time -f "hunspell -a, as written: %e s" hunspell -a -d ru_RU < "$written" > /dev/null
fi
