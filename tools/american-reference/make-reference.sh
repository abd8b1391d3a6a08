#!/bin/sh
# Rebuilds test/shared/pricing/american-reference.csv, the reference prices of the American engine's accuracy test.
# A tool, not part of `npm test`: it needs QuantLib 1.29 (Debian bookworm: apt-get install libquantlib0-dev g++)
# and takes about an hour on one core (the trees dominate). Usage, from the repository root:
#   sh tools/american-reference/make-reference.sh [tree-every]
# tree-every (default 10): price every n-th grid and random contract on the tree as well (all published cases are).
set -eu
here=$(dirname "$0")
out=test/shared/pricing/american-reference.csv
build=$(mktemp -d)
trap 'rm -rf "$build"' EXIT
g++ -O2 -std=c++17 -o "$build/reference" "$here/reference.cpp" -lQuantLib
"$build/reference" "${1:-10}" > "$out.tmp"
mv "$out.tmp" "$out"
echo "wrote $out ($(($(wc -l < "$out") - 1)) contracts)"
