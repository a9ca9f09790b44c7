#!/usr/bin/env bash
# Builds the fuzz targets (build-fuzz: clang, libFuzzer, ASan+UBSan) and fuzzes
# each one for a short time, starting from its committed corpus and past
# findings, two at a time. Fails if any target crashes, times out or runs out
# of memory; the input and the log are kept under build-fuzz/findings/.
# Usage: tests/fuzz/run_fuzzers.sh [SECONDS_PER_TARGET [TARGET...]]
set -euo pipefail
cd "$(dirname "$0")/../.."
seconds=${1:-50}
shift || true
targets=("$@")
if [ ${#targets[@]} -eq 0 ]; then
  targets=(chrome_json nsys_sqlite nsys_json nvprof_sqlite dvdt_json memory_snapshot rocprof_json rocm_sqlite perfetto xplane analyses)
fi

t=$SECONDS
CXX=clang++ cmake -S . -B build-fuzz -G Ninja -DCMAKE_BUILD_TYPE=RelWithDebInfo -DTRACELANE_FUZZ=ON -DTRACELANE_UNITY=ON >/dev/null
cmake --build build-fuzz
echo "== fuzz build: $((SECONDS - t)) s"
t=$SECONDS

# Signed overflows whose fixes are pending are listed in ubsan-pending.supp;
# anything else UBSan or ASan sees aborts the run.
export UBSAN_OPTIONS="halt_on_error=1:print_stacktrace=1:suppressions=$PWD/tests/fuzz/ubsan-pending.supp"
export ASAN_OPTIONS="detect_leaks=1:allocator_may_return_null=0"
if [ -x /usr/lib/llvm-14/bin/llvm-symbolizer ]; then # Debian names it llvm-symbolizer-14 in PATH
  export ASAN_SYMBOLIZER_PATH=/usr/lib/llvm-14/bin/llvm-symbolizer
fi
findings=build-fuzz/findings
rm -rf "$findings"
mkdir -p "$findings"

fuzz() {
  local target=$1 new="$findings/$1/new-corpus"
  mkdir -p "$new"
  local inputs=("tests/fuzz/corpus/$target")
  [ -d "tests/fuzz/regressions/$target" ] && inputs+=("tests/fuzz/regressions/$target")
  if build-fuzz/tests/fuzz/fuzz_"$target" "$new" "${inputs[@]}" -max_total_time="$seconds" -timeout=10 \
      -rss_limit_mb=2048 -print_final_stats=1 -artifact_prefix="$findings/$target/" \
      >"$findings/$target/log" 2>&1; then
    echo "fuzz_$target: $(grep -m1 -o 'stat::number_of_executed_units: [0-9]*' "$findings/$target/log" \
      | cut -d' ' -f2) runs in ${seconds} s, no finding"
  else
    echo "fuzz_$target: FINDING, see $findings/$target/log:"
    grep -E 'ERROR|SUMMARY|runtime error|invariant|differ' "$findings/$target/log" | head -5
    return 1
  fi
}

# Two at a time: CI machines have two cores.
status=0
for ((i = 0; i < ${#targets[@]}; i += 2)); do
  pids=()
  for target in "${targets[@]:i:2}"; do
    fuzz "$target" &
    pids+=($!)
  done
  for pid in "${pids[@]}"; do
    wait "$pid" || status=1
  done
done
echo "== fuzzing: $((SECONDS - t)) s"
exit $status
