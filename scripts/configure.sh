#!/usr/bin/env bash
# Configures build/ the one way setup.sh and run-tests.sh both use, so the tests
# reuse every object setup.sh built: RelWithDebInfo with line tables only (-g1:
# file and line in backtraces and sanitizer reports, a third less compile time
# than full -g), warnings are errors, the core as a unity build. The `dev`
# preset keeps full debug information for stepping through code.
set -euo pipefail
cd "$(dirname "$0")/.."
cmake -S . -B build -G Ninja -DCMAKE_BUILD_TYPE=RelWithDebInfo \
  -DCMAKE_CXX_FLAGS_RELWITHDEBINFO="-O2 -g1 -DNDEBUG" -DTRACELANE_UNITY=ON -DTRACELANE_WERROR=ON >/dev/null
