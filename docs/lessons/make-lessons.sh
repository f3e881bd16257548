#!/usr/bin/env bash
# Remakes the figures and pictures of the three lessons in docs/lessons/ (run from the repository
# root after building; needs headless Chromium for the replay screenshots and ImageMagick's convert
# to shrink them):
#   docs/lessons/make-lessons.sh [path/to/mcsim] [work directory, kept: the replays are there]
# Every run is one recorded `mcsim timeline` (seed 1, sample 0): the same command gives the same
# bytes. The figures the lessons quote are written to docs/lessons/figures.txt, each line saying
# which run and which file it comes from. tests/test_lesson_figures.cpp runs the same commands and checks
# every figure the lessons quote: after a change that moves them, run this script and edit the lessons.
set -euo pipefail
mcsim=${1:-build/release/bin/mcsim}
work=${2:-$(mktemp -d)}
mkdir -p "$work"
out=docs/lessons/pictures
mkdir -p "$out"
figures=docs/lessons/figures.txt
browser=$(command -v chromium || command -v chromium-browser)
: >"$figures"

# Per run: communication time, and from NAME.states.csv the node-seconds each lane spent per activity;
# from NAME.links.csv the links' held-idle time and the busiest node interface or channel.
summarise() {  # NAME LABEL
  local name=$1 label=$2
  {
    echo "== $label ($name)"
    sed -n 's/^\(.*communication time.*\)$/  \1/p' "$work/$name.out"
    awk -F, 'NR > 1 && $2 != "phase" { s[$2 " " $3] += $5 - $4 }
             END { for (k in s) printf "  %s: %.1f node-ms\n", k, s[k] }' "$work/$name.states.csv" | sort
    awk -F, 'NR > 1 { held += $5; if ($6 > top) { top = $6; which = $1 } }
             END { printf "  links: held idle %.1f ms in all; highest utilisation %.3f (%s)\n", held, top, which }' \
      "$work/$name.links.csv"
  } >>"$figures"
}
run() {  # NAME LABEL mcsim-timeline-arguments...
  local name=$1 label=$2
  shift 2
  echo "mcsim timeline $* --link-load --html -o NAME.csv" >>"$figures"
  nice -n 10 "$mcsim" timeline "$@" --link-load --html -o "$work/$name.csv" >"$work/$name.out"
  summarise "$name" "$label"
}
# A screenshot of replay NAME.html at fraction F of its run, 1100 px wide, shrunk to 770 px, 32 colours.
shot() {  # NAME F PICTURE
  local end t
  end=$(awk -F, 'NR > 1 && NF == 7 && $7 > e { e = $7 }  NF == 0 { exit }  END { print e }' "$work/$1.csv")
  t=$(awk -v e="$end" -v f="$2" 'BEGIN { printf "%.6f", e * f }')
  "$browser" --headless --disable-gpu --no-sandbox --hide-scrollbars --user-data-dir="$work/profile" \
    --window-size=1100,1150 --virtual-time-budget=5000 --screenshot="$work/$3.png" "file://$(cd "$work" && pwd)/$1.html#t=$t" 2>/dev/null
  convert "$work/$3.png" -resize 70% -colors 32 "$out/$3.png"
  echo "picture $3.png: $1.html at t = $t ms" >>"$figures"
}

# Lesson 1: LP against AC on the 32-node CM-5, every pair exchanging (d = 31), 16 B and 32 KB units.
for u in 16 32768; do
  for s in LP AC; do
    run "cm5-$s-$u" "CM-5 32 nodes d=31 $u B $s" --machine cm5 --nodes 32 --density 31 --msg-unit "$u" --scheduler "$s" \
      --load-scale 0.75
  done
done
cp "$work/cm5-LP-32768.links.svg" "$out/cm5-LP-32768-link-load.svg"
cp "$work/cm5-AC-32768.links.svg" "$out/cm5-AC-32768-link-load.svg"
shot cm5-LP-32768 0.3 cm5-LP-32768-replay
shot cm5-AC-32768 0.3 cm5-AC-32768-replay
# ... and where the crossover goes with fewer pairs exchanging (d = 16 and 8): communication times only.
for d in 16 8; do
  for u in 16 1024 32768; do
    if [ "$d" = 16 ] && [ "$u" = 1024 ]; then continue; fi
    for s in LP AC; do
      echo "mcsim timeline --machine cm5 --nodes 32 --density $d --msg-unit $u --scheduler $s -o NAME.csv" >>"$figures"
      nice -n 10 "$mcsim" timeline --machine cm5 --nodes 32 --density "$d" --msg-unit "$u" --scheduler "$s" \
        -o "$work/cm5-d$d-$s-$u.csv" | sed -n "s/^\(.*communication time.*\)$/  d = $d, $u B: \1/p" >>"$figures"
    done
  done
done

# Lesson 2: the same AC traffic on a 64-node (8 x 8) mesh, wormhole against circuits, 64 B and 16 KB units.
for u in 64 16384; do
  for sw in wormhole circuit; do
    run "mesh-$sw-$u" "mesh 64 nodes d=8 $u B AC $sw" --machine mesh --nodes 64 --density 8 --msg-unit "$u" --scheduler AC \
      --machine-option "switching=$sw" --load-scale 1
  done
done
shot mesh-wormhole-64 0.3 mesh-wormhole-64-replay
shot mesh-circuit-64 0.3 mesh-circuit-64-replay
# ... and its "Try": store-and-forward against wormhole on a 4 x 4 mesh, d = 4, 4 KB: communication times only.
for sw in store-and-forward wormhole; do
  echo "mcsim timeline --machine mesh --nodes 16 --density 4 --msg-unit 4096 --scheduler AC --machine-option switching=$sw -o NAME.csv" >>"$figures"
  nice -n 10 "$mcsim" timeline --machine mesh --nodes 16 --density 4 --msg-unit 4096 --scheduler AC \
    --machine-option "switching=$sw" -o "$work/mesh16-$sw-4096.csv" | sed -n "s/^\(.*communication time.*\)$/  $sw: \1/p" >>"$figures"
done

# Lesson 3: RS_NL on the 64-node iPSC/860 (d = 16), S1 (receiver-ready) against S2 (asynchronous), 1 KB and 16 KB.
for u in 1024 16384; do
  for s in S1 S2; do
    run "ipsc860-$s-$u" "iPSC/860 64 nodes d=16 $u B RS_NL $s" --machine ipsc860 --nodes 64 --density 16 --msg-unit "$u" \
      --scheduler RS_NL --strategy "$s"
  done
done
shot ipsc860-S1-1024 0.3 ipsc860-S1-1024-replay
shot ipsc860-S2-1024 0.3 ipsc860-S2-1024-replay
echo "replays in $work"
