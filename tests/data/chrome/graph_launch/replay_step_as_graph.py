#!/usr/bin/env python3
"""Turn one training step of a Kineto trace into a CUDA graph replay.

The shared traces hold no graph launch, so this derives one from a real
recording: every kernel launch call (cudaLaunchKernel, cudaLaunchKernelExC) of
the last ProfilerStep is replaced by one cudaGraphLaunch at the place of the
first, and the step's kernels take its correlation id, as CUDA graph replays
appear in Kineto traces (one runtime call, every node's kernel correlated with
it, "graph node id" on each). Kernel times and names stay as recorded; the CPU
operators that launched the kernels stay too.

usage: replay_step_as_graph.py INPUT(.json|.json.gz) OUTPUT(.json.gz)
"""
import gzip
import json
import sys

LAUNCHES = {"cudaLaunchKernel", "cudaLaunchKernelExC"}


def open_any(path, mode):
    return gzip.open(path, mode + "t", encoding="utf-8") if path.endswith(".gz") else open(path, mode, encoding="utf-8")


def main():
    src, dst = sys.argv[1], sys.argv[2]
    with open_any(src, "r") as f:
        doc = json.load(f)
    events = doc["traceEvents"]
    steps = [e for e in events if e.get("name", "").startswith("ProfilerStep#") and e.get("cat") == "user_annotation"]
    step = max(steps, key=lambda e: e["ts"])
    begin, end = step["ts"], step["ts"] + step["dur"]
    kernels = {e["args"]["correlation"]: e for e in events if e.get("cat") == "kernel" and "correlation" in e.get("args", {})}
    launches = [e for e in events if e.get("cat") == "cuda_runtime" and e.get("name") in LAUNCHES
                and begin <= e["ts"] <= end and e["args"].get("correlation") in kernels]
    launches.sort(key=lambda e: e["ts"])
    first = next(e for e in launches if e["tid"] == step["tid"])
    graph_correlation = first["args"]["correlation"]
    replaced = {e["args"]["correlation"] for e in launches}

    dropped = {id(e) for e in launches if e is not first}
    out = []
    for e in events:
        if id(e) in dropped or (e.get("cat") == "ac2g" and e.get("id") in replaced and e.get("id") != graph_correlation):
            continue
        if e is first:
            e = dict(e, name="cudaGraphLaunch", dur=12.5, args=dict(e["args"], cbid=311))
        out.append(e)
    node = 0
    for e in sorted((k for c, k in kernels.items() if c in replaced), key=lambda k: k["ts"]):
        node += 1
        e["args"]["correlation"] = graph_correlation
        e["args"]["graph id"] = 1
        e["args"]["graph node id"] = node
    doc["traceEvents"] = out
    with open(dst, "wb") as raw, gzip.GzipFile(fileobj=raw, mode="wb", mtime=0) as f:  # same bytes every run
        f.write(json.dumps(doc, separators=(",", ":")).encode("utf-8"))
    print(f"{dst}: cudaGraphLaunch (correlation {graph_correlation}) replaces {len(launches)} launches of {node} kernels")


if __name__ == "__main__":
    main()
