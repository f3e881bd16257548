#!/bin/sh
# docs/mpi.md's all-to-all tables, made from runs (issue 50): SMPI runs AC written in MPI
# (ac_alltoall.c) and MPI_Alltoall (alltoall.c, basic_linear) on the mcsim platform; mcsim runs
# `mcsim sweep --scheduler AC` on the same machine. Prints the markdown block that sits between
# <!-- alltoall:begin --> and <!-- alltoall:end --> in docs/mpi.md.
#   make-alltoall-tables.sh MCSIM SOURCE_DIR WORK               print the block
#   make-alltoall-tables.sh MCSIM SOURCE_DIR WORK --check PAGE  exit 1 naming the first line that differs
#   make-alltoall-tables.sh MCSIM SOURCE_DIR WORK --update PAGE rewrite the block in PAGE
# Needs smpicc and smpirun (tools/install-deps.sh installs SimGrid's SMPI). About 40 SMPI runs of
# 0.1-0.2 s of CPU each.
set -eu
if [ $# -lt 3 ]; then
  echo "usage: $0 MCSIM SOURCE_DIR WORK [--check|--update PAGE]" >&2
  exit 2
fi
mcsim=$1 source=$2 work=$3
mode=${4:-print} page=${5:-}
mkdir -p "$work"
for program in ac_alltoall alltoall; do
  smpicc -O2 -o "$work/$program" "$source/docs/examples/mpi/$program.c" >"$work/cc.log" 2>&1 ||
    { cat "$work/cc.log" >&2; exit 1; }
done
# The cluster with ch_p4's writes returning at once (`sends = posted`): what a write of a message
# that fits p4's 16384-byte socket send buffer does (docs/mpi.md, "The cluster's gap").
sed 's/^sends = { value = "local"/sends = { value = "posted"/' \
  "$source/scenarios/machines/ethernet-cluster.toml" >"$work/cluster-writes-return.toml"
grep -q '^sends = { value = "posted"' "$work/cluster-writes-return.toml" ||
  { echo "$0: ethernet-cluster.toml has no 'sends = local' line to change" >&2; exit 1; }

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

cm5_sizes="16 256 1024 4096 16384 65536"
cluster_sizes="16 256 1024 4096 16384 65536 262144"
sweep cm5-overlapped cm5 32 "--machine-option cmmd=overlapped" "$(echo $cm5_sizes | tr ' ' ,)"
sweep cm5 cm5 32 "" "$(echo $cm5_sizes | tr ' ' ,)"
sweep cluster ethernet-cluster 24 "" "$(echo $cluster_sizes | tr ' ' ,)"
sweep cluster-writes-return "$work/cluster-writes-return.toml" 24 "" "$(echo $cluster_sizes | tr ' ' ,)"

block=$work/block.md
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
  echo "| bytes | mcsim AC | SMPI, AC in MPI | ratio | SMPI, MPI_Alltoall | mcsim AC, writes returning at once | ratio |"
  echo "|---|---|---|---|---|---|---|"
  for b in $cluster_sizes; do
    awk -v b="$b" -v m="$(ms cluster "$b")" -v w="$(ms cluster-writes-return "$b")" \
      -v ac="$(smpi ethernet-cluster 24 "" ac_alltoall "$b")" -v lib="$(smpi ethernet-cluster 24 "" alltoall "$b")" 'BEGIN {
        printf "| %d | %.4g | %.4g | %.3f | %.4g | %.4g | %.3f |\n",
          b, m, ac * 1e3, ac * 1e3 / m, lib * 1e3, w, ac * 1e3 / w }'
  done
} >"$block"

case $mode in
  print) cat "$block" ;;
  --check | --update)
    begin='<!-- alltoall:begin -->' end='<!-- alltoall:end -->'
    grep -qxF "$begin" "$page" && grep -qxF "$end" "$page" ||
      { echo "$page: no lines $begin and $end" >&2; exit 1; }
    awk -v b="$begin" -v e="$end" '$0 == e { inside = 0 } inside { print } $0 == b { inside = 1 }' "$page" >"$work/page-block.md"
    if [ "$mode" = --check ]; then
      if ! cmp -s "$block" "$work/page-block.md"; then
        diff "$work/page-block.md" "$block" | head -5 >&2
        echo "$page: the all-to-all block differs from the runs (first difference above; rewrite it with --update)" >&2
        exit 1
      fi
    else
      awk -v b="$begin" -v e="$end" -v f="$block" '
        $0 == e { while ((getline line < f) > 0) print line; inside = 0 }
        !inside { print } $0 == b { inside = 1 }' "$page" >"$work/page.new"
      mv "$work/page.new" "$page"
    fi
    ;;
  *) echo "$0: unknown mode $mode" >&2; exit 2 ;;
esac
