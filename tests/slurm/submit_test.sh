#!/usr/bin/env bash
# tools/slurm/submit.sh without Slurm: a fake `sbatch` first on PATH records every call and runs
# the job script as Slurm would (each array task with its SLURM_ARRAY_TASK_ID, then the merge job
# if every shard succeeded). Checks that
#  - every bad argument is refused in one line "submit.sh: ...", exit status 2, before anything is
#    submitted or created (the inputs the first hostile pass found: --shards 08, 00, 100001, -j and
#    -o in the command, ...);
#  - a good submission runs shard.sbatch and merge.sbatch end to end: the merged CSV and SVG are
#    byte-identical to a one-machine run, and the merge job's command came from submit.sh's
#    arguments, not from the shard files.
#
#   submit_test.sh MCSIM SOURCE_DIR WORK_DIR
set -euo pipefail

mcsim=$1 source_dir=$2 work=$3
submit=$source_dir/tools/slurm/submit.sh
rm -rf "$work"
mkdir -p "$work/bin" "$work/calls"
work=$(cd "$work" && pwd)
failures=0
bad() { echo "FAILED: $*"; failures=$((failures + 1)); }

cat > "$work/bin/sbatch" <<'FAKE'
#!/usr/bin/env bash
# Fake sbatch: records its arguments (one a line) in $FAKE_CALLS/N, runs the script at once.
set -uo pipefail
n=$(( $(ls "$FAKE_CALLS" | wc -l) + 1 ))
printf '%s\n' "$@" > "$FAKE_CALLS/$n"
array="" output="" dependency="" cpus=1
while [ $# -gt 0 ] && [[ "$1" == -* ]]; do
  case "$1" in
    --array=*) array=${1#--array=} ;;
    --output=*) output=${1#--output=} ;;
    --dependency=*) dependency=${1#--dependency=} ;;
    --cpus-per-task=*) cpus=${1#--cpus-per-task=} ;;
  esac
  shift
done
job=$((1000 + n))
if [ -n "$dependency" ] && [ -e "$FAKE_CALLS/../failed-${dependency#afterok:}" ]; then
  echo "$job"  # afterok on a failed job: never runs
  exit 0
fi
script=$1
shift
if [ -n "$array" ]; then
  range=${array%%\%*}
  for ((k = ${range%-*}; k <= ${range#*-}; k++)); do
    log=${output//%A/$job}
    log=${log//%a/$k}
    SLURM_ARRAY_TASK_ID=$k SLURM_CPUS_PER_TASK=$cpus bash "$script" "$@" >"${log//%%/%}" 2>&1 ||
      touch "$FAKE_CALLS/../failed-$job"
  done
else
  log=${output//%j/$job}
  bash "$script" "$@" >"${log//%%/%}" 2>&1 || touch "$FAKE_CALLS/../failed-$job"
fi
echo "$job;fakecluster"
FAKE
chmod +x "$work/bin/sbatch"
export PATH="$work/bin:$PATH" FAKE_CALLS="$work/calls"

# --- refused before anything is submitted or created ---------------------------------------------
refused() {  # FRAGMENT ARGUMENTS...
  local fragment=$1
  shift
  rm -rf "$work/calls"/* "$work/d"
  local status=0
  "$submit" "$@" >"$work/out" 2>"$work/err" || status=$?
  local what="submit.sh $*"
  [ "$status" -eq 2 ] || bad "$what: exit status $status, not 2"
  [ "$(wc -l <"$work/err")" -eq 1 ] || bad "$what: stderr is not one line: $(cat "$work/err")"
  grep -q '^submit.sh: ' "$work/err" || bad "$what: stderr does not start with 'submit.sh: ': $(cat "$work/err")"
  grep -qF -- "$fragment" "$work/err" || bad "$what: stderr lacks '$fragment': $(cat "$work/err")"
  [ -z "$(ls "$work/calls")" ] || bad "$what: sbatch was called"
  [ ! -e "$work/d" ] || bad "$what: created --dir"
  echo "refused: $what -> $(cat "$work/err")"
}
good=(--mcsim "$mcsim" --dir "$work/d")
cmd=(-- reproduce ranka92-table3 --samples 2 --deterministic)
refused "--shards needs a whole number 1..100000 (without sign or leading zero), not '08'" --shards 08 "${good[@]}" "${cmd[@]}"
refused "not '00'" --shards 00 "${good[@]}" "${cmd[@]}"
refused "not '0'" --shards 0 "${good[@]}" "${cmd[@]}"
refused "not '100001'" --shards 100001 "${good[@]}" "${cmd[@]}"
refused "not '99999999999999999999'" --shards 99999999999999999999 "${good[@]}" "${cmd[@]}"
refused "not '-1'" --shards -1 "${good[@]}" "${cmd[@]}"
refused "not '+4'" --shards +4 "${good[@]}" "${cmd[@]}"
refused "not '4 '" --shards "4 " "${good[@]}" "${cmd[@]}"
refused "not ''" --shards "" "${good[@]}" "${cmd[@]}"
refused "--shards needs a value" "${good[@]}" "${cmd[@]:0:0}" --shards
refused "--shards N is required" "${good[@]}" "${cmd[@]}"
refused "--max-running needs a whole number 1..4, not '5'" --shards 4 --max-running 5 "${good[@]}" "${cmd[@]}"
refused "--max-running needs a whole number 1..4, not '0'" --shards 4 --max-running 0 "${good[@]}" "${cmd[@]}"
refused "--cpus needs a whole number 1..1024, not '0'" --shards 4 --cpus 0 "${good[@]}" "${cmd[@]}"
refused "--cpus needs a whole number 1..1024 (without sign or leading zero), not 'two'" --shards 4 --cpus two "${good[@]}" "${cmd[@]}"
refused "--dir DIR is required" --shards 4 --mcsim "$mcsim" "${cmd[@]}"
refused "--dir: the directory name has a control character" --shards 4 --mcsim "$mcsim" --dir "$work/a
b" "${cmd[@]}"
refused "exists and is not a directory" --shards 4 --mcsim "$mcsim" --dir "$submit" "${cmd[@]}"
refused "--mcsim: $work/none is not an executable file" --shards 4 --mcsim "$work/none" --dir "$work/d" "${cmd[@]}"
refused "--mcsim: no 'no-such-mcsim' on PATH" --shards 4 --mcsim no-such-mcsim --dir "$work/d" "${cmd[@]}"
refused "unknown option '--frobnicate'" --shards 4 --frobnicate "${good[@]}" "${cmd[@]}"
# Issue 46: /bin/true passed for mcsim, and a misspelt mcsim option failed only in every shard.
refused "--mcsim: /bin/true --version says 'true (GNU coreutils)" --shards 4 --mcsim /bin/true --dir "$work/d" "${cmd[@]}"
refused "the mcsim command is refused:" --shards 4 "${good[@]}" "${cmd[@]}" --sampels 2
refused "the mcsim command is refused: reproduce: no experiment 'no-such-id'" --shards 4 "${good[@]}" -- reproduce no-such-id
refused "no mcsim command after --" --shards 4 "${good[@]}" --
refused "the command must be reproduce, run, sweep or sensitivity, not 'timeline'" --shards 4 "${good[@]}" -- timeline
refused "run needs a scenario file that exists" --shards 4 "${good[@]}" -- run "$work/missing.toml"
# -qj2, -qo, -jq: short flags written together (-qj2 passed, then every shard failed on the cluster
# with "--jobs: At Most 1 required but received 2").
for word in -j -j4 --jobs --jobs=4 -o -o/tmp/x --out --out=x -q --quiet --shard --shard=0/2 --resume --from-shards \
  --from-shards=x --all -qj2 -qo -jq; do
  refused "the command may not hold '$word'" --shards 4 "${good[@]}" "${cmd[@]}" "$word"
done

# --- a good submission, run by the fake sbatch -------------------------------------------------------
rm -rf "$work/calls"/* "$work/d"
"$mcsim" reproduce ranka92-table3 --samples 2 --deterministic -q -o "$work/one" >/dev/null
if "$submit" --shards 3 --max-running 2 --cpus 1 --sbatch --partition=x "${good[@]}" "${cmd[@]}" >"$work/out" 2>"$work/err"
then
  cat "$work/out"
  grep -q '^shards: job 1001 (array 0-2%2)$' "$work/out" || bad "the shard job line: $(cat "$work/out")"
  grep -q '^merge:  job 1002 ' "$work/out" || bad "the merge job line: $(cat "$work/out")"
  for file in ranka92-table3.csv ranka92-table3.svg; do
    if cmp -s "$work/one/$file" "$work/d/$file"; then
      echo "$file: merged through submit.sh byte-identical to one run"
    else
      bad "$file: merged output differs from one run (logs: $(cat "$work"/d/slurm-*.out))"
    fi
  done
  [ "$(ls "$work"/d/ranka92-table3.shard-*-of-3.txt | wc -l)" -eq 3 ] || bad "not 3 shard files"
  # The merge job's command is submit.sh's, given in full: the shard files supply results only.
  merge_args=$(tr '\n' ' ' <"$work/calls/2")
  case "$merge_args" in
    *"merge.sbatch $mcsim $work/d reproduce ranka92-table3 --samples 2 --deterministic -o $work/d "*) ;;
    *) bad "the merge job's arguments: $merge_args" ;;
  esac
else
  bad "a good submission failed: $(cat "$work/err")"
fi

# A failed shard: the merge job never runs, so nothing is merged.
rm -rf "$work/calls"/* "$work/d" "$work"/failed-*
"$submit" --shards 2 "${good[@]}" -- reproduce ranka92-table3 --samples 2 --cfg no/such-key:1 >"$work/out" 2>&1 ||
  bad "a submission failed: $(cat "$work/out")"
[ ! -e "$work/d/ranka92-table3.csv" ] || bad "a merge ran after a failed shard"

[ "$failures" -eq 0 ] || { echo "$failures failed"; exit 1; }
echo "all passed"
