#!/usr/bin/env bash
# What a suggestion costs: one query end to end, a misspelled word answered with the
# index's vocabulary (it is corrected) and without it (the same search, nothing
# corrected), on the built-in rules and on man-ru; with the same word spelled right and
# `rules --version` (the floor) beside them. The commands of each corpus run interleaved,
# in one hyperfine run, RUNS times each, and the whole is done REPEATS times: the machine
# is shared and noisy, so the spread is given with the medians.
#   bench/suggest.sh            RUNS=200 REPEATS=3 by default
source "$(dirname "$0")/common.sh"
need hyperfine "apt-get install hyperfine"
build_release
corpus=$reference/man-ru/corpus.jsonl
# The built-in rules as an index folder, with and without their vocabulary (cp -p keeps
# the times the binary form checks against its S2 file); man-ru built, then the same.
rm -rf "$out/sg-builtin" "$out/sg-builtin-none" "$out/sg-man-ru" "$out/sg-man-ru-none"
cp -rp "$root/Fixtures/rules-ru/index" "$out/sg-builtin"
"$rules" index build --corpus "$corpus" --out "$out/sg-man-ru"
for d in sg-builtin sg-man-ru; do
    cp -rp "$out/$d" "$out/$d-none" && rm "$out/$d-none/rules-words.bin"
done

for k in $(seq "${REPEATS:-3}"); do
    hyperfine -N --warmup 10 --runs "${RUNS:-200}" --export-json "$out/suggest-builtin-$k.json" -i \
        -n floor "$rules --version" \
        -n known "$rules search --json запятая" \
        -n corrected "$rules search --json --index $out/sg-builtin запитая" \
        -n uncorrected "$rules search --json --index $out/sg-builtin-none запитая" \
        -n corrected-carried "$rules search --json запитая" \
        -n layout "$rules search --json pfgznfz" >/dev/null 2>&1
    hyperfine -N --warmup 10 --runs "${RUNS:-200}" --export-json "$out/suggest-man-ru-$k.json" -i \
        -n known "$rules search --json --index $out/sg-man-ru каталог" \
        -n corrected "$rules search --json --index $out/sg-man-ru католог" \
        -n uncorrected "$rules search --json --index $out/sg-man-ru-none католог" >/dev/null 2>&1
done

# Instructions, which the machine's noise does not move (valgrind counts them).
count() { valgrind --tool=callgrind --callgrind-out-file=/dev/null "$@" 2>&1 >/dev/null | sed -n 's/.*Collected : //p'; }
if command -v valgrind >/dev/null; then
    echo "instructions: corrected / uncorrected"
    echo "  builtin: $(count "$rules" search --json --index "$out/sg-builtin" запитая) / $(count "$rules" search --json --index "$out/sg-builtin-none" запитая)"
    echo "  man-ru:  $(count "$rules" search --json --index "$out/sg-man-ru" католог) / $(count "$rules" search --json --index "$out/sg-man-ru-none" католог)"
fi

python3 - "$out" "${REPEATS:-3}" <<'PY'
import json, statistics, sys
out, repeats = sys.argv[1], int(sys.argv[2])
for name in ('builtin', 'man-ru'):
    print(f'{name}: ms, min / median / max of each run')
    extra = []
    for k in range(1, repeats + 1):
        runs = {r['command']: r['times'] for r in json.load(open(f'{out}/suggest-{name}-{k}.json'))['results']}
        med = {c: statistics.median(t) * 1000 for c, t in runs.items()}
        for c, t in runs.items():
            print(f'  run {k} {c:>17}: {min(t) * 1000:6.2f} / {med[c]:6.2f} / {max(t) * 1000:6.2f}')
        extra.append(med['corrected'] - med['uncorrected'])
    print(f'  the correction costs (median corrected - median uncorrected): '
          + ', '.join(f'{e:+.2f}' for e in extra) + ' ms')
PY
