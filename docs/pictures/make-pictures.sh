#!/usr/bin/env bash
# Remakes the pictures in docs/pictures/ (run from the repository root after building):
#   docs/pictures/make-pictures.sh [path/to/mcsim]
# Each picture is one recorded run of `mcsim timeline` (same seed, same bytes) or one `mcsim report`.
set -euo pipefail
mcsim=${1:-build/release/bin/mcsim}
out=docs/pictures
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

# Link load on the 32-node CM-5, one random matrix of density 8 with 4 KB units, under LP (one
# pairwise exchange per step) and AC (every message at once).
for s in LP AC; do
  nice -n 10 "$mcsim" timeline --machine cm5 --nodes 32 --density 8 --msg-unit 4096 --scheduler "$s" --link-load --load-scale 1 \
    -o "$work/cm5-$s.csv"
  cp "$work/cm5-$s.links.svg" "$out/cm5-$s-link-load.svg"
  cp "$work/cm5-$s.links.csv" "$out/cm5-$s-link-load.csv"
  cp "$work/cm5-$s.svg" "$out/cm5-$s-timeline.svg"
done

# The 64-node iPSC/860 (Wang and Ranka 1994's machine), density 16, 1 KB units, RS_NL's phases under
# the paper's strategies S1 (receiver-ready) and S2 (post everything at once): circuits claimed and
# waited for show red in the lower half of each row.
for s in S1 S2; do
  nice -n 10 "$mcsim" timeline --machine ipsc860 --nodes 64 --density 16 --msg-unit 1024 --scheduler RS_NL \
    --strategy "$s" --link-load -o "$work/ipsc860-$s.csv"
  cp "$work/ipsc860-$s.svg" "$out/ipsc860-RS_NL-$s-timeline.svg"
  cp "$work/ipsc860-$s.links.svg" "$out/ipsc860-RS_NL-$s-link-load.svg"
done

# 512 nodes: rows aggregated, 8 nodes each (add --link-load for its 3,584 links drawn as the tree).
nice -n 10 "$mcsim" timeline --machine cm5 --nodes 512 --density 16 --msg-unit 1024 --scheduler CGM \
  -o "$work/cm5-512.csv"
cp "$work/cm5-512.svg" "$out/cm5-512-CGM-timeline.svg"

# The browsable report on a small subset (one sample per cell; `mcsim report --out DIR` runs them all).
rm -rf "$out/report"
nice -n 10 "$mcsim" report --out "$out/report" --only ranka92-table3,wang94-fig5,guo05-ex1 --samples 1 \
  --deterministic -q

# Replays by family at 1,400 px (tools/check-replay-in-browser.sh checks each and keeps its screenshots):
# the T3D's 4 x 4 x 4 torus, an 8 x 8 torus, the 64-node hypercube and CP-PACS's 4 x 4 x 4
# hyper-crossbar, AC, d = 8, 1 KB units.
for spec in "t3d|--machine t3d" "torus8x8|--machine t3d --machine-option sides=8x8" "ipsc860|--machine ipsc860" \
            "cp-pacs|--machine cp-pacs"; do
  name=${spec%%|*}
  # shellcheck disable=SC2086
  nice -n 10 "$mcsim" timeline ${spec#*|} --nodes 64 --density 8 --msg-unit 1024 --scheduler AC --html -o "$work/$name.csv"
  tools/check-replay-in-browser.sh "$work/$name.html" "$work/shots-$name"
  convert "$work/shots-$name/replay-1400-t1.png" -colors 64 "$out/replay-$name-1400.png"
done
