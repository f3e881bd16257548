#!/usr/bin/env bash
# Installs what mcsim needs to build, test and plot on Debian 12 (bookworm). Safe to run twice.
set -euo pipefail
packages=(
  g++ cmake ninja-build pkg-config   # toolchain
  libsimgrid-dev                     # the simulation kernel (SimGrid 3.32)
  libjemalloc-dev                    # the mcsim binary's allocator (docs/speed.md)
  libboost-graph-dev                 # graph views of the networks
  libfmt-dev catch2                  # formatting, tests (Catch2 v2)
  libcli11-dev libtomlplusplus-dev   # command line, scenario files
  gnuplot-nox                        # plots
  pajeng                             # pj_dump: the test that reads a Paje trace back (mcsim timeline --trace)
)
missing=()
for p in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
if [ ${#missing[@]} -eq 0 ]; then
  echo "install-deps: everything is installed"
  exit 0
fi
sudo=""
[ "$(id -u)" -eq 0 ] || sudo="sudo"
echo "install-deps: installing ${missing[*]}"
$sudo apt-get update -qq
DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq "${missing[@]}" >/dev/null
echo "install-deps: done"
