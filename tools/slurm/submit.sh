#!/usr/bin/env bash
# Runs an mcsim command as a Slurm job array of N shards and a merge job that starts when every
# shard has succeeded (sbatch --dependency=afterok). Prints the two job ids.
#
#   tools/slurm/submit.sh --shards 16 --dir /shared/results/table3 [options] -- reproduce ranka92-table3 --samples 50
#
# Options (resources are passed to sbatch as they are given):
#   --shards N          array tasks (shards), 0..N-1                                  (required)
#   --dir DIR           shared directory for shard files, logs and the merged output   (required)
#   --mcsim PATH        the mcsim binary, visible on every node       (default: mcsim on PATH)
#   --cpus C            CPUs per shard; mcsim runs C simulation processes (-j C)     (default 1)
#   --mem M             memory per shard, e.g. 2G                     (default: the cluster's)
#   --time T            time limit per shard, e.g. 02:00:00           (default: the cluster's)
#   --partition P, --account A
#   --max-running K     at most K shards at once (--array=0-(N-1)%K)
#   --sbatch ARG        any other sbatch argument, for both jobs (repeatable)
# After --: the mcsim command (reproduce, run, sweep or sensitivity) without -o; its output goes to DIR
# (reproduce: DIR/ID.csv; sweep: DIR/sweep.csv; run FILE.toml: DIR/FILE.csv). The merge job runs
# the same command with --from-shards DIR: nothing is taken from the shard files but task results.
set -euo pipefail

here=$(cd "$(dirname "$0")" && pwd)
shards="" dir="" mcsim=mcsim cpus=1 mem="" time_limit="" max_running=""
common=()
usage() { sed -n '2,20p' "$0" | sed 's/^# \{0,1\}//'; exit 2; }
while [ $# -gt 0 ]; do
  case "$1" in
    --shards) shards=$2; shift 2 ;;
    --dir) dir=$2; shift 2 ;;
    --mcsim) mcsim=$2; shift 2 ;;
    --cpus) cpus=$2; shift 2 ;;
    --mem) mem=$2; shift 2 ;;
    --time) time_limit=$2; shift 2 ;;
    --partition) common+=("--partition=$2"); shift 2 ;;
    --account) common+=("--account=$2"); shift 2 ;;
    --max-running) max_running=$2; shift 2 ;;
    --sbatch) common+=("$2"); shift 2 ;;
    --) shift; break ;;
    -h|--help) usage ;;
    *) echo "submit.sh: unknown option '$1' (see --help)" >&2; exit 2 ;;
  esac
done
[ -n "$shards" ] && [ -n "$dir" ] && [ $# -gt 0 ] || usage
case "$shards" in ''|*[!0-9]*|0) echo "submit.sh: --shards needs a whole number >= 1" >&2; exit 2 ;; esac
case "$1" in
  reproduce|sensitivity) out=("-o" "$dir") ;;
  sweep) out=("-o" "$dir/sweep.csv") ;;
  run) [ $# -ge 2 ] || usage; out=("-o" "$dir/$(basename "$2" .toml).csv") ;;
  *) echo "submit.sh: the command must be reproduce, run, sweep or sensitivity, not '$1'" >&2; exit 2 ;;
esac
mkdir -p "$dir"
dir=$(cd "$dir" && pwd)
if [[ "$mcsim" == */* ]]; then mcsim=$(cd "$(dirname "$mcsim")" && pwd)/$(basename "$mcsim"); fi

array="0-$((shards - 1))${max_running:+%$max_running}"
resources=("--cpus-per-task=$cpus")
[ -n "$mem" ] && resources+=("--mem=$mem")
[ -n "$time_limit" ] && resources+=("--time=$time_limit")

shard_job=$(sbatch --parsable --job-name=mcsim-shards --array="$array" "${resources[@]}" "${common[@]}" \
  --output="$dir/slurm-%A_%a.out" "$here/shard.sbatch" "$mcsim" "$shards" "$@" "${out[@]}")
shard_job=${shard_job%%;*}
merge_job=$(sbatch --parsable --job-name=mcsim-merge --dependency="afterok:$shard_job" --kill-on-invalid-dep=yes \
  --cpus-per-task=1 "${common[@]}" --output="$dir/slurm-%j-merge.out" "$here/merge.sbatch" "$mcsim" "$dir" "$@" \
  "${out[@]}")
merge_job=${merge_job%%;*}
echo "shards: job $shard_job (array $array)"
echo "merge:  job $merge_job (after every shard succeeded; writes into $dir)"
