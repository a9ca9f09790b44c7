#!/usr/bin/env python3
"""Cut a Kineto trace down to its first N profiler steps.

    keep_first_steps.py IN.json.gz OUT.json.gz [N=3]

Keeps the top-level keys and every metadata event; of the rest, the CPU
events that start within the first N `ProfilerStep#` ranges, the GPU work
they launched (matched by `correlation`) and the launch flows of that work.
Events keep their fields, times and order.
"""
import gzip
import json
import sys


def main(source, target, steps):
    with gzip.open(source, "rt") as f:
        trace = json.load(f)
    events = trace["traceEvents"]
    step_ranges = sorted((e["ts"], e["ts"] + e["dur"]) for e in events
                         if e.get("ph") == "X" and e.get("name", "").startswith("ProfilerStep#"))
    begin, end = step_ranges[0][0], step_ranges[steps - 1][1]

    def on_gpu(e):
        return e.get("cat") in ("Kernel", "Memcpy", "Memset")

    def kept_on_cpu(e):
        return e.get("cat") not in ("Trace", "async") and not on_gpu(e) and begin <= e.get("ts", -1) <= end

    launched = {e["args"]["correlation"] for e in events
                if kept_on_cpu(e) and "correlation" in e.get("args", {})}
    kept = []
    for e in events:
        if e.get("ph") == "M" or kept_on_cpu(e):
            kept.append(e)
        elif on_gpu(e) and e.get("args", {}).get("correlation") in launched:
            kept.append(e)
        elif e.get("cat") == "async" and e.get("id") in launched:
            kept.append(e)
        elif e.get("cat") == "Trace":  # the profiler's own span, shortened to what is kept
            e = dict(e, ts=begin, dur=end - begin)
            kept.append(e)
    trace["traceEvents"] = kept
    with gzip.open(target, "wt") as f:
        json.dump(trace, f)


if __name__ == "__main__":
    main(sys.argv[1], sys.argv[2], int(sys.argv[3]) if len(sys.argv) > 3 else 3)
