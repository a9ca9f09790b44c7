#!/usr/bin/env bash
# Configures, builds (warnings are errors) and runs every test. Needs no display.
# Then builds the fuzz targets with clang (build-fuzz) and fuzzes each for
# TRACELANE_FUZZ_SECONDS (default 30; 0 skips), failing on any finding.
# Prints how long each stage took; docs/DEVELOPMENT.md has their budgets.
set -euo pipefail
cd "$(dirname "$0")/.."
export QT_QPA_PLATFORM=offscreen
started=$SECONDS
stage() { echo "== $1: $((SECONDS - $2)) s"; }

t=$SECONDS
bash scripts/configure.sh
cmake --build build
stage "build" "$t"

t=$SECONDS
ctest --test-dir build --output-on-failure -j "$(nproc)"
stage "tests" "$t"

seconds=${TRACELANE_FUZZ_SECONDS:-30}
if [ "$seconds" -gt 0 ]; then
  bash tests/fuzz/run_fuzzers.sh "$seconds"
fi
stage "run-tests.sh in all" "$started"
