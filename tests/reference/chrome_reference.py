#!/usr/bin/env python3
"""Independent reference figures for the shared Chrome/Kineto traces.

Reads each trace with Python's json module (a DOM, unlike Tracelane's streaming
reader), converts times with decimal arithmetic (exact nanoseconds), and writes
the counts, the time span and the per-kernel statistics that tracelane-cli must
reproduce. Run once when a trace or a definition changes; the output is
committed beside this script and read by tests/import_chrome.

usage: chrome_reference.py SHARED_TRACES_DIR OUTPUT_DIR
"""
import decimal
import gzip
import json
import os
import statistics
import sys

GPU_WORK = {"kernel": "kernels", "gpu_memcpy": "memcpys", "gpu_memset": "memsets"}
API = {"cuda_runtime", "cuda_driver", "mtia_runtime"}
DEVICE_CATS = {"kernel", "gpu_memcpy", "gpu_memset", "gpu_user_annotation", "cuda_sync",
               "mtia_ccp_events", "cuda_profiler_range"}
TRACES = ["kineto/compiled_mlp_train.json.gz", "kineto/dlrm_train.json.gz",
          "kineto/resnet50_train.json.gz", "kineto/transformer_train_2streams.json.gz",
          "hta/amd_mi250_rocm62.json.gz", "hta/cupti_profiler_counters.json.gz",
          "hta/mtia_rank0.json.gz", "hta/nccl_distributed_rank.json.gz",
          "hta/sampled_rank-0.json.gz", "hta/sampled_rank-1.json.gz",
          "hta/triton_example.json.gz"]


def ns(value):
    """Microseconds as written (float text) -> exact integer nanoseconds."""
    d = decimal.Decimal(repr(value)) if isinstance(value, float) else decimal.Decimal(value)
    return int((d * 1000).to_integral_value(rounding=decimal.ROUND_HALF_UP))


def load(path):
    # parse_float=str keeps the number's text: float() would lose epoch nanoseconds.
    with gzip.open(path, "rt", encoding="utf-8") as f:
        doc = json.load(f, parse_float=str)
    return doc["traceEvents"] if isinstance(doc, dict) else doc


def reference(events):
    counts = dict(events=0, cpu_ops=0, ranges=0, api_calls=0, kernels=0, memcpys=0, memsets=0, flows=0)
    threads, streams, starts, ends = set(), set(), [], []
    api_correlations, gpu_correlations = set(), []
    flow_phases = {}
    kernels = {}
    for e in events:
        ph, cat = e.get("ph"), e.get("cat")
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
        else:
            threads.add((str(e["pid"]), str(e["tid"])))
        if cat == "cpu_op":
            counts["cpu_ops"] += 1
        elif cat == "user_annotation":
            counts["ranges"] += 1
        elif cat in API:
            counts["api_calls"] += 1
            if args.get("correlation"):
                api_correlations.add(args["correlation"])
        elif cat in GPU_WORK:
            counts[GPU_WORK[cat]] += 1
            if args.get("correlation"):
                gpu_correlations.append(args["correlation"])
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
    total = sum(sum(d) for d in kernels.values())
    rows = []
    for name, durs in kernels.items():
        durs.sort()
        rows.append({
            "Name": name, "Instances": len(durs), "Total Time (ns)": sum(durs),
            "Min (ns)": durs[0], "Max (ns)": durs[-1],
            "Med (ns)": float(statistics.median(durs)),
            "Avg (ns)": sum(durs) / len(durs),
            "StdDev (ns)": statistics.stdev(durs) if len(durs) > 1 else 0.0,
            "Time (%)": 100.0 * sum(durs) / total if total else 0.0,
        })
    rows.sort(key=lambda r: (-r["Total Time (ns)"], r["Name"]))
    return {"counts": counts, "kernels": rows}


def main():
    shared, out = sys.argv[1], sys.argv[2]
    os.makedirs(out, exist_ok=True)
    for rel in TRACES:
        result = reference(load(os.path.join(shared, rel)))
        name = os.path.basename(rel).replace(".json.gz", "")
        with open(os.path.join(out, name + ".json"), "w", encoding="utf-8") as f:
            json.dump(result, f, indent=1, sort_keys=True)
            f.write("\n")
        print(name, result["counts"])


if __name__ == "__main__":
    main()
