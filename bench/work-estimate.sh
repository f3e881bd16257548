#!/bin/bash
# --max-work's estimate against what a run costs (issue 46): every bundled machine at four sizes up
# to the largest README.md lists (d = 16, uniform, 1 KiB units, the scheduler of that table), each
# run's estimate (read from the refusal at --max-work 1e-300) beside its CPU seconds and peak memory
# (/usr/bin/time), as one tab-separated line:
#   machine nodes scheduler units estimated_GiB cpu_s peak_KiB us_per_unit
# (estimated_GiB: the peak memory --max-memory is checked against, read from its refusal)
# Usage: bench/work-estimate.sh [MCSIM] [ESTIMATE_ONLY]   (slow: run with nice; each case stops
# after CPU_LIMIT seconds of CPU, default 300). ESTIMATE_ONLY=1 prints the estimates alone (after a
# change of the weights: the runs' costs do not move).
set -u
MCSIM=${1:-build/release/bin/mcsim}
ESTIMATE_ONLY=${2:-0}
CPU_LIMIT=${CPU_LIMIT:-300}
UNIFORM=(--density 16 --workload uniform-density --msg-unit 1024)

one() {  # MACHINE NODES SCHEDULER [OPTION]
  local machine=$1 nodes=$2 scheduler=$3 option=${4:-}
  local args=(bench --machine "$machine" --nodes "$nodes" "${UNIFORM[@]}" --scheduler "$scheduler")
  [ -n "$option" ] && args+=(--machine-option "$option")
  local units
  units=$("$MCSIM" "${args[@]}" --max-work 1e-300 --max-memory 1e300 2>&1 | sed -n 's/.*estimated work is \([0-9.e+]*\) units.*/\1/p')
  local gib
  gib=$("$MCSIM" "${args[@]}" --max-memory 1e-300 2>&1 | sed -n 's/.*peak memory of one simulation is \([0-9.e+]*\) GiB.*/\1/p')
  if [ "$ESTIMATE_ONLY" = 1 ]; then
    printf '%s\t%s\t%s\t%s\t%s\n' "$machine" "$nodes" "$scheduler" "$units" "$gib"
    return
  fi
  local measured
  measured=$( (ulimit -t "$CPU_LIMIT"; /usr/bin/time -f "%U %S %M" "$MCSIM" "${args[@]}" --max-work 1e15 >/dev/null 2>/tmp/work-estimate.$$) ;
             tail -1 /tmp/work-estimate.$$)
  read -r user sys peak <<<"$measured"
  awk -v m="$machine" -v n="$nodes" -v s="$scheduler" -v w="$units" -v u="$user" -v y="$sys" -v p="$peak" \
    -v g="$gib" 'BEGIN { printf "%s\t%s\t%s\t%s\t%s\t%.2f\t%s\t%.1f\n", m, n, s, w, g, u + y, p, (u + y) * 1e6 / w }'
}

printf 'machine\tnodes\tscheduler\tunits\testimated_GiB\tcpu_s\tpeak_KiB\tus_per_unit\n'
for n in 128 1024 4096 16384; do one cm5 "$n" CGM; done
for n in 128 1024 4096 8192; do one ipsc860 "$n" RS_N; done
for n in 256 1024 2048 4096; do one mesh "$n" AC; done
for n in 500 1000 2000 4000; do one paragon "$n" AC; done
one t3d 64 AC
one t3d 512 AC sides=8x8x8
one t3d 1024 AC sides=8x8x16
one t3d 2048 AC sides=8x16x16
one cp-pacs 64 AC shape=4x4x4
one cp-pacs 512 AC shape=8x8x8
one cp-pacs 2048 AC shape=8x16x16
one cp-pacs 4096 AC shape=16x16x16
for n in 64 256 512 1024; do one ethernet-cluster "$n" AC; done
rm -f /tmp/work-estimate.$$
