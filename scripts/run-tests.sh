#!/usr/bin/env bash
# Configures, builds (warnings are errors) and runs every test. Needs no display.
# Then builds the fuzz targets with clang (build-fuzz) and fuzzes each for
# TRACELANE_FUZZ_SECONDS (default 45; 0 skips), failing on any finding.
set -euo pipefail
cd "$(dirname "$0")/.."
export QT_QPA_PLATFORM=offscreen
cmake -S . -B build -G Ninja -DCMAKE_BUILD_TYPE=RelWithDebInfo -DTRACELANE_WERROR=ON >/dev/null
cmake --build build
ctest --test-dir build --output-on-failure
seconds=${TRACELANE_FUZZ_SECONDS:-45}
if [ "$seconds" -gt 0 ]; then
  bash tests/fuzz/run_fuzzers.sh "$seconds"
fi
