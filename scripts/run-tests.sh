#!/usr/bin/env bash
# Configures, builds (warnings are errors) and runs every test. Needs no display.
set -euo pipefail
cd "$(dirname "$0")/.."
export QT_QPA_PLATFORM=offscreen
cmake -S . -B build -G Ninja -DCMAKE_BUILD_TYPE=RelWithDebInfo -DTRACELANE_WERROR=ON >/dev/null
cmake --build build
ctest --test-dir build --output-on-failure
