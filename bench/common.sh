# Shared by the benchmarks: where things are, and the checks before measuring.
set -euo pipefail
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
shared=${SHARED:-$root/../shared}
reference=$shared/reference
out=$root/bench/out
mkdir -p "$out"

need() {
    command -v "$1" >/dev/null || { echo "bench: needs $1 ($2)" >&2; exit 2; }
}

# The PHP original: S2_SEARCH_SRC must name a folder with the five s2_search classes of the
# reference commit (see ../shared/reference/README.md); they are never part of this repository.
need_php_reference() {
    need php "apt-get install php8.2-cli php8.2-mbstring"
    if [ -z "${S2_SEARCH_SRC:-}" ] || [ ! -f "$S2_SEARCH_SRC/Finder.php" ]; then
        echo "bench: set S2_SEARCH_SRC to a folder with Worker.php Stemmer.php Indexer.php Finder.php GenericFetcher.php" >&2
        echo "       (git show 81b6436:_extensions/s2_search/_include/<file> in a clone of parpalak/s2)" >&2
        exit 2
    fi
}

build_release() {
    (cd "$root" && make build >/dev/null)
    rules=$root/.build/release/rules
}
