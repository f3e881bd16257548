#!/usr/bin/env bash
# Integration test on a real Slurm: installs Debian's slurm-wlm and munge (when missing), starts
# munged, slurmctld and slurmd on this machine with a minimal configuration (one node, 2 CPUs, no
# cgroups, no systemd, no accounting), submits `reproduce ranka92-table3 --samples 4 --deterministic`
# as 4 shards with tools/slurm/submit.sh, waits for the merge job, and compares the merged CSV and
# SVG with a one-machine run byte for byte. It stops the daemons it started and nothing else.
#
#   local_slurm_test.sh MCSIM SOURCE_DIR WORK_DIR
#
# Needs root (sudo is used when not root) and Debian's package archive. ctest runs it only as
# `ctest --preset slurm` (label slurm), which sets MCSIM_SLURM_TEST=1; without it the test is skipped.
set -euo pipefail

mcsim=$1 source_dir=$2 work=$3
if [ "${MCSIM_SLURM_TEST:-}" != 1 ]; then
  echo "skipped: set MCSIM_SLURM_TEST=1 (or run ctest --preset slurm); this test installs packages as root"
  exit 77
fi
start=$(date +%s)
sudo=()
[ "$(id -u)" -eq 0 ] || sudo=(sudo)
say() { echo "[slurm-test $(( $(date +%s) - start ))s] $*"; }

# --- packages ------------------------------------------------------------------------------------
if ! command -v slurmctld >/dev/null || ! command -v slurmd >/dev/null || ! command -v munged >/dev/null; then
  say "installing slurm-wlm and munge"
  "${sudo[@]}" apt-get update -q
  "${sudo[@]}" env DEBIAN_FRONTEND=noninteractive apt-get install -y -q --no-install-recommends slurm-wlm munge
fi

# --- a private configuration: own ports, sockets, spool and state, nothing of the system's ---------
"${sudo[@]}" rm -rf "$work"
mkdir -p "$work"
work=$(cd "$work" && pwd)
mkdir -p "$work/munge" "$work/state" "$work/spool" "$work/log" "$work/shards" "$work/one"
chmod 700 "$work/munge"
"${sudo[@]}" chown root:root "$work/munge"
pids=()
cleanup() {
  status=$?
  if [ -n "${SLURM_CONF:-}" ] && command -v scancel >/dev/null; then scancel --quiet --user="$(id -un)" 2>/dev/null || true; fi
  for pid in "${pids[@]}"; do "${sudo[@]}" kill "$pid" 2>/dev/null || true; done
  for pid in "${pids[@]}"; do
    for _ in $(seq 50); do "${sudo[@]}" kill -0 "$pid" 2>/dev/null || break; sleep 0.1; done
  done
  if [ "$status" -ne 0 ]; then
    for log in "$work"/log/* "$work"/shards/slurm-*.out; do
      [ -f "$log" ] && { echo "--- $log (last lines)"; tail -n 25 "$log"; }
    done
  fi
  say "daemons stopped; exit $status"
}
trap cleanup EXIT
trap 'exit 143' TERM INT HUP  # so that the daemons are stopped when ctest's time-out ends the test

"${sudo[@]}" dd if=/dev/urandom of="$work/munge/munge.key" bs=1024 count=1 status=none
"${sudo[@]}" chmod 400 "$work/munge/munge.key"
node=mcsimnode
ctld_port=$((20000 + RANDOM % 20000))
cat > "$work/slurm.conf" <<CONF
ClusterName=mcsimtest
SlurmctldHost=$(hostname -s)(127.0.0.1)
SlurmctldPort=$ctld_port
SlurmdPort=$((ctld_port + 1))
AuthType=auth/munge
AuthInfo=socket=$work/munge/munge.socket
CredType=cred/munge
SlurmUser=root
SlurmdUser=root
StateSaveLocation=$work/state
SlurmdSpoolDir=$work/spool
SlurmctldPidFile=$work/slurmctld.pid
SlurmdPidFile=$work/slurmd.pid
SlurmctldLogFile=$work/log/slurmctld.log
SlurmdLogFile=$work/log/slurmd.log
ProctrackType=proctrack/linuxproc
TaskPlugin=task/none
JobAcctGatherType=jobacct_gather/none
AccountingStorageType=accounting_storage/none
JobCompType=jobcomp/none
MpiDefault=none
SwitchType=switch/none
SchedulerType=sched/backfill
SelectType=select/cons_tres
SelectTypeParameters=CR_CPU
ReturnToService=2
MinJobAge=600
NodeName=$node NodeAddr=127.0.0.1 NodeHostname=$(hostname -s) CPUs=2 State=UNKNOWN
PartitionName=test Nodes=$node Default=YES MaxTime=INFINITE State=UP
CONF
export SLURM_CONF=$work/slurm.conf

# --- daemons (in the foreground of background jobs, so that their ids are ours to stop) -----------
say "starting munged, slurmctld, slurmd"
"${sudo[@]}" munged --foreground --force --key-file="$work/munge/munge.key" --socket="$work/munge/munge.socket" \
  --pid-file="$work/munge/munged.pid" --log-file="$work/log/munged.log" --seed-file="$work/munge/munged.seed" \
  >"$work/log/munged.out" 2>&1 &
pids+=($!)
for _ in $(seq 100); do [ -S "$work/munge/munge.socket" ] && break; sleep 0.1; done
[ -S "$work/munge/munge.socket" ] || { echo "munged did not start"; exit 1; }
"${sudo[@]}" env SLURM_CONF="$SLURM_CONF" slurmctld -D -i -f "$SLURM_CONF" >"$work/log/slurmctld.out" 2>&1 &
pids+=($!)
"${sudo[@]}" env SLURM_CONF="$SLURM_CONF" slurmd -D -N "$node" -f "$SLURM_CONF" >"$work/log/slurmd.out" 2>&1 &
pids+=($!)
for _ in $(seq 300); do
  state=$(sinfo -h -N -n "$node" -o %t 2>/dev/null || true)
  [ "$state" = idle ] && break
  sleep 0.2
done
[ "$state" = idle ] || { echo "the node did not become idle (state '$state')"; sinfo -N -l || true; exit 1; }
say "node $node idle"

# --- one machine, then 4 shards on Slurm --------------------------------------------------------
command=(reproduce ranka92-table3 --samples 4 --deterministic)
t0=$(date +%s)
"$mcsim" "${command[@]}" -q -o "$work/one" >/dev/null
say "one-machine run: $(( $(date +%s) - t0 )) s"

t0=$(date +%s)
submitted=$("$source_dir/tools/slurm/submit.sh" --shards 4 --dir "$work/shards" --mcsim "$mcsim" --cpus 1 \
  --time 00:20:00 -- "${command[@]}")
echo "$submitted"
merge_job=$(echo "$submitted" | sed -n 's/^merge: *job \([0-9]*\).*/\1/p')
for _ in $(seq 1200); do
  job_state=$(scontrol show job "$merge_job" 2>/dev/null | sed -n 's/.*JobState=\([A-Z_]*\).*/\1/p')
  case "$job_state" in COMPLETED|FAILED|CANCELLED|TIMEOUT|NODE_FAIL|OUT_OF_MEMORY) break ;; esac
  sleep 0.5
done
say "Slurm: 4 shards and the merge took $(( $(date +%s) - t0 )) s; merge job $merge_job $job_state"
[ "$job_state" = COMPLETED ] || { scontrol show job "$merge_job" || true; exit 1; }

# --- the comparison ---------------------------------------------------------------------------------
ls "$work/shards"
status=0
for file in ranka92-table3.csv ranka92-table3.svg; do
  if cmp "$work/one/$file" "$work/shards/$file"; then
    say "$file: merged and one-machine outputs are byte-identical ($(wc -c < "$work/one/$file") bytes)"
  else
    say "$file: DIFFERS"; status=1
  fi
done
[ "$(ls "$work"/shards/ranka92-table3.shard-*-of-4.txt | wc -l)" -eq 4 ] || { say "expected 4 shard files"; status=1; }
[ ! -e "$work/shards/ranka92-table3.shard-0-of-4.tasks" ] || { say "a shard left its task directory"; status=1; }
say "total $(( $(date +%s) - start )) s"
exit $status
