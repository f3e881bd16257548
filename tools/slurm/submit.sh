#!/usr/bin/env bash
# Runs an mcsim command as a Slurm job array of N shards and a merge job that starts when every
# shard has succeeded (sbatch --dependency=afterok). Prints the two job ids.
#
#   tools/slurm/submit.sh --shards 16 --dir /shared/results/table3 [options] -- reproduce ranka92-table3 --samples 50
#
# Options (resources are passed to sbatch as they are given):
#   --shards N          array tasks (shards), 0..N-1; N = 1..100000 (mcsim's limit; the cluster's
#                       MaxArraySize, 1001 unless configured, may be lower: sbatch then refuses)  (required)
#   --dir DIR           shared directory for shard files, logs and the merged output   (required)
#   --mcsim PATH        the mcsim binary, visible on every node       (default: mcsim on PATH)
#   --cpus C            CPUs per shard, 1..1024; mcsim runs C simulation processes (-j C)  (default 1)
#   --mem M             memory per shard, e.g. 2G                     (default: the cluster's)
#   --time T            time limit per shard, e.g. 02:00:00           (default: the cluster's)
#   --partition P, --account A
#   --max-running K     at most K shards at once (--array=0-(N-1)%K), K = 1..N
#   --sbatch ARG        any other sbatch argument, for both jobs (repeatable)
# After --: the mcsim command (reproduce, run, sweep or sensitivity) without -o, -j, -q, --shard,
# --resume, --from-shards or --all (this script gives those); its output goes to DIR (reproduce,
# sensitivity: DIR/ID...; sweep: DIR/sweep.csv; run FILE.toml: DIR/FILE.csv). The merge job runs the
# same command with --from-shards DIR: nothing is taken from the shard files but task results.
# Every argument is checked before anything is submitted; a mistake is one line and exit status 2.
set -euo pipefail

here=$(cd "$(dirname "$0")" && pwd)
max_shards=100000
dir="" mcsim=mcsim cpus=1 mem="" time_limit="" max_running=""
common=()
usage() { sed -n '2,22p' "$0" | sed 's/^# \{0,1\}//'; exit 0; }
fail() { echo "submit.sh: $*" >&2; exit 2; }
# A whole number written plainly (no sign, no leading zero: bash would read 08 as octal) in MIN..MAX.
whole() {  # NAME VALUE MIN MAX
  case "$2" in
    ''|*[!0-9]*|0?*) fail "$1 needs a whole number $3..$4 (without sign or leading zero), not '$2'" ;;
  esac
  [ "${#2}" -le 7 ] && [ "$2" -ge "$3" ] && [ "$2" -le "$4" ] || fail "$1 needs a whole number $3..$4, not '$2'"
}
while [ $# -gt 0 ]; do
  case "$1" in
    --) shift; break ;;
    -h|--help) usage ;;
    --shards|--dir|--mcsim|--cpus|--mem|--time|--partition|--account|--max-running|--sbatch)
      [ $# -ge 2 ] || fail "$1 needs a value (see --help)"
      case "$1" in
        --shards) shards=$2 ;;
        --dir) dir=$2 ;;
        --mcsim) mcsim=$2 ;;
        --cpus) cpus=$2 ;;
        --mem) mem=$2 ;;
        --time) time_limit=$2 ;;
        --partition) common+=("--partition=$2") ;;
        --account) common+=("--account=$2") ;;
        --max-running) max_running=$2 ;;
        --sbatch) common+=("$2") ;;
      esac
      shift 2 ;;
    *) fail "unknown option '$1' (see --help)" ;;
  esac
done

# --- every check, before anything is created or submitted ----------------------------------------
[ -n "${shards+given}" ] || fail "--shards N is required (see --help)"
whole --shards "$shards" 1 "$max_shards"
[ -n "$max_running" ] && whole --max-running "$max_running" 1 "$shards"
whole --cpus "$cpus" 1 1024
[ -n "$dir" ] || fail "--dir DIR is required (see --help)"
case "$dir" in *[[:cntrl:]]*) fail "--dir: the directory name has a control character (a line break?)" ;; esac
[ ! -e "$dir" ] || [ -d "$dir" ] || fail "--dir: $dir exists and is not a directory"
[ $# -gt 0 ] || fail "no mcsim command after -- (see --help)"
case "$1" in
  reproduce|sensitivity) out=("-o" "$dir") ;;
  sweep) out=("-o" "$dir/sweep.csv") ;;
  run) [ $# -ge 2 ] && [ -f "$2" ] || fail "run needs a scenario file that exists, not '${2:-}'"
       out=("-o" "$dir/$(basename "$2" .toml).csv") ;;
  *) fail "the command must be reproduce, run, sweep or sensitivity, not '$1'" ;;
esac
for word in "$@"; do
  # Short flags may be written together (-qj2 is -q -j 2): a cluster holding -j, -o or -q counts too.
  [[ "$word" =~ ^-[a-zA-Z]*[joq] ]] && word_is_ours=yes || word_is_ours=""
  case "$word" in
    -o|-o?*|--out|--out=*|-j|-j?*|--jobs|--jobs=*|-q|--quiet|--shard|--shard=*|--resume|--from-shards|--from-shards=*|--all)
      word_is_ours=yes ;;
  esac
  if [ -n "$word_is_ours" ]; then
    fail "the command may not hold '$word': this script gives -o, -j, -q, --shard, --resume and --from-shards itself (and --all is not sharded)"
  fi
done
if [[ "$mcsim" == */* ]]; then
  [ -f "$mcsim" ] && [ -x "$mcsim" ] || fail "--mcsim: $mcsim is not an executable file"
  mcsim=$(cd "$(dirname "$mcsim")" && pwd)/$(basename "$mcsim")
else
  command -v "$mcsim" >/dev/null || fail "--mcsim: no '$mcsim' on PATH (give its path)"
fi
# `--mcsim /bin/true` passed a check of the exit status alone: mcsim gives its version number and
# names itself in its help.
version=$("$mcsim" --version 2>/dev/null) || fail "--mcsim: $mcsim --version failed: not mcsim?"
[[ "$version" =~ ^[0-9]+\.[0-9]+ ]] && "$mcsim" --help 2>/dev/null | head -1 | grep -q '^mcsim ' ||
  fail "--mcsim: $mcsim --version says '$(printf '%s' "${version:0:60}" | tr -c '[:print:]' ' ')', and its help is not mcsim's: not mcsim?"
# The command as each shard will run it, stopped by its own work bound before anything is
# simulated or written: a misspelt option or scenario fails here, once, not in every shard.
probe_status=0
probe=$("$mcsim" "$@" "${out[@]}" -q --shard "0/$shards" --max-work 1e-300 2>&1 >/dev/null) || probe_status=$?
if [ "$probe_status" -ne 0 ] && [[ "$probe" != *"above the limit of"* ]]; then
  probe=${probe%%$'\n'*}
  fail "the mcsim command is refused: ${probe#mcsim: error: }"
fi
command -v sbatch >/dev/null || fail "sbatch not found: run this on a Slurm login node"

mkdir -p "$dir" || fail "--dir: cannot create $dir"
dir=$(cd "$dir" && pwd)
logs=${dir//%/%%}  # sbatch reads % in --output as a pattern
array="0-$((shards - 1))${max_running:+%$max_running}"
resources=("--cpus-per-task=$cpus")
[ -n "$mem" ] && resources+=("--mem=$mem")
[ -n "$time_limit" ] && resources+=("--time=$time_limit")

shard_job=$(sbatch --parsable --job-name=mcsim-shards --array="$array" "${resources[@]}" "${common[@]}" \
  --output="$logs/slurm-%A_%a.out" "$here/shard.sbatch" "$mcsim" "$shards" "$@" "${out[@]}")
shard_job=${shard_job%%;*}
if ! merge_job=$(sbatch --parsable --job-name=mcsim-merge --dependency="afterok:$shard_job" --kill-on-invalid-dep=yes \
  --cpus-per-task=1 "${common[@]}" --output="$logs/slurm-%j-merge.out" "$here/merge.sbatch" "$mcsim" "$dir" "$@" \
  "${out[@]}"); then
  scancel "$shard_job" 2>/dev/null || true
  fail "the merge job could not be submitted; the shards (job $shard_job) were cancelled"
fi
merge_job=${merge_job%%;*}
echo "shards: job $shard_job (array $array)"
echo "merge:  job $merge_job (after every shard succeeded; writes into $dir)"
