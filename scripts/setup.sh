#!/usr/bin/env bash
# One command for a fresh Debian 12 machine (as root): install the dependencies,
# build, and show a shared sample trace — in the GUI when a display exists,
# otherwise with tracelane-cli.
set -euo pipefail
cd "$(dirname "$0")/.."
trace=${1:-../shared/traces/kineto/resnet50_train.json.gz}
bash scripts/install-deps.sh
cmake -S . -B build -G Ninja -DCMAKE_BUILD_TYPE=RelWithDebInfo >/dev/null
cmake --build build
build/bin/tracelane-cli info "$trace"
echo
# The first lines only. sed reads to the end, unlike head, so the CLI never
# dies of SIGPIPE and pipefail does not turn success into exit 141.
build/bin/tracelane-cli kernels "$trace" | sed -n '1,12p'
if [ -n "${DISPLAY:-}${WAYLAND_DISPLAY:-}" ] && [ -x build/bin/tracelane ]; then
  build/bin/tracelane "$trace" &
fi
