#!/usr/bin/env python3
"""Writes the hand-made rank traces of this folder (see README.md). Deterministic."""
import json
import os

HERE = os.path.dirname(os.path.abspath(__file__))

# Per rank: clock offset (µs), a fraction added to every time (forces HTA's rounding),
# and per step the start of the long AllReduce (µs after the step start) and its duration.
RANKS = {
    0: {"offset": 0, "frac": 0.0, "allreduce": {1: (500, 300), 2: (650, 280)}},
    1: {"offset": 5000, "frac": 0.0, "allreduce": {1: (620, 250), 2: (480, 300)}},
    2: {"offset": 20, "frac": 0.25, "allreduce": {1: (700, 150), 2: (700, 120)}},
}
STEP = 1000


def trace(rank, spec, with_steps=True, with_nccl=True):
    o, f = spec["offset"], spec["frac"]
    ev = []
    corr = 100

    def x(cat, name, pid, tid, ts, dur, **args):
        e = {"ph": "X", "cat": cat, "name": name, "pid": pid, "tid": tid, "ts": ts + o + f, "dur": dur}
        if args:
            e["args"] = args
        ev.append(e)

    for step in (1, 2, 3):
        s = (step - 1) * STEP
        if with_steps:
            x("cpu_op", f"ProfilerStep#{step}", 10, 11, s, STEP - 1)
        x("cpu_op", "aten::add", 10, 11, s + 5, 40)
        for name, stream, at, dur in (
            ("ncclKernel_AllReduce_RING_LL_Sum_float(ncclDevComm*, unsigned long, ncclWork*)", 7,
             *spec["allreduce"].get(step, (600, 100))),
            ("ncclKernel_SendRecv_RING_SIMPLE_Sum_int8_t(ncclDevComm*, unsigned long, ncclWork*)", 9,
             200 + rank, 100),
            # a short one after the long one on the same stream: under 1% of an iteration
            ("ncclKernel_AllReduce_RING_LL_Sum_float(ncclDevComm*, unsigned long, ncclWork*)", 7,
             spec["allreduce"].get(step, (600, 100))[0] + 350, 2),
        ):
            if not with_nccl:
                name = name.replace("ncclKernel_", "allreduce_like_")
            corr += 1
            x("cuda_runtime", "cudaLaunchKernel", 10, 11, s + 10 + corr % 7, 5, correlation=corr)
            x("kernel", name, 0, stream, s + at, dur, stream=stream, correlation=corr, device=0)
    # a kernel launched in step 1 that runs during step 2: iteration 1 by its launch
    corr += 1
    x("cuda_runtime", "cudaLaunchKernel", 10, 11, 900, 5, correlation=corr)
    late = "ncclKernel_AllReduce_RING_LL_Sum_float(ncclDevComm*, unsigned long, ncclWork*)"
    if not with_nccl:
        late = late.replace("ncclKernel_", "allreduce_like_")
    x("kernel", late, 0, 7, 1100 + 10 * rank, 40, stream=7, correlation=corr, device=0)
    meta = [{"ph": "M", "name": "process_name", "pid": 10, "args": {"name": "python"}},
            {"ph": "M", "name": "process_name", "pid": 0, "args": {"name": "GPU 0"}}]
    return {"schemaVersion": 1, "distributedInfo": {"backend": "nccl", "rank": rank, "world_size": 3},
            "traceEvents": meta + ev}


def write(folder, rank, doc):
    os.makedirs(os.path.join(HERE, folder), exist_ok=True)
    with open(os.path.join(HERE, folder, f"rank-{rank}.json"), "w") as fh:
        json.dump(doc, fh, indent=0)


for r, spec in RANKS.items():
    write("three_ranks", r, trace(r, spec))
write("no_steps", 0, trace(0, RANKS[0], with_steps=False))
write("no_steps", 1, trace(1, RANKS[1], with_steps=False))
write("no_nccl", 0, trace(0, RANKS[0], with_nccl=False))
write("no_nccl", 1, trace(1, RANKS[1], with_nccl=False))
