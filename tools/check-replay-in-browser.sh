#!/usr/bin/env bash
# Opens a replay written by `mcsim timeline --html -o NAME.csv` (NAME.html, beside the messages'
# CSV NAME.csv) in headless Chromium (Debian package chromium, installed through apt-get when
# missing) and checks that
#   - the browser console says nothing;
#   - at two times (set through the page's address, #t=<ms>) the page shows as many messages in
#     flight as the CSV has (start_ms <= t < end_ms, counted here with awk, not by the page);
#   - the network drawing differs between the two times (the page's checksum of its canvas);
#   - the page does not say that its routes carry other bytes than the links recorded (the routes
#     are the run's own: on the CM-5 the up-links each message drew);
# and keeps screenshots at widths 1400 and 400 (both times at 1400) in OUTDIR, with the page's set-up
# time (performance.now() at the end of its script) in OUTDIR/load-ms.txt.
#
#   tools/check-replay-in-browser.sh NAME.html OUTDIR
#
# The two times: midway between two consecutive message events near 30% and 70% of the run, so
# that rounding in the CSV (6 decimals of a millisecond) cannot move a message across the time.
# Exit status 0: all good; 1: a check failed; 2: usage or setup problem.
set -euo pipefail
if [ $# -ne 2 ] || [ ! -f "$1" ] || [ ! -f "${1%.html}.csv" ]; then
  echo "usage: $0 NAME.html OUTDIR   (NAME.html and NAME.csv written by mcsim timeline --html)" >&2
  exit 2
fi
page=$(cd "$(dirname "$1")" && pwd)/$(basename "$1")
csv="${page%.html}.csv"
mkdir -p "$2"
out=$(cd "$2" && pwd)
# shellcheck source=chromium-path.sh
source "$(dirname "$0")/chromium-path.sh"
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
flags=(--headless --disable-gpu --no-sandbox --no-first-run --disable-extensions --user-data-dir="$work/profile"
       --hide-scrollbars --virtual-time-budget=10000)

# The messages' CSV: phase,src,dst,bytes,dummy,start_ms,end_ms, up to its first blank line.
awk -F, 'NR > 1 && NF == 7 { print $6; print $7 }  NF == 0 { exit }' "$csv" | sort -g -u > "$work/events"
[ -s "$work/events" ] || { echo "check-replay: $csv has no messages" >&2; exit 2; }
time_near() {  # midway between the first event at or after fraction $1 of the run and the one before it
  awk -v f="$1" '{ e[NR] = $1 } END { last = e[NR]; for (i = 2; i <= NR; ++i) if (e[i] >= f * last) { printf "%.9f\n", (e[i - 1] + e[i]) / 2; exit } }' "$work/events"
}
in_flight() {
  awk -F, -v t="$1" 'NR > 1 && NF == 7 && $6 + 0 <= t && t < $7 + 0 { ++n }  NF == 0 { exit }  END { print n + 0 }' "$csv"
}
t1=$(time_near 0.3)
t2=$(time_near 0.7)
status=0
field() { sed -n "s|.*<span id=\"$1\"[^>]*>\([^<]*\)</span>.*|\1|p" "$2" | head -n 1; }
declare -A sum
for t in "$t1" "$t2"; do
  "$browser" "${flags[@]}" --enable-logging=stderr --v=0 --window-size=1400,1000 --dump-dom \
    "file://$page#t=$t&check" >"$work/dom" 2>"$work/log" || true
  if grep -q "CONSOLE" "$work/log"; then
    echo "check-replay: FAILED: the console said (t = $t ms):" >&2
    grep "CONSOLE" "$work/log" >&2
    status=1
  fi
  expected=$(in_flight "$t")
  shown=$(field in-flight "$work/dom")
  sum[$t]=$(field canvas-sum "$work/dom")
  echo "check-replay: t = $t ms: $shown messages in flight on the page, $expected in the CSV; canvas sum ${sum[$t]}"
  [ "$shown" = "$expected" ] || { echo "check-replay: FAILED: the page shows $shown in flight at $t ms, the CSV $expected" >&2; status=1; }
  [ -n "${sum[$t]}" ] || { echo "check-replay: FAILED: the page drew nothing at $t ms" >&2; status=1; }
  [ "$t" = "$t1" ] && field load-ms "$work/dom" >"$out/load-ms.txt"
done
if grep -q "the run's own routes:" "$page"; then
  echo "check-replay: FAILED: the page says its routes are not the run's own" >&2
  status=1
fi
[ "${sum[$t1]}" != "${sum[$t2]}" ] || { echo "check-replay: FAILED: the drawing is the same at $t1 and $t2 ms" >&2; status=1; }
"$browser" "${flags[@]}" --window-size=1400,1000 --screenshot="$out/replay-1400-t1.png" "file://$page#t=$t1" 2>/dev/null
"$browser" "${flags[@]}" --window-size=1400,1000 --screenshot="$out/replay-1400-t2.png" "file://$page#t=$t2" 2>/dev/null
"$browser" "${flags[@]}" --window-size=400,900 --screenshot="$out/replay-400-t1.png" "file://$page#t=$t1" 2>/dev/null
for shot in replay-1400-t1 replay-1400-t2 replay-400-t1; do
  [ -s "$out/$shot.png" ] || { echo "check-replay: FAILED: no screenshot $shot.png" >&2; status=1; }
done
echo "check-replay: set up in $(cat "$out/load-ms.txt") ms; page $(wc -c <"$page") bytes; screenshots in $out"
[ $status -eq 0 ] && echo "check-replay: no console message, the in-flight counts match the CSV, the drawing moves, the routes are the run's own"
exit $status
