#!/bin/bash
# The machines at their full historical size (issue 33), each case in its own process with its CPU
# seconds and peak memory (/usr/bin/time): the CM-5 at 16,384 nodes, the 128-node iPSC/860 with every
# scheduler that takes a matrix, the Paragon at 4,000 nodes, and the largest run per bundled machine
# that fits in one minute and 8 GiB (bench/speed-and-memory.md, "Eighth round: full historical size").
#
# Usage: bench/full-size.sh [MCSIM] [SECTION ...]   sections: ipsc860-128 largest paragon cm5-16384
#        (default: all four, in that order). Slow: run with nice.
# Each case stops after CPU_LIMIT seconds of CPU (default 600; `ulimit -t`, so a shared machine's waiting
# does not count): with SimGrid's max-min solver the CM-5 at 16,384 nodes would take hours, and is
# reported stopped ("signal 24", SIGXCPU) with the memory it had reached.
set -u
MCSIM=${1:-build/release/bin/mcsim}
[ $# -gt 0 ] && shift
SECTIONS=${*:-ipsc860-128 largest paragon cm5-16384}
CPU_LIMIT=${CPU_LIMIT:-600}
UNIFORM=(--density 16 --workload uniform-density)

one() {
  echo "== $*"
  (
    ulimit -t "$CPU_LIMIT"
    /usr/bin/time -f "   wall %e s, cpu %U s user + %S s system, peak %M KiB" "$MCSIM" bench "$@" 2>&1 |
      grep -E '^ +0 |wall|error'
  )
}

for section in $SECTIONS; do
  case $section in
  ipsc860-128)
    # The largest iPSC/860 built: 128 nodes (a 7-cube). Every scheduler of a communication matrix;
    # the redistribution schedulers (general, algorithm1, ...) take a redistribution's own table.
    for s in LP LP-shift LP-no-dummies CGM CGM+sort CGMH CGMH+MS CGMH+BJ CGM+heap AC RS_N RS_NL DRS \
      DRS+improvements two-stage LP-modified AAPC-same-traffic; do
      one --machine ipsc860 --nodes 128 "${UNIFORM[@]}" --scheduler "$s"
    done
    ;;
  largest)
    # Per bundled machine, the largest run found to fit in one minute of CPU and 8 GiB (d = 16,
    # 1 KiB messages): the table of bench/speed-and-memory.md.
    one --machine cm5 --nodes 16384 "${UNIFORM[@]}" --scheduler CGM
    one --machine ipsc860 --nodes 8192 "${UNIFORM[@]}" --scheduler RS_N
    one --machine mesh --nodes 4096 "${UNIFORM[@]}" --scheduler AC
    one --machine t3d --nodes 2048 --machine-option sides=8x16x16 "${UNIFORM[@]}" --scheduler AC
    one --machine cp-pacs --nodes 4096 --machine-option shape=16x16x16 "${UNIFORM[@]}" --scheduler AC
    one --machine ethernet-cluster --nodes 1024 "${UNIFORM[@]}" --scheduler AC
    ;;
  paragon)
    # The Paragon file's largest configuration (4,000 nodes, a 50 x 80 mesh).
    one --machine paragon --nodes 4000 "${UNIFORM[@]}" --scheduler AC
    ;;
  cm5-16384)
    # The CM-5 as designed: 16,384 nodes, the papers' workload (random-density, lengths 1..n units).
    # CGM runs on mcsim's own sharing (auto: many flows a phase); LP with its dummies is refused by
    # --max-work before any work (2.7e8 messages in one plan, about 6.4 GB); LP-no-dummies has 16
    # flows a phase and stays on SimGrid's solver, which does not finish in the CPU limit.
    one --machine cm5 --nodes 16384 --density 16 --scheduler CGM
    one --machine cm5 --nodes 16384 --density 16 --scheduler LP
    one --machine cm5 --nodes 16384 --density 16 --scheduler LP-no-dummies
    ;;
  *)
    echo "unknown section '$section' (ipsc860-128, largest, paragon, cm5-16384)" >&2
    exit 2
    ;;
  esac
done
