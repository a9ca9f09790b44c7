#!/usr/bin/env python3
"""Independent reference figures for the shared Chrome/Kineto traces.

Reads each trace with Python's json module (a DOM, unlike Tracelane's streaming
reader), converts times with decimal arithmetic (exact nanoseconds), and writes
the counts, the time span and the summaries that tracelane-cli must reproduce,
in the columns of the matching `nsys stats` reports:

  kernels             cuda_gpu_kern_sum    every `kernel` event, by name
  api                 cuda_api_sum         cuda_runtime / cuda_driver / mtia_runtime
                                           calls, by name without a "_vNNNN" suffix
  ranges              nvtx_sum             `user_annotation` (record_function)
                                           ranges, named ":NAME", style PushPop
  projection          nvtx_gpu_proj_sum    those ranges projected onto the GPU
  projection_trace    nvtx_gpu_proj_trace  one row per projected range; only for
                                           traces with few ranges, to keep this small

Definitions: nsys_definitions.py and kineto_projection.py. The definitions are
written from the nsys report documentation, not from Tracelane's code. Run once
when a trace or a definition changes; the output is committed in
tests/data/expected/chrome and read by tests/import_chrome and tests/analysis.

usage: chrome_reference.py SHARED_TRACES_DIR OUTPUT_DIR
"""
import decimal
import gzip
import json
import os
import sys

from kineto_projection import Range, project
from nsys_definitions import api_display_name, summary_rows

GPU_WORK = {"kernel": "kernels", "gpu_memcpy": "memcpys", "gpu_memset": "memsets"}
# Categories Kineto writes for host-side API calls (CUDA, HIP under the same
# names, MTIA), lower-cased; older profilers wrote "runtime" and "driver".
API = {"cuda_runtime", "cuda_driver", "mtia_runtime", "runtime", "driver"}
DEVICE_CATS = {"kernel", "gpu_memcpy", "gpu_memset", "gpu_user_annotation", "cuda_sync",
               "mtia_ccp_events", "cuda_profiler_range"}
TRACES = ["kineto/compiled_mlp_train.json.gz", "kineto/dlrm_train.json.gz",
          "kineto/resnet50_train.json.gz", "kineto/transformer_train_2streams.json.gz",
          "hta/amd_mi250_rocm62.json.gz", "hta/cupti_profiler_counters.json.gz",
          "hta/mtia_rank0.json.gz", "hta/nccl_distributed_rank.json.gz",
          "hta/sampled_rank-0.json.gz", "hta/sampled_rank-1.json.gz",
          "hta/triton_example.json.gz"]
# Per-instance projection rows are kept for traces with at most this many
# projected ranges; the per-name summary is kept for all.
MAX_PROJECTION_TRACE_ROWS = 200
# The nsys column headers of each report, in order.
COLUMNS = {
    "kernels": ["Time (%)", "Total Time (ns)", "Instances", "Avg (ns)", "Med (ns)", "Min (ns)", "Max (ns)",
                "StdDev (ns)", "Name"],
    "api": ["Time (%)", "Total Time (ns)", "Num Calls", "Avg (ns)", "Med (ns)", "Min (ns)", "Max (ns)",
            "StdDev (ns)", "Name"],
    "ranges": ["Time (%)", "Total Time (ns)", "Instances", "Avg (ns)", "Med (ns)", "Min (ns)", "Max (ns)",
               "StdDev (ns)", "Style", "Range"],
    "projection": ["Range", "Style", "Total Proj Time (ns)", "Total Range Time (ns)", "Range Instances",
                   "Proj Avg (ns)", "Proj Med (ns)", "Proj Min (ns)", "Proj Max (ns)", "Proj StdDev (ns)",
                   "Total GPU Ops", "Avg GPU Ops", "Avg Range Lvl", "Avg Num Child"],
    "projection_trace": ["Name", "Projected Start (ns)", "Projected Duration (ns)", "Orig Start (ns)",
                         "Orig Duration (ns)", "Style", "PID", "TID", "NumGPUOps", "Lvl", "NumChild", "RangeId",
                         "ParentId", "RangeStack"],
}


def ns(value):
    """Microseconds as written (float text) -> exact integer nanoseconds."""
    d = decimal.Decimal(repr(value)) if isinstance(value, float) else decimal.Decimal(value)
    return int((d * 1000).to_integral_value(rounding=decimal.ROUND_HALF_UP))


def load(path):
    # parse_float=str keeps the number's text: float() would lose epoch nanoseconds.
    with gzip.open(path, "rt", encoding="utf-8") as f:
        doc = json.load(f, parse_float=str)
    return doc["traceEvents"] if isinstance(doc, dict) else doc


def thread_key(pid, tid):
    """pid/tid as one thread: numbers written as text are the same numbers."""
    def number(v):
        try:
            return int(v)
        except (TypeError, ValueError):
            return str(v)
    return number(pid), number(tid)


def reference(events):
    counts = dict(events=0, cpu_ops=0, ranges=0, api_calls=0, kernels=0, memcpys=0, memsets=0, flows=0)
    threads, streams, starts, ends = set(), set(), [], []
    api_correlations, gpu_correlations = set(), []
    flow_phases = {}
    kernels, api_calls, range_durations = {}, {}, {}
    ranges, calls, gpu_ops = [], {}, []
    for e in events:
        ph, cat = e.get("ph"), (e.get("cat") or "").lower()
        if ph in ("s", "f") and cat in ("fwdbwd", "ac2g"):
            flow_phases.setdefault((cat, e["id"]), set()).add(ph)
        if ph not in ("X", "i", "I"):
            continue
        start = ns(e["ts"])
        dur = ns(e.get("dur", 0)) if ph == "X" else 0
        counts["events"] += 1
        starts.append(start)
        ends.append(start + dur)
        args = e.get("args", {})
        if cat in DEVICE_CATS:
            streams.add((args.get("device", e["pid"]), args.get("stream", e["tid"])))
        elif not (ph in ("i", "I") and e.get("s") in ("g", "p")):
            # Instants of scope "g" (global) and "p" (process) belong to no thread.
            threads.add((str(e["pid"]), str(e["tid"])))
        if cat == "cpu_op":
            counts["cpu_ops"] += 1
        elif cat == "user_annotation":
            counts["ranges"] += 1
            range_durations.setdefault(":" + e["name"], []).append(dur)
            ranges.append(Range(thread_key(e["pid"], e["tid"]), start, start + dur, e["name"]))
        elif cat in API:
            counts["api_calls"] += 1
            api_calls.setdefault(e["name"], []).append(dur)
            if args.get("correlation"):
                api_correlations.add(args["correlation"])
                # The first call with an id launches its work, should ids repeat.
                calls.setdefault(args["correlation"], (thread_key(e["pid"], e["tid"]), start, start + dur))
        elif cat in GPU_WORK:
            counts[GPU_WORK[cat]] += 1
            if args.get("correlation"):
                gpu_correlations.append(args["correlation"])
                gpu_ops.append((args["correlation"], start, start + dur))
        if cat == "kernel":
            kernels.setdefault(e["name"], []).append(dur)
    # A launch arrow comes from a shared correlation id or from a complete ac2g
    # s/f pair (MTIA device work carries no correlation); both name the same id.
    launches = {c for c in gpu_correlations if c in api_correlations}
    launches |= {i for (cat, i), p in flow_phases.items() if cat == "ac2g" and p == {"s", "f"}}
    fwdbwd = sum(1 for (cat, _), p in flow_phases.items() if cat == "fwdbwd" and p == {"s", "f"})
    counts["flows"] = len(launches) + fwdbwd
    counts["threads"] = len(threads)
    counts["streams"] = len(streams)
    counts["start_ns"] = min(starts) if starts else 0
    counts["end_ns"] = max(ends) if ends else 0
    projection_trace, projection = project(ranges, calls, gpu_ops)
    result = {
        "counts": counts,
        "columns": COLUMNS,
        "kernels": summary_rows(kernels, "Instances", "Name"),
        "api": summary_rows(api_calls, "Num Calls", "Name", rename=api_display_name),
        "ranges": summary_rows(range_durations, "Instances", "Range", extra={"Style": "PushPop"}),
        "projection": projection,
    }
    if len(projection_trace) <= MAX_PROJECTION_TRACE_ROWS:
        result["projection_trace"] = projection_trace
    return result


def main():
    shared, out = sys.argv[1], sys.argv[2]
    os.makedirs(out, exist_ok=True)
    for rel in TRACES:
        result = reference(load(os.path.join(shared, rel)))
        name = os.path.basename(rel).replace(".json.gz", "")
        with open(os.path.join(out, name + ".json"), "w", encoding="utf-8") as f:
            json.dump(result, f, indent=1, sort_keys=True)
            f.write("\n")
        print(name, {k: len(v) for k, v in result.items() if isinstance(v, list)})


if __name__ == "__main__":
    main()
