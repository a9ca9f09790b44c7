#!/usr/bin/env bash
# Configures build/ the one way setup.sh and run-tests.sh both use (RelWithDebInfo,
# warnings are errors), so the tests reuse every object setup.sh built.
set -euo pipefail
cd "$(dirname "$0")/.."
cmake -S . -B build -G Ninja -DCMAKE_BUILD_TYPE=RelWithDebInfo -DTRACELANE_WERROR=ON >/dev/null
