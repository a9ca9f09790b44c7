#!/usr/bin/env bash
# Times what a newcomer and CI pay, on fresh clones of HEAD beside this checkout
# (so ../shared is the same): setup.sh, then run-tests.sh in that clone, then
# .ci/run in a second clone. ccache is bypassed so every object is compiled.
# Usage: scripts/time-fresh-clone.sh [setup|ci|all]   (default all)
# Prints one line per command; docs/DEVELOPMENT.md records the figures.
set -euo pipefail
cd "$(dirname "$0")/.."
what=${1:-all}
parent=$(cd .. && pwd)
export CCACHE_DISABLE=1
unset DISPLAY WAYLAND_DISPLAY

timed() { # label, folder, command...
  local label=$1 folder=$2 started=$SECONDS log
  shift 2
  log="$folder.${label//\//_}.log"
  (cd "$folder" && "$@") >"$log" 2>&1
  echo "$label: $((SECONDS - started)) s (log: $log)"
  grep '^== ' "$log" || true
}

fresh() {
  local folder
  folder=$(mktemp -d "$parent/tracelane-fresh-XXXX")
  git clone -q "$PWD" "$folder"
  echo "$folder"
}

echo "machine: $(nproc) cores, $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | xargs)"
if [ "$what" = all ] || [ "$what" = setup ]; then
  clone=$(fresh)
  timed setup.sh "$clone" bash scripts/setup.sh
  timed run-tests.sh "$clone" bash scripts/run-tests.sh
fi
if [ "$what" = all ] || [ "$what" = ci ]; then
  clone=$(fresh)
  timed .ci/run "$clone" env CI=true bash .ci/run
fi
