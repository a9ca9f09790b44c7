#!/usr/bin/env bash
# One command for a fresh Debian 12 machine (as root): install the dependencies,
# build the two programs, and show a shared sample trace — in the GUI when a
# display exists, otherwise with tracelane-cli. Builds only tracelane and
# tracelane-cli, configured as run-tests.sh configures, which then reuses them.
set -euo pipefail
cd "$(dirname "$0")/.."
trace=${1:-../shared/traces/kineto/resnet50_train.json.gz}
bash scripts/install-deps.sh
bash scripts/configure.sh
cmake --build build --target tracelane tracelane-cli
build/bin/tracelane-cli info "$trace"
echo
# The first lines only. sed reads to the end, unlike head, so the CLI never
# dies of SIGPIPE and pipefail does not turn success into exit 141.
build/bin/tracelane-cli kernels "$trace" | sed -n '1,12p'
if [ -n "${DISPLAY:-}${WAYLAND_DISPLAY:-}" ] && [ -x build/bin/tracelane ]; then
  build/bin/tracelane "$trace" &
fi
