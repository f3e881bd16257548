#!/bin/sh
# The speed cases (CM-5 contended flows, large hypercubes, lo92-thm2), each in its own process, with its wall time and peak memory
# (/usr/bin/time -v). Usage: bench/speed-cases.sh [MCSIM] [extra bench options, e.g. --cfg k:v]
# Cases the issue measured at more than 300 s stop after 300 s (timeout). Slow: run with nice.
set -u
MCSIM=${1:-build/release/bin/mcsim}
[ $# -gt 0 ] && shift
one() {
  echo "== $*"
  /usr/bin/time -f "   wall %e s, user %U s, sys %S s, peak %M KiB" timeout 300 "$MCSIM" bench "$@" 2>&1 |
    grep -E '^ +0 |wall|error'
}
for s in AC CGM LP; do
  one --machine cm5 --nodes 256 --density 16 --scheduler $s "$@"
  one --machine cm5 --nodes 512 --density 16 --scheduler $s "$@"
  one --machine cm5 --nodes 1024 --density 16 --scheduler $s "$@"
  one --machine cm5 --nodes 256 --density 64 --scheduler $s "$@"
  one --machine cm5 --nodes 1024 --density 64 --scheduler $s "$@"
done
# LP-no-dummies is the LP the wang94 scenarios run (Wang and Ranka 1994, Fig. 2); the CM-5 LP with its dummies
# takes about 19 minutes here (16.8 M messages) and would only hit the timeout.
for s in AC RS_N RS_NL LP-no-dummies; do
  # shellcheck disable=SC2086
  one --machine ipsc860 --nodes 4096 --density 16 --workload uniform-density --scheduler $s "$@"
done
