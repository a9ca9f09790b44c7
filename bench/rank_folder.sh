#!/bin/bash
# A folder of rank traces reduced one file at a time against the budget: peak
# memory within twice the largest single trace's load (docs/PERFORMANCE.md,
# "Hundreds of ranks").
#   bench/rank_folder.sh BUILD_DIR FOLDER
# Each run is a fresh process, so peaks do not mix.
set -euo pipefail
build="$1"
folder="$2"
largest=$(ls -S "$folder" | head -1)
alone=$("$build/bin/bench_group_open" --alone "$folder/$largest")
echo "$alone"
folder_run=$(/usr/bin/time -f '%e %M' "$build/bin/bench_rank_folder" "$folder" 2>/tmp/rank_folder_time.$$)
echo "$folder_run"
read -r wall maxrss_kb < /tmp/rank_folder_time.$$
rm -f /tmp/rank_folder_time.$$
alone_peak=$(echo "$alone" | sed 's/.*"peak_mb": \([0-9.]*\).*/\1/')
folder_peak=$(echo "$folder_run" | sed 's/.*"peak_mb": \([0-9.]*\).*/\1/')
printf '{"largest_file": "%s", "single_load_peak_mb": %.1f, "budget_mb": %.1f, "folder_peak_mb": %.1f, "process_max_rss_mb": %.1f, "wall_s": %s}\n' \
  "$largest" "$alone_peak" "$(echo "2 * $alone_peak" | bc -l)" "$folder_peak" "$(echo "$maxrss_kb / 1024" | bc -l)" "$wall"
