#!/bin/sh
# docs/mpi.md's tables, made from runs (issue 50), each the block between <!-- NAME:begin --> and
# <!-- NAME:end -->:
#   settings   the SMPI settings of the bundled machines, from `mcsim mpi --show-settings`;
#   alltoall   SMPI runs AC written in MPI (ac_alltoall.c) and MPI_Alltoall (alltoall.c, basic_linear)
#              on the mcsim platform, mcsim runs `mcsim sweep --scheduler AC` on the same machine;
#   t3d        SMPI runs MPI_Alltoall on the 64-node T3D with `--approximate-switching` (its worms as
#              flows), beside mcsim's AC sweeps on the T3D as bundled (wormhole) and with `switching=flow`;
#   algorithm1 SMPI runs Guo and Pan's Algorithm 1 (guo05_algorithm1.c) on the cluster, beside the
#              align-message times of tests/golden/guo05-fig7 (which its golden test regenerates).
#   make-mpi-tables.sh MCSIM SOURCE_DIR WORK               print the blocks
#   make-mpi-tables.sh MCSIM SOURCE_DIR WORK --check PAGE  exit 1 showing the first line that differs
#   make-mpi-tables.sh MCSIM SOURCE_DIR WORK --update PAGE rewrite the blocks in PAGE
# Block names after PAGE make and check or rewrite only those (the tests check one block each, so
# that each stays short on a busy machine); without any, all four.
# Needs smpicc and smpirun (tools/install-deps.sh installs SimGrid's SMPI). 42 SMPI runs of
# 0.1-1.2 s of CPU each (the T3D's the longest) and six sweeps: 10 s of CPU in all.
set -eu
if [ $# -lt 3 ]; then
  echo "usage: $0 MCSIM SOURCE_DIR WORK [--check|--update PAGE [BLOCK...]]" >&2
  exit 2
fi
mcsim=$1 source=$2 work=$3
mode=${4:-print} page=${5:-}
blocks="settings alltoall t3d algorithm1"
if [ $# -gt 5 ]; then
  shift 5
  for name in "$@"; do
    case " $blocks " in *" $name "*) ;; *) echo "$0: no block $name (blocks: $blocks)" >&2; exit 2 ;; esac
  done
  blocks=$*
fi
mkdir -p "$work"
# compile PROGRAM...: the MPI programs, with SMPI's compiler.
compile() {
  for program in "$@"; do
    smpicc -O2 -o "$work/$program" "$source/docs/examples/mpi/$program.c" >"$work/cc.log" 2>&1 ||
      { cat "$work/cc.log" >&2; exit 1; }
  done
}
# The cluster as bundled has p4's 16384-byte socket send buffer (`send_buffer_bytes`): a write of a
# message that fits it returns at once. Beside it, with none: every write waits until its data is at
# the receiver (docs/mpi.md, "The cluster's gap").

# smpi MACHINE NODES OPTION PROGRAM BYTES: the simulated seconds the program prints.
smpi() {
  "$mcsim" mpi --machine "$1" --nodes "$2" $3 -- -np "$2" --log=root.thres:warning --cfg=smpi/wtime:0 \
    --cfg=smpi/simulate-computation:no --cfg=smpi/alltoall:basic_linear "$work/$4" "$5" |
    sed -n 's/.* time \([0-9.e+-]*\)$/\1/p'
}
# sweep NAME MACHINE NODES OPTION SIZES: NAME.csv, mcsim's AC time in ms per size.
sweep() {
  "$mcsim" sweep --machine "$2" --nodes "$3" $4 --workload uniform-density --density $(($3 - 1)) --scheduler AC \
    --msg-unit "$5" --samples 1 --deterministic -q -j 1 --force -o "$work/$1.csv" >/dev/null
}
# ms NAME BYTES: the sweep's comm_ms_mean at that message unit.
ms() { awk -F, -v b="$2" 'NR > 1 && $6 == b { print $11 }' "$work/$1.csv"; }

make_alltoall() {
  compile ac_alltoall alltoall
  cm5_sizes="16 256 1024 4096 16384 65536"
  cluster_sizes="16 256 1024 4096 16384 65536 262144"
  sweep cm5-overlapped cm5 32 "--machine-option cmmd=overlapped" "$(echo $cm5_sizes | tr ' ' ,)"
  sweep cm5 cm5 32 "" "$(echo $cm5_sizes | tr ' ' ,)"
  sweep cluster ethernet-cluster 24 "" "$(echo $cluster_sizes | tr ' ' ,)"
  sweep cluster-no-send-buffer ethernet-cluster 24 "--machine-option send_buffer_bytes=0" "$(echo $cluster_sizes | tr ' ' ,)"
  {
    echo "CM-5, 32 nodes. Times in ms; ratio = SMPI / mcsim AC."
    echo
    echo "| bytes | mcsim AC, \`cmmd=overlapped\` | SMPI, AC in MPI | ratio | SMPI, MPI_Alltoall | ratio | mcsim AC, CMMD 1992 | SMPI, AC in MPI | ratio |"
    echo "|---|---|---|---|---|---|---|---|---|"
    for b in $cm5_sizes; do
      awk -v b="$b" -v m="$(ms cm5-overlapped "$b")" \
        -v ac="$(smpi cm5 32 "--machine-option cmmd=overlapped" ac_alltoall "$b")" \
        -v lib="$(smpi cm5 32 "--machine-option cmmd=overlapped" alltoall "$b")" \
        -v m92="$(ms cm5 "$b")" -v ac92="$(smpi cm5 32 "" ac_alltoall "$b")" 'BEGIN {
          printf "| %d | %.4g | %.4g | %.3f | %.4g | %.3f | %.4g | %.4g | %.3f |\n",
            b, m, ac * 1e3, ac * 1e3 / m, lib * 1e3, lib * 1e3 / m, m92, ac92 * 1e3, ac92 * 1e3 / m92 }'
    done
    echo
    echo "Cluster (ch_p4), 24 nodes. Times in ms; ratio = SMPI, AC in MPI / the mcsim column before it."
    echo
    echo "| bytes | mcsim AC | SMPI, AC in MPI | ratio | SMPI, MPI_Alltoall | mcsim AC, \`send_buffer_bytes=0\` | ratio |"
    echo "|---|---|---|---|---|---|---|"
    for b in $cluster_sizes; do
      awk -v b="$b" -v m="$(ms cluster "$b")" -v w="$(ms cluster-no-send-buffer "$b")" \
        -v ac="$(smpi ethernet-cluster 24 "" ac_alltoall "$b")" -v lib="$(smpi ethernet-cluster 24 "" alltoall "$b")" 'BEGIN {
          printf "| %d | %.4g | %.4g | %.3f | %.4g | %.4g | %.3f |\n",
            b, m, ac * 1e3, ac * 1e3 / m, lib * 1e3, w, ac * 1e3 / w }'
    done
  } >"$work/alltoall.md"
}

make_t3d() {
  compile alltoall
  t3d_sizes="16 1024 16384 65536"
  sweep t3d t3d 64 "" "$(echo $t3d_sizes | tr ' ' ,)"
  sweep t3d-flow t3d 64 "--machine-option switching=flow" "$(echo $t3d_sizes | tr ' ' ,)"
  {
    echo "| bytes | T3D, 64 nodes: mcsim wormhole | mcsim \`switching=flow\` | SMPI \`--approximate-switching\` | ratio to wormhole | ratio to flow |"
    echo "|---|---|---|---|---|---|"
    for b in $t3d_sizes; do
      awk -v b="$b" -v w="$(ms t3d "$b")" -v f="$(ms t3d-flow "$b")" \
        -v lib="$(smpi t3d 64 --approximate-switching alltoall "$b")" 'BEGIN {
          printf "| %d | %#.4g | %#.4g | %#.4g | %.3f | %.3f |\n", b, w, f, lib * 1e3, lib * 1e3 / w, lib * 1e3 / f }'
    done
  } >"$work/t3d.md"
}

# settings: one row per bundled machine, the values `mcsim mpi --show-settings` passes to smpirun.
setting() { sed -n "s/^  --cfg=smpi\/$1:\([^ ]*\) .*/\1/p" "$work/settings.txt"; }
make_settings() {
  {
    echo "| machine | async-small-thresh | send-is-detached-thresh | os = ois | or |"
    echo "|---|---|---|---|---|"
    for row in "cm5||cm5 (CMMD 1992)" "cm5|--machine-option cmmd=overlapped|cm5, \`cmmd=overlapped\`" \
      "ethernet-cluster||ethernet-cluster (ch_p4)" "t3d|--approximate-switching|t3d (approximate)"; do
      machine=${row%%|*} rest=${row#*|}
      options=${rest%%|*} label=${rest#*|}
      "$mcsim" mpi --machine "$machine" $options --show-settings >"$work/settings.txt"
      os=$(setting os) ois=$(setting ois)
      [ "$os" = "$ois" ] || { echo "$0: $machine: smpi/os $os and smpi/ois $ois differ" >&2; exit 1; }
      echo "| $label | $(setting async-small-thresh) | $(setting send-is-detached-thresh) | \`$os\` | \`$(setting or)\` |"
    done
  } >"$work/settings.md"
}

# algorithm1: cyclic(6) -> cyclic(8), p = q = 5, on the 24-node cluster; messages of 4 x (4 or 6) x N / 24 bytes.
make_algorithm1() {
  compile guo05_algorithm1
  golden=$source/tests/golden/guo05-fig7/guo05-fig7.csv
  {
    echo "| N (elements a processor) | messages (B) | mcsim align-message | SMPI | ratio |"
    echo "|---|---|---|---|---|"
    for n in 1200 6000 12000 60000 120000 600000; do
      m=$(awk -F, -v n="$n" '$2 == "comm" && $3 == "align-message" && $4 == n { print $6 }' "$golden")
      [ -n "$m" ] || { echo "$golden: no align-message time at N = $n" >&2; exit 1; }
      t=$("$mcsim" mpi --machine ethernet-cluster --nodes 24 -- -np 5 --log=root.thres:warning --cfg=smpi/wtime:0 \
        --cfg=smpi/simulate-computation:no "$work/guo05_algorithm1" 6 5 8 5 "$n" |
        sed -n 's/.*misplaced elements 0, time \([0-9.e+-]*\).*/\1/p')
      [ -n "$t" ] || { echo "$0: guo05_algorithm1 at N = $n misplaced elements or printed no time" >&2; exit 1; }
      awk -v n="$n" -v m="$m" -v t="$t" 'function grouped(x, s) {
          s = sprintf("%d", x); while (s ~ /[0-9][0-9][0-9][0-9]/) sub(/[0-9][0-9][0-9]$/, ",&", s)
          while (s ~ /[0-9][0-9][0-9][0-9],/) sub(/[0-9][0-9][0-9],/, ",&", s); return s }
        BEGIN { printf "| %s | %s-%s | %.4f | %.4f | %.3f |\n", grouped(n), grouped(16 * n / 24), grouped(24 * n / 24),
          m, t * 1e3, t * 1e3 / m }'
    done
  } >"$work/algorithm1.md"
}

for name in $blocks; do make_$name; done

case $mode in
  print) for name in $blocks; do cat "$work/$name.md"; echo; done ;;
  --check | --update)
    status=0
    for name in $blocks; do
      begin="<!-- $name:begin -->" end="<!-- $name:end -->"
      grep -qxF "$begin" "$page" && grep -qxF "$end" "$page" ||
        { echo "$page: no lines $begin and $end" >&2; exit 1; }
      if [ "$mode" = --check ]; then
        awk -v b="$begin" -v e="$end" '$0 == e { inside = 0 } inside { print } $0 == b { inside = 1 }' "$page" \
          >"$work/page-$name.md"
        if ! cmp -s "$work/$name.md" "$work/page-$name.md"; then
          diff "$work/page-$name.md" "$work/$name.md" | head -5 >&2
          echo "$page: the $name block differs from the runs (first difference above; rewrite it with --update)" >&2
          status=1
        fi
      else
        awk -v b="$begin" -v e="$end" -v f="$work/$name.md" '
          $0 == e { while ((getline line < f) > 0) print line; inside = 0 }
          !inside { print } $0 == b { inside = 1 }' "$page" >"$work/page.new"
        mv "$work/page.new" "$page"
      fi
    done
    exit $status
    ;;
  *) echo "$0: unknown mode $mode" >&2; exit 2 ;;
esac
