#!/usr/bin/env bash
# Regenerates the pictures in docs/images from a shared sample trace, after a
# build. Needs no display: everything is drawn offscreen.
#   scripts/make-screenshots.sh [BUILD_DIR]
set -euo pipefail
cd "$(dirname "$0")/.."
build=${1:-build}
trace=${TRACE:-../shared/traces/kineto/resnet50_train.json.gz}
out=docs/images
export QT_QPA_PLATFORM=offscreen
mkdir -p "$out"
cli=("$build/bin/tracelane-cli")

# Times for --from/--to are nanoseconds from the trace start.
duration=$("${cli[@]}" info "$trace" --format json | sed -n 's/.*"duration_ns": \([0-9]*\).*/\1/p')
# One training step, roughly: the middle tenth of the trace.
from=$((duration * 45 / 100))
to=$((duration * 55 / 100))

"${cli[@]}" render "$trace" -o "$out/timeline-whole.png" --size 1400x640
"${cli[@]}" render "$trace" -o "$out/timeline-zoomed.png" --size 1400x640 --from "$from" --to "$to" --flows
"${cli[@]}" render "$trace" -o "$out/timeline-dark.png" --size 1400x640 --from "$from" --to "$to" --dark
# Idle gaps by cause and queue depth lanes: one step of the two-stream transformer.
two=../shared/traces/kineto/transformer_train_2streams.json.gz
"${cli[@]}" render "$two" -o "$out/timeline-idle-queue.png" --size 1400x700 --from 51000000 --to 104000000 \
  --idle-gaps --queue-depth
# One of each chart, as the README and docs/ANALYSIS_CHARTS.md show them.
dlrm=../shared/traces/kineto/dlrm_train.json.gz
"${cli[@]}" chart "$dlrm" --kind iterations -o "$out/iterations_dlrm.png" --size 960x540
"${cli[@]}" chart "$dlrm" --kind breakdown -o "$out/breakdown_dlrm.png" --size 960x540
"${cli[@]}" chart "$trace" --kind kernels -o "$out/kernels_resnet50.png" --size 960x540
"${cli[@]}" chart "$trace" --kind kernel-stats -o "$out/chart_kernel_stats.png" --size 960x540
# The whole window, as the README shows it; the application saves it itself.
# Fresh settings, so a saved layout or theme does not change the picture.
config=$(mktemp -d)
trap 'rm -rf "$config"' EXIT
XDG_CONFIG_HOME=$config "$build/bin/tracelane" --screenshot "$out/window.png" "$trace"
# The analysis panels on an NVTX-annotated Nsight recording, one iteration selected.
rm -rf "${config:?}"/*
XDG_CONFIG_HOME=$config "$build/bin/tracelane" --select "Iteration 2" --screenshot "$out/window_panels.png" \
  ../shared/traces/nsys/nvtx_cnn.sqlite
# Markers: the first compiled region's span, and a named time (the GELU kernel's start).
rm -rf "${config:?}"/*
XDG_CONFIG_HOME=$config "$build/bin/tracelane" --select "Torch-Compiled Region" --marker selected \
  --marker "863217=gelu starts" --screenshot "$out/markers.png" ../shared/traces/kineto/compiled_mlp_train.json.gz
# The Instances panel: every GEMM kernel listed, the first selected.
rm -rf "${config:?}"/*
XDG_CONFIG_HOME=$config "$build/bin/tracelane" --list "gemm|cutlass" --screenshot "$out/window_instances.png" "$trace"
# Linked panels: aten::conv2d clicked in the Breakdown, its kernels outlined.
rm -rf "${config:?}"/*
XDG_CONFIG_HOME=$config "$build/bin/tracelane" --click-breakdown aten::conv2d \
  --screenshot "$out/breakdown_linked.png" "$trace"
# An area over the CUDA API lanes, the GPU stream and its annotations, 102 .. 106 ms
# into ResNet-50's backward pass, summarised in the Selection dock.
rm -rf "${config:?}"/*
XDG_CONFIG_HOME=$config "$build/bin/tracelane" --select-area 102000000,106000000,3,4,5,6 \
  --screenshot "$out/area-selection.png" "$trace"
# Compare: two ranks of one run side by side on a full-HD screen (the offscreen
# platform's own screen is too small for two windows), the diff with one row
# clicked, its breakdown in both ranks; then both ranks' iterations.
screen=$(mktemp)
trap 'rm -rf "$config" "$screen"' EXIT
echo '{"screens": [{"name": "hd", "x": 0, "y": 0, "width": 1920, "height": 1080, "logicalDpi": 96}]}' >"$screen"
rank=../shared/traces/hta/sampled_rank
rm -rf "${config:?}"/*
XDG_CONFIG_HOME=$config QT_QPA_PLATFORM=offscreen:configfile=$screen "$build/bin/tracelane" \
  --compare "$rank-1.json.gz" --compare-name All2All_Pooled_Req --screenshot "$out/compare.png" "$rank-0.json.gz"
rm -rf "${config:?}"/*
XDG_CONFIG_HOME=$config QT_QPA_PLATFORM=offscreen:configfile=$screen "$build/bin/tracelane" \
  --compare "$rank-1.json.gz" --screenshot "$out/compare_iterations.png" "$rank-0.json.gz"
# Two ranks in one window: a lane group each, the Ranks dock with the straggler.
rm -rf "${config:?}"/*
XDG_CONFIG_HOME=$config QT_QPA_PLATFORM=offscreen:configfile=$screen "$build/bin/tracelane" \
  --screenshot "$out/ranks_dock.png" "$rank-0.json.gz" "$rank-1.json.gz"
# A trace with Python stacks: the stream opens pinned, the main thread folded at 12 rows.
"${cli[@]}" render tests/data/chrome/python_stacks/resnet50_with_stack.json.gz -o "$out/timeline-deep-lanes.png" \
  --size 1400x640
ls -l "$out"
