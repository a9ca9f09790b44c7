#!/bin/bash
# Several traces in one window against loading them one after another.
#   bench/group_open.sh BUILD_DIR TRACE...
# Each load runs in a fresh process; prints every run, then the sums the
# budget compares (DESIGN.md, docs/PERFORMANCE.md "Several traces at once").
set -euo pipefail
bin="$1/bin/bench_group_open"
shift
alone_s=0; largest_peak=0; models=0; largest_model=0
for trace in "$@"; do
  line=$("$bin" --alone "$trace")
  echo "$line"
  s=$(echo "$line" | sed 's/.*"seconds": \([0-9.]*\).*/\1/')
  peak=$(echo "$line" | sed 's/.*"peak_mb": \([0-9.]*\).*/\1/')
  model=$(echo "$line" | sed 's/.*"resident_mb": \([0-9.]*\).*/\1/')
  alone_s=$(echo "$alone_s + $s" | bc -l)
  models=$(echo "$models + $model" | bc -l)
  if (( $(echo "$peak > $largest_peak" | bc -l) )); then largest_peak=$peak; largest_model=$model; fi
done
group=$("$bin" --group "$@")
echo "$group"
group_s=$(echo "$group" | sed 's/.*"seconds": \([0-9.]*\).*/\1/')
group_peak=$(echo "$group" | sed 's/.*"peak_mb": \([0-9.]*\).*/\1/')
budget_peak=$(echo "$largest_peak + $models - $largest_model" | bc -l)
printf '{"one_after_another_s": %.3f, "group_s": %.3f, "peak_budget_mb": %.1f, "group_peak_mb": %.1f}\n' \
  "$alone_s" "$group_s" "$budget_peak" "$group_peak"
